/// The VP8 inverse transforms (RFC 6386 section 14): the 4×4 inverse DCT that adds a residual to a
/// predicted block, and the inverse Walsh–Hadamard transform that spreads the second-order luma DC.
///
/// Coefficients are 16-bit like libwebp's; the arithmetic wraps rather than traps on hostile
/// coefficients, and results that libwebp would store into 16 bits are truncated the same way.
/// Which arithmetic each block gets follows libwebp on x86 (``VP8MacroblockDecoder`` chooses).
enum VP8Transform {
    /// Row stride of the block buffers the transforms write into (libwebp's `BPS`).
    static let stride = 32

    private typealias Quad = SIMD4<Int32>

    // x·√2·cos(π/8) and x·√2·sin(π/8) in libwebp's 16-bit fixed point (20091 = (√2·cos(π/8) − 1)·2¹⁶).
    @inline(__always) private static func multiplyBySqrt2Cos(_ a: Quad) -> Quad { ((a &* 20091) &>> 16) &+ a }
    @inline(__always) private static func multiplyBySqrt2Sin(_ a: Quad) -> Quad { (a &* 35468) &>> 16 }

    /// One 1-D pass on four lanes at once: inputs are the DC, first, second and third frequency,
    /// outputs the four samples.
    @inline(__always)
    private static func transform1D(_ i0: Quad, _ i1: Quad, _ i2: Quad, _ i3: Quad) -> (Quad, Quad, Quad, Quad) {
        let a = i0 &+ i2
        let b = i0 &- i2
        let c = multiplyBySqrt2Sin(i1) &- multiplyBySqrt2Cos(i3)
        let d = multiplyBySqrt2Cos(i1) &+ multiplyBySqrt2Sin(i3)
        return (a &+ d, b &+ c, b &- c, a &- d)
    }

    /// Swaps rows and columns of a 4×4 block held as four row vectors.
    @inline(__always)
    private static func transpose(_ r0: Quad, _ r1: Quad, _ r2: Quad, _ r3: Quad) -> (Quad, Quad, Quad, Quad) {
        (Quad(r0[0], r1[0], r2[0], r3[0]), Quad(r0[1], r1[1], r2[1], r3[1]),
         Quad(r0[2], r1[2], r2[2], r3[2]), Quad(r0[3], r1[3], r2[3], r3[3]))
    }

    /// Adds the inverse DCT of the 16 coefficients at `input` (row-major) to the 4×4 block at `output`,
    /// with libwebp's 32-bit arithmetic (its C transforms: the full one and the three-coefficient
    /// one it uses for luma blocks whose last coefficient is at most the third in zigzag order).
    static func addInverseDCT(_ input: UnsafePointer<Int16>, to output: UnsafeMutablePointer<UInt8>) {
        unsafe addInverseDCT(input, to: output, wraps16Bits: false)
    }

    /// The same with libwebp's x86 arithmetic (its SSE2 transform, which dwebp runs for the other
    /// blocks): 16-bit lanes, so sums past ±32767 wrap. Streams an encoder writes never get there
    /// and both give the same pixels; on hostile coefficients this is what libwebp shows.
    static func addInverseDCT16(_ input: UnsafePointer<Int16>, to output: UnsafeMutablePointer<UInt8>) {
        #if DEBUG
        // Unoptimised builds run SIMD code lane by lane through generic calls: the scalar twin.
        unsafe addInverseDCT16Scalar(input, to: output)
        #else
        unsafe addInverseDCT16Lanes(input, to: output, pair: false)
        #endif
    }

    /// ``addInverseDCT16(_:to:)`` on two horizontally adjacent blocks at once: coefficients at
    /// `input` and `input + 16`, pixels at `output` and `output + 4` (libwebp's `TransformTwo`).
    static func addInverseDCT16Pair(_ input: UnsafePointer<Int16>, to output: UnsafeMutablePointer<UInt8>) {
        #if DEBUG
        unsafe addInverseDCT16Scalar(input, to: output)
        unsafe addInverseDCT16Scalar(input + 16, to: output + 4)
        #else
        unsafe addInverseDCT16Lanes(input, to: output, pair: true)
        #endif
    }

    /// Keeps the low 16 bits of each lane, sign-extended: what a 16-bit lane holds.
    @inline(__always) private static func wrapped16(_ a: Quad) -> Quad { (a &<< 16) &>> 16 }

