/// The inverse DCT in 16-bit lanes, two 4×4 blocks side by side (one block in the low four lanes
/// of each row vector, the next one in the high four), and the DC-only and three-coefficient
/// transforms in lanes; with scalar twins for debug builds and for the tests.
///
/// The lane code is written so that x86-64's baseline compiles it to SSE2's 16-bit instructions:
/// `(x · k) >> 16` as a lane loop becomes `pmulhw` (with k = 35468 − 2¹⁶ and x added back, as
/// libwebp does, since 35468 does not fit a signed 16-bit lane), each transpose step is one
/// unpack instruction (the steps are written at 16-, 32- and 64-bit lane widths so the optimiser
/// does not merge them into one shuffle the code generator takes apart lane by lane), and the
/// final clamp is `packuswb`.
extension VP8Transform {
    typealias Lanes = SIMD8<Int16>

    /// `(a · k) >> 16` in each lane, for a constant `k` that fits 16 bits (`pmulhw`).
    @inline(__always) private static func multiplyHigh(_ a: Lanes, _ k: Int32) -> Lanes {
        var result = Lanes()
        for lane in 0..<8 { result[lane] = Int16(truncatingIfNeeded: (Int32(a[lane]) &* k) &>> 16) }
        return result
    }

    /// libwebp's `MUL1`, `((a · 20091) >> 16) + a`, and `MUL2`, `(a · 35468) >> 16`, wrapping in 16 bits.
    @inline(__always) private static func multiplyBySqrt2Cos(_ a: Lanes) -> Lanes { multiplyHigh(a, 20091) &+ a }
    @inline(__always) private static func multiplyBySqrt2Sin(_ a: Lanes) -> Lanes { multiplyHigh(a, 35468 - 65536) &+ a }

    @inline(__always)
    private static func transform1D(_ i0: Lanes, _ i1: Lanes, _ i2: Lanes, _ i3: Lanes) -> (Lanes, Lanes, Lanes, Lanes) {
        let a = i0 &+ i2, b = i0 &- i2
        let c = multiplyBySqrt2Sin(i1) &- multiplyBySqrt2Cos(i3)
        let d = multiplyBySqrt2Cos(i1) &+ multiplyBySqrt2Sin(i3)
        return (a &+ d, b &+ c, b &- c, a &- d)
    }

    /// Transposes the two 4×4 blocks held in four row vectors (each block on its own half).
    @inline(__always)
    private static func transpose(_ r0: Lanes, _ r1: Lanes, _ r2: Lanes, _ r3: Lanes) -> (Lanes, Lanes, Lanes, Lanes) {
        typealias I = SIMDInterleave
        let a0 = I.low16(r0, r1), a1 = I.low16(r2, r3), a2 = I.high16(r0, r1), a3 = I.high16(r2, r3)
        let b0 = I.low32(a0, a1), b1 = I.low32(a2, a3), b2 = I.high32(a0, a1), b3 = I.high32(a2, a3)
        return (I.low64(b0, b1), I.high64(b0, b1), I.low64(b2, b3), I.high64(b2, b3))
    }

    /// Adds `residual` to the row of 8 pixels (4 when `pair` is false) at `row`, clamping to 0…255.
    @inline(__always)
    static func addClamped(_ residual: Lanes, to row: UnsafeMutablePointer<UInt8>, pair: Bool) {
        let pixels = UnsafeMutableRawPointer(row)
        var wide = Lanes()
        if pair {
            let bytes = unsafe pixels.loadUnaligned(as: SIMD8<UInt8>.self)
            for lane in 0..<8 { wide[lane] = Int16(bytes[lane]) }
        } else {
            let bytes = unsafe pixels.loadUnaligned(as: SIMD4<UInt8>.self)
            for lane in 0..<4 { wide[lane] = Int16(bytes[lane]) }
        }
        let sum = (wide &+ residual).clamped(lowerBound: .zero, upperBound: Lanes(repeating: 255))
        var out = SIMD8<UInt8>()
        for lane in 0..<8 { out[lane] = UInt8(truncatingIfNeeded: sum[lane]) }
        if pair {
            unsafe pixels.storeBytes(of: out, as: SIMD8<UInt8>.self)
        } else {
            unsafe pixels.storeBytes(of: out.lowHalf, as: SIMD4<UInt8>.self)
        }
    }

