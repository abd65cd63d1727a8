/// Chooses each animated WebP frame's rectangle, blending and disposal, one frame at a time,
/// against the canvas libwebp's animation decoder holds (``DecoderCanvas``), so that decoding
/// gives back every input frame exactly.
///
/// For frame `i`, frame `i − 1`'s disposal decides the canvas it is drawn on: kept, or with
/// `i − 1`'s rectangle cleared to transparent. The one that differs from frame `i` in the smaller
/// rectangle (grown to even offsets, as `ANMF` stores them halved) wins, so ``add(_:)`` hands back
/// the previous frame's piece once its disposal is known.
///
/// Blending is used only where it is exact with libwebp's integer blend: when every changed pixel
/// is opaque (copied) and the unchanged ones are made transparent (kept). Otherwise the frame
/// replaces its rectangle. A blended piece carries the frame's rectangle too, so that the encoder can replace the
/// rectangle instead when that codes smaller (``WebPEncoder/encodeChoosingBlend(_:settings:)``).
struct WebPFramePlanner {
    /// One frame as written.
    struct Piece {
        var rect: PixelRect
        /// The pixels to encode; when ``holes`` is set, the frame's own pixels in `rect` (which
        /// replace the canvas's as exactly, and may code smaller than blending).
        var image: RGBAImage
        var blends = false
        var disposesToBackground = false
        /// For a blended piece that may replace instead: a bit per pixel of `rect`, row by row,
        /// for those equal to the canvas, which blending leaves transparent (``blended``). A mask
        /// instead of a second image: pieces wait in the encoder's window, 8 MB each at 1080p.
        var holes: [UInt64]? = nil

        /// `image` with its holes transparent: what a blended piece encodes.
        var blended: RGBAImage {
            guard let holes else { return image }
            var out = image
            unsafe out.withUnsafeMutablePixels { pixels in
                let words = UnsafeMutableRawBufferPointer(pixels)
                for (index, word) in holes.enumerated() where word != 0 {
                    var bits = word
                    while bits != 0 {
                        let pixel = index &* 64 &+ bits.trailingZeroBitCount
                        unsafe words.storeBytes(of: UInt32(0), toByteOffset: pixel &* 4, as: UInt32.self)
                        bits &= bits &- 1
                    }
                }
            }
            return out
        }
    }

    /// The canvas as the frames planned so far leave it.
    private var canvas: DecoderCanvas?
    private var pending: Piece?

    /// Plans `frame` (canvas-sized) and returns the previous frame's finished piece, if any.
    mutating func add(_ frame: RGBAImage) -> Piece? {
        guard var canvas, var finished = pending else {
            var blank = DecoderCanvas(size: frame.size)
            let first = Self.firstPiece(frame)
            blank.draw(in: first.rect, on: blank.shows, leaving: frame)
            (canvas, pending) = (blank, first)
            return nil
        }
        let kept = canvas.canvas(after: .none), cleared = canvas.canvas(after: .background)
        // Only the winner's pieces are cut: at 1080p each is up to two canvases (blended and replacing).
        let keeping = Self.changedRect(base: kept, target: frame)
        let afterClearing = Self.changedRect(base: cleared, target: frame)
        if (afterClearing?.area ?? 1) < (keeping?.area ?? 1) {
            finished.disposesToBackground = true
            let piece = Self.piece(in: afterClearing, base: cleared, target: frame)
            pending = piece
            canvas.draw(in: piece.rect, on: cleared, leaving: frame)
        } else {
            let piece = Self.piece(in: keeping, base: kept, target: frame)
            pending = piece
            canvas.draw(in: piece.rect, on: kept, leaving: frame)
        }
        self.canvas = canvas
        return finished
    }

    /// The last frame's piece, once every frame has been added.
    mutating func finish() -> Piece? {
        defer { pending = nil }
        return pending
    }

    /// The first frame's piece: what differs from the transparent canvas, or the whole canvas when
    /// that piece is opaque and leaves part of the canvas uncovered. The canvas would then show
    /// transparency that no frame's data has, and ImageMagick shows it opaque black (it takes a
    /// frame's alpha from its `VP8L` header); libwebp's encoder always starts with a full frame.
    static func firstPiece(_ frame: RGBAImage) -> Piece {
        let full = PixelRect(x: 0, y: 0, width: frame.width, height: frame.height)
        let blank = RGBAImage(width: frame.width, height: frame.height)
        let piece = piece(in: changedRect(base: blank, target: frame), base: blank, target: frame)
        guard piece.rect != full, piece.image.isOpaque else { return piece }
        return Piece(rect: full, image: frame)
    }

    /// The piece that turns `base` into `target`; a blended one carries its image blended (no
    /// ``Piece/holes``).
    static func piece(base: RGBAImage, target: RGBAImage) -> Piece {
        let piece = piece(in: changedRect(base: base, target: target), base: base, target: target)
        guard piece.holes != nil else { return piece }
        return Piece(rect: piece.rect, image: piece.blended, blends: true)
    }

    /// The rectangle where `target` differs from `base`, grown to even offsets; `nil` when they are equal.
    static func changedRect(base: RGBAImage, target: RGBAImage) -> PixelRect? {
        guard let changed = base.changedRect(to: target) else { return nil }
        let x = changed.x & ~1, y = changed.y & ~1
        return PixelRect(x: x, y: y, width: changed.maxX - x, height: changed.maxY - y)
    }

    /// The piece that turns `base` into `target` in `changed` (from ``changedRect(base:target:)``),
    /// blending through ``Piece/holes`` where it can.
    private static func piece(in changed: PixelRect?, base: RGBAImage, target: RGBAImage) -> Piece {
        guard let rect = changed else {
            // Nothing changed: a 1×1 frame that copies the pixel already there.
            let corner = PixelRect(x: 0, y: 0, width: 1, height: 1)
            return Piece(rect: corner, image: target.cropped(to: corner))
        }
        let image = target.cropped(to: rect)
        guard let holes = holes(rect: rect, base: base, target: target) else { return Piece(rect: rect, image: image) }
        return Piece(rect: rect, image: image, blends: true, holes: holes)
    }

    /// The pixels of `rect` equal in `base` and `target`, a bit each, when every other one is
    /// opaque (blending copies it exactly) and some are equal; `nil` otherwise.
    static func holes(rect: PixelRect, base: RGBAImage, target: RGBAImage) -> [UInt64]? {
        var holes = [UInt64](repeating: 0, count: (rect.area + 63) / 64)
        var unchanged = 0
        let exact: Bool = unsafe base.pixels.withUnsafeBytes { baseBytes in
            unsafe target.pixels.withUnsafeBytes { targetBytes in
                for row in 0 ..< rect.height {
                    for column in 0 ..< rect.width {
                        let offset = ((rect.y + row) * target.width + rect.x + column) * 4
                        let pixel = unsafe targetBytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                        if unsafe pixel == baseBytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self) {
                            let index = row * rect.width + column
                            holes[index >> 6] |= 1 << UInt64(index & 63)
                            unchanged += 1
                        } else if unsafe targetBytes[offset + 3] != 255 {
                            return false
                        }
                    }
                }
                return true
            }
        }
        return exact && unchanged > 0 ? holes : nil
    }
}
