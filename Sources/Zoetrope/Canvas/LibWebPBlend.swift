/// libwebp's blend of one non-premultiplied pixel over another, reproduced exactly.
enum LibWebPBlend {
    /// Blends `count` pixels of `src` (from byte `s`) over `dst` (from byte `d`): alpha 255 copies,
    /// alpha 0 keeps the canvas, anything between uses ``blend(_:_:into:_:)``.
    @inline(__always)
    static func blendRow(_ src: UnsafeBufferPointer<UInt8>, _ s: Int,
                         into dst: UnsafeMutableBufferPointer<UInt8>, _ d: Int, count: Int) {
        var s = s, d = d
        for _ in 0..<count {
            let alpha = src[s + 3]
            if alpha == 255 {
                for channel in 0..<4 { dst[d + channel] = src[s + channel] }
            } else if alpha != 0 {
                blend(src, s, into: dst, d)
            }
            s += 4
            d += 4
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