    /// The 16-bit inverse DCT of one block (`pair` false: the high lanes carry zeros and are not
    /// stored) or of two adjacent blocks (coefficients 16 apart, pixels 4 apart): vertical pass
    /// with a lane per column, transpose, horizontal pass (+4 rounds the final >> 3), transpose
    /// back, add to the pixels.
    @inline(__always)
    static func addInverseDCT16Lanes(_ input: UnsafePointer<Int16>, to output: UnsafeMutablePointer<UInt8>, pair: Bool) {
        let coefficients = unsafe UnsafeRawPointer(input)
        @inline(__always) func inputRow(_ i: Int) -> Lanes {
            let first = unsafe coefficients.loadUnaligned(fromByteOffset: i &* 8, as: SIMD4<Int16>.self)
            let second = unsafe pair ? coefficients.loadUnaligned(fromByteOffset: 32 &+ i &* 8, as: SIMD4<Int16>.self) : .zero
            return Lanes(lowHalf: first, highHalf: second)
        }
        let vertical = transform1D(inputRow(0), inputRow(1), inputRow(2), inputRow(3))
        let columns = transpose(vertical.0, vertical.1, vertical.2, vertical.3)
        let horizontal = transform1D(columns.0 &+ 4, columns.1, columns.2, columns.3)
        let residual = transpose(horizontal.0 &>> 3, horizontal.1 &>> 3, horizontal.2 &>> 3, horizontal.3 &>> 3)
        unsafe addClamped(residual.0, to: output, pair: pair)
        unsafe addClamped(residual.1, to: output + stride, pair: pair)
        unsafe addClamped(residual.2, to: output + 2 &* stride, pair: pair)
        unsafe addClamped(residual.3, to: output + 3 &* stride, pair: pair)
    }

    /// The scalar twin of ``addInverseDCT16Lanes(_:to:pair:)`` for one block, which debug builds
    /// take: the same 16-bit wrapping (each value that enters a multiplication or the final shift
    /// reduced to 16 bits), in counted loops with every multiplication and clamp written out, so
    /// that an unoptimised build makes no call per coefficient.
    static func addInverseDCT16Scalar(_ input: UnsafePointer<Int16>, to output: UnsafeMutablePointer<UInt8>) {
        unsafe withUnsafeTemporaryAllocation(of: Int.self, capacity: 16) { buffer in
            let temp = buffer.baseAddress!
            var column = 0
            while column < 4 { // temp[4·k + column]: output k of the column's vertical pass
                let i0 = unsafe Int(input[column]), i1 = unsafe Int(input[4 &+ column])
                let i2 = unsafe Int(input[8 &+ column]), i3 = unsafe Int(input[12 &+ column])
                let a = i0 &+ i2, b = i0 &- i2
                let c = ((i1 &* 35468) &>> 16) &- (((i3 &* 20091) &>> 16) &+ i3)
                let d = ((i1 &* 20091) &>> 16) &+ i1 &+ ((i3 &* 35468) &>> 16)
                unsafe temp[column] = Int(Int16(truncatingIfNeeded: a &+ d))
                unsafe temp[4 &+ column] = Int(Int16(truncatingIfNeeded: b &+ c))
                unsafe temp[8 &+ column] = Int(Int16(truncatingIfNeeded: b &- c))
                unsafe temp[12 &+ column] = Int(Int16(truncatingIfNeeded: a &- d))
                column &+= 1
            }
            var row = 0
            while row < 16 { // the horizontal pass in place: temp[row + k] becomes residual k of the row
                let i0 = unsafe temp[row] &+ 4, i1 = unsafe temp[row &+ 1], i2 = unsafe temp[row &+ 2], i3 = unsafe temp[row &+ 3]
                let a = i0 &+ i2, b = i0 &- i2
                let c = ((i1 &* 35468) &>> 16) &- (((i3 &* 20091) &>> 16) &+ i3)
                let d = ((i1 &* 20091) &>> 16) &+ i1 &+ ((i3 &* 35468) &>> 16)
                unsafe temp[row] = Int(Int16(truncatingIfNeeded: a &+ d)) &>> 3
                unsafe temp[row &+ 1] = Int(Int16(truncatingIfNeeded: b &+ c)) &>> 3
                unsafe temp[row &+ 2] = Int(Int16(truncatingIfNeeded: b &- c)) &>> 3
                unsafe temp[row &+ 3] = Int(Int16(truncatingIfNeeded: a &- d)) &>> 3
                row &+= 4
            }
            unsafe addClampedScalar(temp, to: output)
        }
    }

    /// Adds the 16 residuals at `residuals` (row-major) to the 4×4 block at `output`, clamping
    /// to 0…255 (debug builds' twins: a row per pass, four pixels written out, each clamp
    /// ``clampedByte(_:)`` without a branch).
    static func addClampedScalar(_ residuals: UnsafePointer<Int>, to output: UnsafeMutablePointer<UInt8>) {
        var row = unsafe output, residual = unsafe residuals, rows = 0
        while rows < 4 {
            unsafe row[0] = clampedByte(Int(row[0]) &+ residual[0])
            unsafe row[1] = clampedByte(Int(row[1]) &+ residual[1])
            unsafe row[2] = clampedByte(Int(row[2]) &+ residual[2])
            unsafe row[3] = clampedByte(Int(row[3]) &+ residual[3])
            unsafe row += 32 // the block stride
            unsafe residual += 4
            rows &+= 1
        }
    }

