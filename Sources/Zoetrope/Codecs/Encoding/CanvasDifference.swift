/// The pixel operations the encoders' frame planners share: where two canvases differ, a
/// rectangle's pixels, and a rectangle cleared to transparent (what disposing to background does).
extension PixelRect {
    /// The smallest rectangle of a `width` × `height` grid holding every pixel (by row-major index)
    /// for which `isIncluded` is true, or `nil` when none is. `isIncluded` must be pure: each row is
    /// read from the left to its first included pixel and from the right to its last, so a row
    /// that changes costs a few calls rather than one a pixel.
    @inline(__always)
    static func bounding(width: Int, height: Int, where isIncluded: (_ pixel: Int) -> Bool) -> PixelRect? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<height {
            let row = y * width
            var first = 0
            while first < width && !isIncluded(row + first) { first += 1 }
            guard first < width else { continue }
            var last = width - 1
            while last > first && !isIncluded(row + last) { last -= 1 }
            minX = min(minX, first); maxX = max(maxX, last)
            minY = min(minY, y); maxY = y
        }
        guard maxX >= 0 else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}

extension RGBAImage {
    /// The smallest rectangle holding every pixel that differs (in any channel) between this
    /// image and `target` (the same size), or `nil` when none does.
    func changedRect(to target: RGBAImage) -> PixelRect? {
        let width = width, height = height
        return unsafe pixels.withUnsafeBytes { baseBytes in
            unsafe target.pixels.withUnsafeBytes { targetBytes in
                PixelRect.bounding(width: width, height: height) { pixel in
                    unsafe baseBytes.loadUnaligned(fromByteOffset: pixel * 4, as: UInt32.self)
                        != targetBytes.loadUnaligned(fromByteOffset: pixel * 4, as: UInt32.self)
                }
            }
        }
    }

    /// The pixels of `rect` (inside the image).
    func cropped(to rect: PixelRect) -> RGBAImage {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(rect.area * 4)
        for y in rect.y ..< rect.maxY {
            let start = (y * width + rect.x) * 4
            bytes.append(contentsOf: pixels[start ..< start + rect.width * 4])
        }
        return RGBAImage(width: rect.width, height: rect.height, pixels: bytes)
    }

    /// Makes the pixels of `rect` (inside the image) transparent black.
    mutating func clear(_ rect: PixelRect) {
        let width = width
        unsafe withUnsafeMutablePixels { pixels in
            for y in rect.y ..< rect.maxY {
                let start = (y * width + rect.x) * 4
                unsafe UnsafeMutableBufferPointer(rebasing: pixels[start ..< start + rect.width * 4]).update(repeating: 0)
            }
        }
    }
}
