/// Chooses each animated WebP frame's rectangle, blending and disposal, one frame at a time,
/// simulating the canvas libwebp's animation decoder holds, so that decoding gives back every
/// input frame exactly.
///
/// For frame `i`, frame `i − 1`'s disposal decides the canvas it is drawn on: kept, or with
/// `i − 1`'s rectangle cleared to transparent. The one that differs from frame `i` in the smaller
/// rectangle (grown to even offsets, as `ANMF` stores them halved) wins, so ``add(_:)`` hands back
/// the previous frame's piece once its disposal is known.
///
/// Blending is used only where it is exact with libwebp's integer blend: when every changed pixel
/// is opaque (copied) and the unchanged ones are made transparent (kept). Otherwise the frame
/// replaces its rectangle.
struct WebPFramePlanner {
    /// One frame as written.
    struct Piece {
        var rect: PixelRect
        var image: RGBAImage
        var blends = false
        var disposesToBackground = false
    }

    private var previous: RGBAImage?
    private var pending: Piece?

    /// Plans `frame` (canvas-sized) and returns the previous frame's finished piece, if any.
    mutating func add(_ frame: RGBAImage) -> Piece? {
        defer { previous = frame }
        guard let previous, var finished = pending else {
            let blank = RGBAImage(width: frame.width, height: frame.height)
            pending = Self.piece(base: blank, target: frame)
            return nil
        }
        var cleared = previous
        Self.clear(finished.rect, in: &cleared)
        let kept = Self.piece(base: previous, target: frame)
        let afterClearing = Self.piece(base: cleared, target: frame)
        if afterClearing.rect.area < kept.rect.area {
            finished.disposesToBackground = true
            pending = afterClearing
        } else {
            pending = kept
        }
        return finished
    }

    /// The last frame's piece, once every frame has been added.
    mutating func finish() -> Piece? {
        defer { pending = nil }
        return pending
    }

    /// The piece that turns `base` into `target`.
    static func piece(base: RGBAImage, target: RGBAImage) -> Piece {
        guard let changed = APNGFramePlanner.changedRect(from: base, to: target) else {
            // Nothing changed: a 1×1 frame that copies the pixel already there.
            return Piece(rect: PixelRect(x: 0, y: 0, width: 1, height: 1), image: crop(target, PixelRect(x: 0, y: 0, width: 1, height: 1)))
        }
        let x = changed.x & ~1, y = changed.y & ~1
        let rect = PixelRect(x: x, y: y, width: changed.maxX - x, height: changed.maxY - y)
        return blendedPiece(rect: rect, base: base, target: target)
            ?? Piece(rect: rect, image: crop(target, rect))
    }

    /// `target`'s pixels in `rect` with those equal to `base` made transparent, when every other
    /// one is opaque and some are equal; `nil` otherwise.
    static func blendedPiece(rect: PixelRect, base: RGBAImage, target: RGBAImage) -> Piece? {
        var image = RGBAImage(width: rect.width, height: rect.height)
        var unchanged = 0
        let exact: Bool = image.withUnsafeMutablePixels { out in
            base.pixels.withUnsafeBytes { baseBytes in
                target.pixels.withUnsafeBytes { targetBytes in
                    for row in 0 ..< rect.height {
                        for column in 0 ..< rect.width {
                            let offset = ((rect.y + row) * target.width + rect.x + column) * 4
                            let pixel = targetBytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                            if pixel == baseBytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self) {
                                unchanged += 1
                                continue
                            }
                            guard targetBytes[offset + 3] == 255 else { return false }
                            UnsafeMutableRawBufferPointer(out).storeBytes(of: pixel, toByteOffset: (row * rect.width + column) * 4,
                                                                          as: UInt32.self)
                        }
                    }
                    return true
                }
            }
        }
        guard exact, unchanged > 0 else { return nil }
        return Piece(rect: rect, image: image, blends: true)
    }

    /// The pixels of `rect`.
    static func crop(_ image: RGBAImage, _ rect: PixelRect) -> RGBAImage {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(rect.area * 4)
        for y in rect.y ..< rect.maxY {
            let start = (y * image.width + rect.x) * 4
            bytes.append(contentsOf: image.pixels[start ..< start + rect.width * 4])
        }
        return RGBAImage(width: rect.width, height: rect.height, pixels: bytes)
    }

    private static func clear(_ rect: PixelRect, in image: inout RGBAImage) {
        let width = image.width
        image.withUnsafeMutablePixels { pixels in
            for y in rect.y ..< rect.maxY {
                let start = (y * width + rect.x) * 4
                UnsafeMutableBufferPointer(rebasing: pixels[start ..< start + rect.width * 4]).update(repeating: 0)
            }
        }
    }
}
