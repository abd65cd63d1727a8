/// libwebp's blend of one non-premultiplied pixel over another, reproduced exactly.
enum LibWebPBlend {
    /// Blends `count` pixels of `src` (from byte `s`) over `dst` (from byte `d`): alpha 255 copies,
    /// alpha 0 keeps the canvas, anything between uses ``blend(_:_:into:_:)``.
    ///
    /// Runs of opaque pixels (most of a typical frame) are found first and copied in one
    /// `memmove`-like copy; the scan and the per-pixel cases stay in one loop so that it is a
    /// single pass over the row.
    @inline(__always)
    static func blendRow(_ src: UnsafeBufferPointer<UInt8>, _ s: Int,
                         into dst: UnsafeMutableBufferPointer<UInt8>, _ d: Int, count: Int) {
        guard count > 0 else { return }
        precondition(s >= 0 && d >= 0 && s + count * 4 <= src.count && d + count * 4 <= dst.count)
        let source = src.baseAddress! + s, target = dst.baseAddress! + d
        var pixel = 0
        while pixel < count {
            var runEnd = pixel
            while runEnd < count, source[runEnd * 4 + 3] == 255 { runEnd += 1 }
            if runEnd > pixel {
                UnsafeMutableRawPointer(target + pixel * 4)
                    .copyMemory(from: source + pixel * 4, byteCount: (runEnd - pixel) * 4)
                pixel = runEnd
                continue
            }
            if source[pixel * 4 + 3] != 0 { blend(src, s + pixel * 4, into: dst, d + pixel * 4) }
            pixel += 1
        }
    }

    /// The integer arithmetic of libwebp's `BlendPixelNonPremult`: the canvas alpha is scaled by
    /// `(256 − srcAlpha) >> 8` (an approximation of `/ 255`), and each channel is divided by the
    /// result alpha through a 24-bit reciprocal. It can differ by one from exact rounding, so it is
    /// used only where libwebp's output is the reference.
    @inline(__always)
    static func blend(_ src: UnsafeBufferPointer<UInt8>, _ s: Int, into dst: UnsafeMutableBufferPointer<UInt8>, _ d: Int) {
        let srcAlpha = UInt32(src[s + 3])
        let dstAlpha = UInt32(dst[d + 3])
        let dstFactor = (dstAlpha * (256 - srcAlpha)) >> 8
        let blendAlpha = srcAlpha + dstFactor // at most 255: srcAlpha + (255 - srcAlpha)·255/256
        let scale = (UInt32(1) << 24) / blendAlpha
        for channel in 0..<3 {
            let unscaled = UInt32(src[s + channel]) * srcAlpha + UInt32(dst[d + channel]) * dstFactor
            dst[d + channel] = UInt8(truncatingIfNeeded: (unscaled &* scale) >> 24)
        }
        dst[d + 3] = UInt8(truncatingIfNeeded: blendAlpha)
    }
}
