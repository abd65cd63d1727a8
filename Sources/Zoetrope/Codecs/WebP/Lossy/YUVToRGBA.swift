/// libwebp's fixed-point YUV → RGB conversion (BT.601, limited range; `src/dsp/yuv.h`).
///
/// Each term is a "multiply high" `(sample · coefficient) >> 8` with 14-bit coefficients, so the
/// sum carries 6 fractional bits; the result is clamped to 0…255 by looking at the bits above
/// them. Being bit-exact with libwebp needs exactly these constants and this order of rounding.
enum YUVToRGBA {
    @inline(__always) private static func multiplyHigh(_ value: Int32, _ coefficient: Int32) -> Int32 {
        (value &* coefficient) &>> 8
    }

    /// Drops the 6 fractional bits, clamping to 0…255.
    @inline(__always) private static func clampFixed(_ value: Int32) -> UInt32 {
        UInt32(truncatingIfNeeded: min(max(value, 0), 16383) &>> 6)
    }

    /// Red of one pixel (Y, V in 0…255).
    @inline(__always) static func red(y: Int, v: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: clampFixed(redFixed(luma: multiplyHigh(Int32(y), 19077), v: Int32(v))))
    }

    /// Green of one pixel.
    @inline(__always) static func green(y: Int, u: Int, v: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: clampFixed(greenFixed(luma: multiplyHigh(Int32(y), 19077), u: Int32(u), v: Int32(v))))
    }

    /// Blue of one pixel.
    @inline(__always) static func blue(y: Int, u: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: clampFixed(blueFixed(luma: multiplyHigh(Int32(y), 19077), u: Int32(u))))
    }

    @inline(__always) private static func redFixed(luma: Int32, v: Int32) -> Int32 {
        luma &+ multiplyHigh(v, 26149) &- 14234
    }

    @inline(__always) private static func greenFixed(luma: Int32, u: Int32, v: Int32) -> Int32 {
        luma &- multiplyHigh(u, 6419) &- multiplyHigh(v, 13320) &+ 8708
    }

    @inline(__always) private static func blueFixed(luma: Int32, u: Int32) -> Int32 {
        luma &+ multiplyHigh(u, 33050) &- 17685
    }

    /// Converts `count` pixels whose Y, U and V are given at full resolution to opaque RGBA.
    ///
    /// Hot loop over raw pointers, written branch-free (clamps are min/max, one 32-bit store per
    /// pixel) so that the compiler can vectorise it.
    static func convertRow(luma: UnsafePointer<UInt8>, u: UnsafePointer<UInt8>, v: UnsafePointer<UInt8>,
                           into output: UnsafeMutablePointer<UInt8>, count: Int) {
        let destination = UnsafeMutableRawPointer(output)
        for x in 0..<count {
            let y = multiplyHigh(Int32(luma[x]), 19077)
            let cb = Int32(u[x]), cr = Int32(v[x])
            let pixel = clampFixed(redFixed(luma: y, v: cr)) | clampFixed(greenFixed(luma: y, u: cb, v: cr)) &<< 8
                | clampFixed(blueFixed(luma: y, u: cb)) &<< 16 | 0xff00_0000
            destination.storeBytes(of: pixel.littleEndian, toByteOffset: x &* 4, as: UInt32.self)
        }
    }
}
