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
    /// Sixteen pixels at a time in 16-bit lanes (``convert16(luma:u:v:into:)``), the last few one
    /// by one; debug builds take ``convertRowScalar(luma:u:v:into:count:)`` for every pixel.
    static func convertRow(luma: UnsafePointer<UInt8>, u: UnsafePointer<UInt8>, v: UnsafePointer<UInt8>,
                           into output: UnsafeMutablePointer<UInt8>, count: Int) {
        #if DEBUG
        // Unoptimised builds run SIMD code unspecialised, element by element through generic
        // calls (thousands of times slower than optimised), and call every small helper and the
        // generic `min`/`max` of the clamps once per channel: the plain twin instead.
        unsafe convertRowScalar(luma: luma, u: u, v: v, into: output, count: count)
        #else
        let destination = UnsafeMutableRawPointer(output)
        var x = 0
        // The 32-bit lanes hold R, G, B, A in memory order only on little-endian machines.
        #if _endian(little)
        while x &+ 16 <= count {
            unsafe convert16(luma: luma + x, u: u + x, v: v + x, into: destination + x &* 4)
            x &+= 16
        }
        #endif
        while x < count {
            let y = unsafe multiplyHigh(Int32(luma[x]), 19077)
            let cb = unsafe Int32(u[x]), cr = unsafe Int32(v[x])
            let pixel = clampFixed(redFixed(luma: y, v: cr)) | clampFixed(greenFixed(luma: y, u: cb, v: cr)) &<< 8
                | clampFixed(blueFixed(luma: y, u: cb)) &<< 16 | 0xff00_0000
            unsafe destination.storeBytes(of: pixel.littleEndian, toByteOffset: x &* 4, as: UInt32.self)
            x &+= 1
        }
        #endif
    }

    /// ``convertRowScalar(luma:u:v:into:count:)``'s tables, 256 entries each: the luma term
    /// `(Y · 19077) >> 8`, red's V term (with its constant), green's U term, green's V term (with
    /// the constant), blue's U term (with its constant); then the channel of a sum shifted right
    /// by 6 (−320…703, clamped to 0…255: every sum lies within −17685…34237).
    static let twinTables: [Int32] = {
        var tables = [Int32]()
        for i in Int32(0)...255 { tables.append(multiplyHigh(i, 19077)) }
        for i in Int32(0)...255 { tables.append(multiplyHigh(i, 26149) - 14234) }
        for i in Int32(0)...255 { tables.append(-multiplyHigh(i, 6419)) }
        for i in Int32(0)...255 { tables.append(8708 - multiplyHigh(i, 13320)) }
        for i in Int32(0)...255 { tables.append(multiplyHigh(i, 33050) - 17685) }
        for i in Int32(-320)...703 { tables.append(min(max(i, 0), 255)) }
        return tables
    }()

    private typealias Lanes = SIMD16<UInt16>

    /// `(sample · coefficient) >> 8` for samples 0…255 given as `sample · 256` (see
    /// ``timesLaneSize(_:)``): the high half of a 16 × 16-bit product, which optimised builds
    /// compile to one `pmulhuw` per eight lanes on x86-64 (the lane loops are the pattern LLVM
    /// recognises: widen, multiply, shift right by 16, narrow).
    @inline(__always) private static func multiplyHigh(_ scaledSamples: Lanes, _ coefficient: UInt16) -> Lanes {
        var wide = SIMD16<UInt32>()
        for lane in 0 ..< 16 { wide[lane] = UInt32(scaledSamples[lane]) }
        wide = (wide &* UInt32(coefficient)) &>> 16
        var result = Lanes()
        for lane in 0 ..< 16 { result[lane] = UInt16(truncatingIfNeeded: wide[lane]) }
        return result
    }

    /// Each byte times 256 in a 16-bit lane: the byte interleaved above a zero byte (one unpack
    /// instruction per eight lanes), a shuffle that LLVM does not fold into the multiplication
    /// as it folds a shift.
    @inline(__always) private static func timesLaneSize(_ bytes: SIMD16<UInt8>) -> Lanes {
        let z: UInt8 = 0, b = bytes
        return unsafe unsafeBitCast(SIMD32<UInt8>(z, b[0], z, b[1], z, b[2], z, b[3], z, b[4], z, b[5], z, b[6], z, b[7],
                                                  z, b[8], z, b[9], z, b[10], z, b[11], z, b[12], z, b[13], z, b[14], z, b[15]),
                                    to: Lanes.self)
    }

    /// `max(value − amount, 0)` (a saturating subtraction), written as `max(value, amount) −
    /// amount`, which LLVM turns into one `psubusw` per eight lanes (a select of `value − amount`
    /// or zero it turns into a comparison, a mask and the subtraction).
    @inline(__always) private static func subtractingClamped(_ value: Lanes, _ amount: Lanes) -> Lanes {
        value.replacing(with: amount, where: value .< amount) &- amount
    }

    /// The 6 fractional bits dropped and the result clamped to 255 (the value is at least 0).
    ///
    /// `fixed >> 6` is at most 1023, so the clamp can be signed: `x − (max(x, 255) − 255)`, which
    /// compiles to a `pmaxsw` and two subtractions, where `min(x, 255)` written as a select was
    /// merged by LLVM with the shifts that follow into comparisons and masks.
    @inline(__always) private static func channel(_ fixed: Lanes) -> Lanes {
        let shifted = unsafe unsafeBitCast(fixed &>> 6, to: SIMD16<Int16>.self)
        let limit = SIMD16<Int16>(repeating: 255)
        let excess = shifted.replacing(with: limit, where: shifted .< limit) &- limit
        return unsafe unsafeBitCast(shifted &- excess, to: Lanes.self)
    }

    /// Sixteen pixels of ``convertRow(luma:u:v:into:count:)``: the same fixed-point terms as the
    /// scalar path, each sum kept non-negative by subtracting last with saturation (which is the
    /// scalar path's clamp at 0: every partial sum stays below 2¹⁶).
    @inline(__always)
    private static func convert16(luma: UnsafePointer<UInt8>, u: UnsafePointer<UInt8>, v: UnsafePointer<UInt8>,
                                  into output: UnsafeMutableRawPointer) {
        let y = unsafe multiplyHigh(timesLaneSize(UnsafeRawPointer(luma).loadUnaligned(as: SIMD16<UInt8>.self)), 19077)
        let cb = unsafe timesLaneSize(UnsafeRawPointer(u).loadUnaligned(as: SIMD16<UInt8>.self))
        let cr = unsafe timesLaneSize(UnsafeRawPointer(v).loadUnaligned(as: SIMD16<UInt8>.self))
        let red = channel(subtractingClamped(y &+ multiplyHigh(cr, 26149), Lanes(repeating: 14234)))
        let green = channel(subtractingClamped(y &+ Lanes(repeating: 8708), multiplyHigh(cb, 6419) &+ multiplyHigh(cr, 13320)))
        let blue = channel(subtractingClamped(y &+ multiplyHigh(cb, 33050), Lanes(repeating: 17685)))
        // R | G << 8 and B | 0xff << 8 as 16-bit lanes, then the two halves of each pixel's word.
        let redGreen = red | green &<< 8, blueAlpha = blue | Lanes(repeating: 0xff00)
        let pixels = SIMD16<UInt32>(zeroExtending: redGreen) | SIMD16<UInt32>(zeroExtending: blueAlpha) &<< 16
        unsafe output.storeBytes(of: pixels, as: SIMD16<UInt32>.self)
    }
}
