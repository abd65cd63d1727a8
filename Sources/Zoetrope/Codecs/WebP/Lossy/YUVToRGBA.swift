/// libwebp's fixed-point YUV → RGB conversion (BT.601, limited range; `src/dsp/yuv.h`).
///
/// Each term is a "multiply high" `(sample · coefficient) >> 8` with 14-bit coefficients, so the
/// sum carries 6 fractional bits; the result is clamped to 0…255 by looking at the bits above
/// them. Being bit-exact with libwebp needs exactly these constants and this order of rounding.
enum YUVToRGBA {
    @inline(__always) private static func multiplyHigh(_ value: Int, _ coefficient: Int) -> Int {
        (value &* coefficient) >> 8
    }

    /// Drops the 6 fractional bits, clamping to 0…255.
    @inline(__always) private static func clampFixed(_ value: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: min(max(value, 0), 16383) &>> 6)
    }

    @inline(__always) static func red(y: Int, v: Int) -> UInt8 {
        clampFixed(multiplyHigh(y, 19077) &+ multiplyHigh(v, 26149) &- 14234)
    }

    @inline(__always) static func green(y: Int, u: Int, v: Int) -> UInt8 {
        clampFixed(multiplyHigh(y, 19077) &- multiplyHigh(u, 6419) &- multiplyHigh(v, 13320) &+ 8708)
    }

    @inline(__always) static func blue(y: Int, u: Int) -> UInt8 {
        clampFixed(multiplyHigh(y, 19077) &+ multiplyHigh(u, 33050) &- 17685)
    }

    /// Writes one opaque RGBA pixel at `destination` (as one 32-bit store).
    @inline(__always)
    static func store(y: UInt8, u: Int, v: Int, to destination: UnsafeMutablePointer<UInt8>) {
        let luma = Int(y)
        let pixel = UInt32(red(y: luma, v: v)) | UInt32(green(y: luma, u: u, v: v)) &<< 8
            | UInt32(blue(y: luma, u: u)) &<< 16 | 0xff00_0000
        UnsafeMutableRawPointer(destination).storeBytes(of: pixel.littleEndian, as: UInt32.self)
    }
}
