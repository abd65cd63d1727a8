/// The ordered step of the RGBA encoder: turns each mapped frame (``GIFFrameMapping``) into an
/// indexed frame against the canvas the frames before leave.
///
/// Opaque animations are differenced: every frame after the first covers only the rectangle that
/// changes what is displayed and is not disposed; pinned pixels (whose input did not change) keep
/// what is displayed even when it is an approximation. Whether the rectangle's unchanged pixels
/// are written transparent or with their colour, whichever compresses smaller, is left to the
/// workers (``GIFFramePiece``): the canvas is the same either way. Animations with transparent
/// pixels are differenced too, over the canvas the last frame's disposal leaves
/// (``overTransparency(_:table:transparent:tableCount:)``).
struct GIFFrameMaker {
    private let mapping: GIFFrameMapping
    private var plan: GIFPalettizer.Plan { mapping.plan }
    /// The decoder's canvas after the previous frame of an opaque animation (the others are not
    /// differenced against it).
    private var displayed: DecoderCanvas?
    /// The decoder's canvas of an animation with transparent pixels, the disposal of the last frame
    /// drawn on it, and the index of the next frame.
    private var canvas: DecoderCanvas
    private var lastDisposal = FrameDisposal.none
    private var frameIndex = 0

    init(mapping: GIFFrameMapping, canvasSize: PixelSize) {
        self.mapping = mapping
        canvas = DecoderCanvas(size: mapping.plan.anyTransparency ? canvasSize : PixelSize(width: 0, height: 0))
    }

    /// The frame for `mapped`, the next frame of a `canvasSize` animation.
    mutating func frame(_ mapped: GIFMappedFrame, canvasSize: PixelSize, delay: Duration) -> GIFFramePiece {
        let table = mapped.table, transparent = mapped.transparent
        let indices = mapped.indices ?? mapAgainstCanvas(mapped)
        let tableCount = table.palette.colors.count + (transparent == nil ? 0 : 1)
        var piece: GIFFramePiece
        if plan.anyTransparency, let transparent {
            piece = GIFFramePiece(frame: overTransparency(indices, table: table, transparent: transparent, tableCount: tableCount))
        } else if let displayed {
            piece = difference(indices, mapped: mapped, displayed: displayed, tableCount: tableCount)
        } else {
            let written = lossy(indices, table: table, tableCount: tableCount, shown: nil)
            var frame = GIFEncoder.IndexedFrame(rect: PixelRect(x: 0, y: 0, width: canvasSize.width, height: canvasSize.height),
                                                indices: written, transparentIndex: plan.anyTransparency ? transparent : nil)
            if !plan.anyTransparency {
                var canvas = DecoderCanvas(size: canvasSize)
                canvas.draw(in: frame.rect, after: .none) { GIFFrameDifference.draw(frame, table: table, on: &$0) }
                displayed = canvas
            } else {
                // No transparent entry (a table of 256 colours): the whole frame, cleared after.
                canvas.draw(in: frame.rect, after: lastDisposal) { GIFFrameDifference.draw(frame, table: table, on: &$0) }
                lastDisposal = .background
            }
            frame.disposal = plan.anyTransparency ? 2 : 1
            piece = GIFFramePiece(frame: frame)
        }
        piece.frame.localColorTable = table.isGlobal ? nil : GIFPalettizer.table(table.palette, transparent: transparent != nil)
        piece.frame.delayCentiseconds = GIFPalettizer.centiseconds(delay)
        frameIndex += 1
        return piece
    }

    /// A frame of an opaque animation after the first, over `displayed`: the rectangle of the
    /// pixels it changes; without lossy LZW the choice of how to write the rectangle's unchanged
    /// pixels is left to the piece (a worker).
    private mutating func difference(_ indices: [UInt8], mapped: GIFMappedFrame, displayed: DecoderCanvas,
                                     tableCount: Int) -> GIFFramePiece {
        var displayed = displayed, indices = indices
        let shows = displayed.shows, table = mapped.table
        if let source = mapped.source, let transparent = mapped.transparent {
            Self.refresh(&indices, source: source, shows: shows, table: table, pinnedIndex: transparent)
        }
        var piece: GIFFramePiece
        if plan.options.lossy > 0 {
            var frame = GIFFrameDifference.frame(indices, table: table, transparent: mapped.transparent, pinned: mapped.pinned,
                                                 displayed: shows)
            frame.indices = lossy(frame.indices, table: table, tableCount: tableCount,
                                  shown: frame.transparentIndex.map { ($0, Self.colors(shows, in: frame.rect)) })
            displayed.draw(in: frame.rect, after: .none) { GIFFrameDifference.draw(frame, table: table, on: &$0) }
            piece = GIFFramePiece(frame: frame)
        } else {
            let rect = GIFFrameDifference.rect(indices, table: table, transparent: mapped.transparent, pinned: mapped.pinned,
                                               displayed: shows)
            displayed.draw(in: rect, after: .none) { GIFFrameDifference.draw(indices, in: rect, table: table, on: &$0) }
            piece = GIFFramePiece(frame: GIFEncoder.IndexedFrame(rect: rect, indices: []),
                                  difference: GIFFramePiece.Difference(indices: indices, table: table, transparent: mapped.transparent,
                                                                       pinned: mapped.pinned, displayed: shows))
        }
        self.displayed = displayed
        piece.frame.disposal = 1
        return piece
    }