    /// `sum` clamped to 0…255 with masks rather than branches (an unoptimised build stores and
    /// reloads its values around every branch); `@_transparent`, so the twins in this file make
    /// no call per pixel.
    @_transparent
    static func clampedByte(_ sum: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: (sum | ((255 &- sum) &>> 63)) & ~(sum &>> 63))
    }

    /// The DC-only transform of two adjacent blocks in lanes.
    static func addInverseDCPairLanes(_ first: Int16, _ second: Int16, to output: UnsafeMutablePointer<UInt8>) {
        @inline(__always) func value(_ dc: Int16) -> SIMD4<Int16> { SIMD4(repeating: Int16(truncatingIfNeeded: (Int32(dc) &+ 4) &>> 3)) }
        let values = Lanes(lowHalf: value(first), highHalf: value(second))
        for row in 0..<4 { unsafe addClamped(values, to: output + row &* stride, pair: true) }
    }

    /// The scalar twin of the DC-only transform (debug builds take it): `(dc + 4) >> 3` added
    /// to each pixel, a row per pass, the clamp ``clampedByte(_:)``.
    static func addInverseDCScalar(_ dc: Int16, to output: UnsafeMutablePointer<UInt8>) {
        let value = (Int(dc) &+ 4) &>> 3
        var row = unsafe output, rows = 0
        while rows < 4 {
            unsafe row[0] = clampedByte(Int(row[0]) &+ value)
            unsafe row[1] = clampedByte(Int(row[1]) &+ value)
            unsafe row[2] = clampedByte(Int(row[2]) &+ value)
            unsafe row[3] = clampedByte(Int(row[3]) &+ value)
            unsafe row += 32 // the block stride
            rows &+= 1
        }
    }

    /// The scalar twin of ``addInverseAC3Lanes(_:to:)`` (debug builds take it): row value plus
    /// column value, shifted and clamped (``clampedByte(_:)``), a row per pass, with nothing called
    /// per pixel.
    static func addInverseAC3Scalar(_ input: UnsafePointer<Int16>, to output: UnsafeMutablePointer<UInt8>) {
        let dc = unsafe Int(input[0]) &+ 4, vertical = unsafe Int(input[4]), horizontal = unsafe Int(input[1])
        let cosineV = ((vertical &* 20091) &>> 16) &+ vertical, sineV = (vertical &* 35468) &>> 16
        let cosineH = ((horizontal &* 20091) &>> 16) &+ horizontal, sineH = (horizontal &* 35468) &>> 16
        var row = unsafe output, rows = 0
        while rows < 4 {
            let base = dc &+ (rows == 0 ? cosineV : rows == 1 ? sineV : rows == 2 ? 0 &- sineV : 0 &- cosineV)
            unsafe row[0] = clampedByte(Int(row[0]) &+ ((base &+ cosineH) &>> 3))
            unsafe row[1] = clampedByte(Int(row[1]) &+ ((base &+ sineH) &>> 3))
            unsafe row[2] = clampedByte(Int(row[2]) &+ ((base &- sineH) &>> 3))
            unsafe row[3] = clampedByte(Int(row[3]) &+ ((base &- cosineH) &>> 3))
            unsafe row += 32 // the block stride
            rows &+= 1
        }
    }

    /// The three-coefficient transform in lanes: one column pattern (from coefficient 1) added to
    /// each row's value (from coefficients 0 and 4), in 32-bit arithmetic as libwebp's C code.
    static func addInverseAC3Lanes(_ input: UnsafePointer<Int16>, to output: UnsafeMutablePointer<UInt8>) {
        @inline(__always) func cosine(_ v: Int32) -> Int32 { ((v &* 20091) &>> 16) &+ v }
        @inline(__always) func sine(_ v: Int32) -> Int32 { (v &* 35468) &>> 16 }
        let dc = unsafe Int32(input[0]) &+ 4, vertical = unsafe Int32(input[4]), horizontal = unsafe Int32(input[1])
        let columns = SIMD4<Int32>(cosine(horizontal), sine(horizontal), 0 &- sine(horizontal), 0 &- cosine(horizontal))
        let rows = SIMD4<Int32>(repeating: dc) &+ SIMD4(cosine(vertical), sine(vertical), 0 &- sine(vertical), 0 &- cosine(vertical))
        for row in 0..<4 {
            // At most (32771 + 2 · 42810) >> 3 in magnitude: the 16-bit lanes hold it.
            let residual = (SIMD4<Int32>(repeating: rows[row]) &+ columns) &>> 3
            var lanes = Lanes()
            for lane in 0..<4 { lanes[lane] = Int16(truncatingIfNeeded: residual[lane]) }
            unsafe addClamped(lanes, to: output + row &* stride, pair: false)
        }
    }
}
