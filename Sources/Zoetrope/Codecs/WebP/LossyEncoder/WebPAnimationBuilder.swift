/// Builds the frames of a lossy or mixed animated WebP one at a time.
///
/// Each frame is coded against the canvas a decoder holds, tracked as the input pixels it shows
/// (so tolerated lossy differences never add up). The previous frame's disposal decides which
/// canvas: kept, or with its rectangle cleared; the one with the smaller change wins (both are
/// coded and the smaller kept with ``WebPEncoder/Options/minimizesSize``). A frame is coded lossy
/// (``WebPLossyPieces``: tolerant rectangle, similar blocks as transparent holes, blended with
/// the loop filter off) or, in mixed mode, also lossless (``WebPFramePlanner``'s exact piece),
/// and the smaller is kept. Within ``WebPEncoder/Options/keyFrameDistance`` frames become key
/// frames (the whole canvas, not blended): always at its upper bound, from its lower bound on
/// when the frame changes nearly everything anyway.
struct WebPAnimationBuilder {
    /// One coded frame.
    struct Frame {
        var rect: PixelRect
        /// The image chunks of the `ANMF` payload (`VP8L`, or `ALPH` and `VP8 `).
        var chunks: [UInt8]
        var blends: Bool
        var hasAlpha: Bool
        var disposesToBackground = false
    }

    let options: WebPEncoder.Options
    private let pieces: WebPLossyPieces
    private var shown: RGBAImage?
    private var pending: Frame?
    private var sinceKeyFrame = 0

    init(options: WebPEncoder.Options) {
        self.options = options
        pieces = WebPLossyPieces(quality: options.quality)
    }

    /// Codes `frame` (canvas-sized) and returns the previous frame, now that its disposal is known.
    mutating func add(_ frame: RGBAImage) -> Frame? {
        guard let shown, var finished = pending else {
            // The first frame covers the whole canvas, as libwebp writes it: a canvas no frame
            // writes shows a transparency that no frame's data has, which some decoders miss.
            let blank = RGBAImage(width: frame.width, height: frame.height)
            let (first, canvas) = code(base: blank, target: frame, allowsBlending: false, wholeCanvas: true)
            self.shown = canvas
            pending = first
            return nil
        }
        sinceKeyFrame += 1
        var cleared = shown
        cleared.clear(finished.rect)
        if let distance = options.keyFrameDistance, sinceKeyFrame >= distance.upperBound {
            startKeyFrame(frame)
            return finished
        }
        let kept = code(base: shown, target: frame, allowsBlending: true)
        var chosen = kept
        if options.minimizesSize || !isSmaller(kept, than: shown, cleared: cleared, target: frame) {
            let afterClearing = code(base: cleared, target: frame, allowsBlending: true)
            if afterClearing.frame.chunks.count < kept.frame.chunks.count {
                finished.disposesToBackground = true
                chosen = afterClearing
            }
        }
        if let distance = options.keyFrameDistance, sinceKeyFrame >= distance.lowerBound,
           chosen.frame.rect.area * 8 >= frame.width * frame.height * 7 {
            startKeyFrame(frame)
            finished.disposesToBackground = false
            return finished
        }
        self.shown = chosen.canvas
        pending = chosen.frame
        return finished
    }

    /// The last frame, once every frame has been added.
    mutating func finish() -> Frame? {
        defer { pending = nil }
        return pending
    }

    /// Whether keeping the canvas changes a smaller area than clearing the previous rectangle,
    /// judged by the exact change (cheap) unless the choice is made by coded size.
    private func isSmaller(_ kept: (frame: Frame, canvas: RGBAImage), than shown: RGBAImage, cleared: RGBAImage,
                           target: RGBAImage) -> Bool {
        let keptArea = shown.changedRect(to: target)?.area ?? 0
        let clearedArea = cleared.changedRect(to: target)?.area ?? 0
        return keptArea <= clearedArea
    }

    private mutating func startKeyFrame(_ frame: RGBAImage) {
        sinceKeyFrame = 0
        let (key, canvas) = code(base: RGBAImage(width: frame.width, height: frame.height), target: frame, allowsBlending: false,
                                 wholeCanvas: true)
        shown = canvas
        pending = key
    }
}

extension WebPAnimationBuilder {
    /// Codes the change from `base` to `target` in each compression the options allow and keeps
    /// the smallest; returns it with the canvas it leaves (as input pixels).
    func code(base: RGBAImage, target: RGBAImage, allowsBlending: Bool, wholeCanvas: Bool = false) -> (frame: Frame, canvas: RGBAImage) {
        let whole = PixelRect(x: 0, y: 0, width: target.width, height: target.height)
        var lossy = wholeCanvas ? WebPFramePlanner.Piece(rect: whole, image: target) : pieces.piece(base: base, target: target)
        if !allowsBlending && lossy.blends {
            lossy = WebPFramePlanner.Piece(rect: lossy.rect, image: target.cropped(to: lossy.rect))
        }
        var best = (frame: codeLossy(lossy), canvas: Self.draw(lossy, of: target, on: base))
        if options.compression == .mixed {
            var exact = wholeCanvas ? WebPFramePlanner.Piece(rect: whole, image: target) : WebPFramePlanner.piece(base: base, target: target)
            if !allowsBlending && exact.blends {
                exact = WebPFramePlanner.Piece(rect: exact.rect, image: target.cropped(to: exact.rect))
            }
            let lossless = codeLossless(exact)
            if lossless.chunks.count < best.frame.chunks.count { best = (lossless, Self.draw(exact, of: target, on: base)) }
        }
        return best
    }

    private func codeLossy(_ piece: WebPFramePlanner.Piece) -> Frame {
        var settings = options.lossySettings
        // Holes blended over the canvas must not be smoothed into their surroundings.
        if piece.blends { settings.filterStrength = 0 }
        let (chunks, hasAlpha) = WebPLossyWriter.imageChunks(piece.image, settings: settings, alphaQuality: options.alphaQuality)
        return Frame(rect: piece.rect, chunks: chunks, blends: piece.blends, hasAlpha: hasAlpha)
    }

    private func codeLossless(_ piece: WebPFramePlanner.Piece) -> Frame {
        var settings = VP8LEncoderSettings(level: options.level)
        settings.transparentColorIsFree = piece.blends
        let payload = VP8LEncoder.encode(piece.image, settings: settings)
        return Frame(rect: piece.rect, chunks: WebPFileWriter.chunk(RIFFChunk.vp8l, payload), blends: piece.blends,
                     hasAlpha: !piece.image.isOpaque)
    }

    /// The canvas (as input pixels) after `piece` of `target` is drawn on `base`: the target's
    /// pixels in the rectangle, except blended holes, which keep what was shown.
    static func draw(_ piece: WebPFramePlanner.Piece, of target: RGBAImage, on base: RGBAImage) -> RGBAImage {
        var canvas = base
        let rect = piece.rect
        for y in 0..<rect.height {
            for x in 0..<rect.width where !piece.blends || piece.image[x, y].a != 0 {
                canvas[rect.x + x, rect.y + y] = target[rect.x + x, rect.y + y]
            }
        }
        return canvas
    }
}