    /// Unpins the pixels of an exactly coloured frame that show an approximation of their input
    /// (left by an earlier quantised frame) when the table has their exact colour, so exact frames
    /// repair what quantised ones left.
    private static func refresh(_ indices: inout [UInt8], source: RGBAImage, shows: RGBAImage, table: GIFFramePalette,
                                pinnedIndex: UInt8) {
        for pixel in indices.indices where indices[pixel] == pinnedIndex {
            let wanted = rgb(source, pixel)
            if wanted != rgb(shows, pixel), let index = table.indexOfColor[wanted] { indices[pixel] = index }
        }
    }

    /// The indices of a frame ``GIFFrameMapping`` left to map here: error diffusion that carries
    /// the error of the colour each pinned pixel shows on the canvas.
    private func mapAgainstCanvas(_ mapped: GIFMappedFrame) -> [UInt8] {
        let transparent = mapped.transparent ?? 0
        var special = PaletteMapper.Special(transparentIndex: transparent, pinnedIndex: transparent)
        if let deferred = mapped.deferred, let shows = displayed?.shows {
            let (image, previous) = deferred
            special.pinned = { pixel in Self.rgb(image, pixel) == Self.rgb(previous, pixel) ? Self.color(shows, pixel) : nil }
            return mapping.map(image, table: mapped.table, special: special)
        }
        return [] // not reached: a frame is deferred only when pinned, which needs a frame before it
    }
    /// A frame of an animation with transparent pixels, drawn over the canvas the last frame's
    /// disposal leaves: the bounding box of the pixels it changes there (pixels it keeps are
    /// transparent), widened to the pixels the next frame clears (``GIFPalettizer/Plan/clears``),
    /// in which case it is disposed to background. Every pixel this frame leaves transparent is
    /// transparent on that canvas already: the frame before cleared it, or never drew it.
    private mutating func overTransparency(_ indices: [UInt8], table: GIFFramePalette, transparent: UInt8,
                                           tableCount: Int) -> GIFEncoder.IndexedFrame {
        let clears = frameIndex < plan.clears.count ? plan.clears[frameIndex] : nil
        let base = canvas.canvas(after: lastDisposal), colors = table.palette.colors
        let keeps: (Int) -> Bool = { pixel in
            let index = indices[pixel]
            return index == transparent
                || (base[byte: pixel * 4 + 3] == 255 && colors[Int(index)].packed == GIFFrameMaker.rgb(base, pixel))
        }
        let changed = PixelRect.bounding(width: base.width, height: base.height) { !keeps($0) }
        let rect = Self.union(changed, clears) ?? PixelRect(x: 0, y: 0, width: min(1, base.width), height: min(1, base.height))
        var written: [UInt8] = []
        written.reserveCapacity(rect.width * rect.height)
        for y in rect.y..<rect.y + rect.height {
            for x in rect.x..<rect.x + rect.width {
                let pixel = y * base.width + x
                written.append(keeps(pixel) ? transparent : indices[pixel])
            }
        }
        var frame = GIFEncoder.IndexedFrame(rect: rect, indices: written, transparentIndex: transparent)
        frame.indices = lossy(frame.indices, table: table, tableCount: tableCount, shown: (transparent, Self.colors(base, in: rect)))
        frame.disposal = clears == nil ? 1 : 2
        canvas.draw(in: rect, after: lastDisposal) { GIFFrameDifference.draw(frame, table: table, on: &$0) }
        lastDisposal = clears == nil ? .none : .background
        return frame
    }

    private static func union(_ a: PixelRect?, _ b: PixelRect?) -> PixelRect? {
        guard let a else { return b }
        guard let b else { return a }
        let x = min(a.x, b.x), y = min(a.y, b.y)
        return PixelRect(x: x, y: y, width: max(a.x + a.width, b.x + b.width) - x, height: max(a.y + a.height, b.y + b.height) - y)
    }

    /// `indices` rewritten by lossy LZW when the options ask for it; `shown` is the transparent
    /// index of a differenced frame and the colours it keeps in the frame's rectangle.
    private func lossy(_ indices: [UInt8], table: GIFFramePalette, tableCount: Int, shown: (UInt8, [RGBColor?])?) -> [UInt8] {
        let level = min(200, plan.options.lossy) // a public var: clamp again
        guard level > 0 else { return indices }
        let codeSize = max(2, Int.bitWidth - (max(2, tableCount) - 1).leadingZeroBitCount)
        var pass = LossyLZW(colors: table.palette.colors, distance: level / 3, minimumCodeSize: codeSize,
                            transparent: shown?.0, shown: shown?.1)
        return pass.rewrite(indices)
    }

    /// The colours of `image` in `rect`, row by row (`nil` for transparent pixels).
    static func colors(_ image: RGBAImage, in rect: PixelRect) -> [RGBColor?] {
        var colors: [RGBColor?] = []
        colors.reserveCapacity(rect.width * rect.height)
        for y in rect.y..<rect.y + rect.height {
            for x in rect.x..<rect.x + rect.width {
                let pixel = y * image.width + x
                colors.append(image[byte: pixel * 4 + 3] == 255 ? color(image, pixel) : nil)
            }
        }
        return colors
    }

    @inline(__always)
    static func rgb(_ image: RGBAImage, _ pixel: Int) -> UInt32 {
        let offset = pixel * 4
        return UInt32(image[byte: offset]) << 16 | UInt32(image[byte: offset + 1]) << 8 | UInt32(image[byte: offset + 2])
    }

    @inline(__always)
    static func color(_ image: RGBAImage, _ pixel: Int) -> RGBColor {
        let offset = pixel * 4
        return RGBColor(red: image[byte: offset], green: image[byte: offset + 1], blue: image[byte: offset + 2])
    }
}