    /// Vertical pass with one lane per column, transpose, horizontal pass with one lane per row
    /// (+4 rounds the final >> 3), transpose back and add to the pixels. Wrapping operators keep
    /// hostile coefficients from trapping. In 16-bit mode the values that enter a multiplication
    /// or the final shift are first reduced to 16 bits: everything else is addition, where
    /// reducing once at the end is the same as wrapping at every step.
    @inline(__always)
    private static func addInverseDCT(_ input: UnsafePointer<Int16>, to output: UnsafeMutablePointer<UInt8>, wraps16Bits: Bool) {
        let coefficients = unsafe UnsafeRawPointer(input)
        @inline(__always) func inputRow(_ i: Int) -> Quad {
            unsafe Quad(truncatingIfNeeded: coefficients.loadUnaligned(fromByteOffset: i * 8, as: SIMD4<Int16>.self))
        }
        let vertical = transform1D(inputRow(0), inputRow(1), inputRow(2), inputRow(3))
        var columns = transpose(vertical.0, vertical.1, vertical.2, vertical.3)
        if wraps16Bits { columns = (wrapped16(columns.0), wrapped16(columns.1), wrapped16(columns.2), wrapped16(columns.3)) }
        var horizontal = transform1D(columns.0 &+ 4, columns.1, columns.2, columns.3)
        if wraps16Bits {
            horizontal = (wrapped16(horizontal.0), wrapped16(horizontal.1), wrapped16(horizontal.2), wrapped16(horizontal.3))
        }
        let residual = transpose(horizontal.0 &>> 3, horizontal.1 &>> 3, horizontal.2 &>> 3, horizontal.3 &>> 3)
        @inline(__always) func addRow(_ r: Int, _ values: Quad) {
            let pixels = unsafe UnsafeMutableRawPointer(output + r &* stride)
            let sum = unsafe Quad(truncatingIfNeeded: pixels.loadUnaligned(as: SIMD4<UInt8>.self)) &+ values
            let clamped = sum.replacing(with: 0, where: sum .< 0).replacing(with: 255, where: sum .> 255)
            unsafe pixels.storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: clamped), as: SIMD4<UInt8>.self)
        }
        addRow(0, residual.0)
        addRow(1, residual.1)
        addRow(2, residual.2)
        addRow(3, residual.3)
    }

    /// The inverse DCT when only the DC coefficient is non-zero: one value added to all 16 pixels.
    static func addInverseDC(_ dc: Int16, to output: UnsafeMutablePointer<UInt8>) {
        #if DEBUG
        unsafe addInverseDCScalar(dc, to: output)
        #else
        let value = Lanes(repeating: Int16(truncatingIfNeeded: (Int32(dc) &+ 4) &>> 3))
        for row in 0..<4 { unsafe addClamped(value, to: output + row &* stride, pair: false) }
        #endif
    }

    /// ``addInverseDC(_:to:)`` on two horizontally adjacent blocks (pixels at `output` and `output + 4`).
    static func addInverseDCPair(_ first: Int16, _ second: Int16, to output: UnsafeMutablePointer<UInt8>) {
        #if DEBUG
        unsafe addInverseDCScalar(first, to: output)
        unsafe addInverseDCScalar(second, to: output + 4)
        #else
        unsafe addInverseDCPairLanes(first, second, to: output)
        #endif
    }

    /// libwebp's three-coefficient transform (its C `TransformAC3`, 32-bit arithmetic) for blocks
    /// whose only non-zero coefficients are 0, 1 and 4 (the first three in zigzag order): the same
    /// pixels as ``addInverseDCT(_:to:)`` on such blocks.
    static func addInverseAC3(_ input: UnsafePointer<Int16>, to output: UnsafeMutablePointer<UInt8>) {
        #if DEBUG
        unsafe addInverseAC3Scalar(input, to: output)
        #else
        unsafe addInverseAC3Lanes(input, to: output)
        #endif
    }

    /// Inverse WHT of the 16 second-order coefficients at `input`; result `i` becomes the DC
    /// (element 0) of luma block `i`, so outputs land 16 elements apart.
    static func inverseWHT(_ input: UnsafePointer<Int16>, into output: UnsafeMutablePointer<Int16>) {
        unsafe withUnsafeTemporaryAllocation(of: Int.self, capacity: 16) { temp in
            for i in 0..<4 {
                let a0 = unsafe Int(input[i]) &+ Int(input[12 + i])
                let a1 = unsafe Int(input[4 + i]) &+ Int(input[8 + i])
                let a2 = unsafe Int(input[4 + i]) &- Int(input[8 + i])
                let a3 = unsafe Int(input[i]) &- Int(input[12 + i])
                unsafe temp[i] = a0 &+ a1
                unsafe temp[8 + i] = a0 &- a1
                unsafe temp[4 + i] = a3 &+ a2
                unsafe temp[12 + i] = a3 &- a2
            }
            for i in 0..<4 {
                let dc = unsafe temp[4 * i] &+ 3 // rounds the final >> 3
                let a0 = unsafe dc &+ temp[4 * i + 3]
                let a1 = unsafe temp[4 * i + 1] &+ temp[4 * i + 2]
                let a2 = unsafe temp[4 * i + 1] &- temp[4 * i + 2]
                let a3 = unsafe dc &- temp[4 * i + 3]
                unsafe output[64 * i] = Int16(truncatingIfNeeded: (a0 &+ a1) >> 3)
                unsafe output[64 * i + 16] = Int16(truncatingIfNeeded: (a3 &+ a2) >> 3)
                unsafe output[64 * i + 32] = Int16(truncatingIfNeeded: (a0 &- a1) >> 3)
                unsafe output[64 * i + 48] = Int16(truncatingIfNeeded: (a3 &- a2) >> 3)
            }
        }
    }
}
