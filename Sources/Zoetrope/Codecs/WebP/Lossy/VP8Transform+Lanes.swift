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
        // Narrowed with saturation (`packuswb`); `clamped(lowerBound:upperBound:)` is left out of
        // line in some callers.
        let out = SIMD8<UInt8>(clamping: wide &+ residual)
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
        let residual = unsafe inverseDCT16Lanes(input, pair: pair)
        unsafe addClamped(residual.0, to: output, pair: pair)
        unsafe addClamped(residual.1, to: output + stride, pair: pair)
        unsafe addClamped(residual.2, to: output + 2 &* stride, pair: pair)
        unsafe addClamped(residual.3, to: output + 3 &* stride, pair: pair)
    }

    /// The residual rows of ``addInverseDCT16Lanes(_:to:pair:)``, before they are added: row k
    /// of the block at `input` in the low four lanes of `.k`, and in the high four that of the
    /// block at `input + 16` when `pair`, else the same block's again.
    @inline(__always)
    static func inverseDCT16Lanes(_ input: UnsafePointer<Int16>, pair: Bool) -> (Lanes, Lanes, Lanes, Lanes) {
        let coefficients = unsafe UnsafeRawPointer(input)
        @inline(__always) func inputRow(_ i: Int) -> Lanes {
            let first = unsafe coefficients.loadUnaligned(fromByteOffset: i &* 8, as: SIMD4<Int16>.self)
            // One block: its rows in both halves (with zeros in the high lanes the optimiser
            // narrows the transform into scalar multiplies).
            let second = unsafe pair ? coefficients.loadUnaligned(fromByteOffset: 32 &+ i &* 8, as: SIMD4<Int16>.self) : first
            return Lanes(lowHalf: first, highHalf: second)
        }
        let vertical = transform1D(inputRow(0), inputRow(1), inputRow(2), inputRow(3))
        let columns = transpose(vertical.0, vertical.1, vertical.2, vertical.3)
        let horizontal = transform1D(columns.0 &+ 4, columns.1, columns.2, columns.3)
        return transpose(horizontal.0 &>> 3, horizontal.1 &>> 3, horizontal.2 &>> 3, horizontal.3 &>> 3)
    }

    /// Adds the residual rows of one block of a pair (``inverseDCT16Lanes(_:pair:)``; the high
    /// lanes when `second`) to the 4×4 pixels at `output`, clamping to 0…255.
    @inline(__always)
    static func addResidual(_ residual: (Lanes, Lanes, Lanes, Lanes), second: Bool, to output: UnsafeMutablePointer<UInt8>) {
        @inline(__always) func rowOf(_ row: Lanes) -> Lanes {
            guard second else { return row }
            let halves = unsafe unsafeBitCast(row, to: (SIMD4<Int16>, SIMD4<Int16>).self)
            return Lanes(lowHalf: halves.1, highHalf: halves.1)
        }
        unsafe addClamped(rowOf(residual.0), to: output, pair: false)
        unsafe addClamped(rowOf(residual.1), to: output + stride, pair: false)
        unsafe addClamped(rowOf(residual.2), to: output + 2 &* stride, pair: false)
        unsafe addClamped(rowOf(residual.3), to: output + 3 &* stride, pair: false)
    }

    /// The scalar twin of ``addInverseDCT16Lanes(_:to:pair:)`` for one block, which debug builds
    /// take: the same 16-bit wrapping (each value that enters a multiplication or the final shift
    /// reduced to 16 bits), every multiplication and clamp written out, a column or a row per
    /// ``butterflyTwin(_:_:_:_:)``, so that an unoptimised build makes no call per coefficient.
    ///
    /// `@_transparent`, as are the twins below and their helpers: an unoptimised build gives a
    /// transparent function no debugger variables, so it neither zeroes its locals on entry (a
    /// `memset` call each) nor keeps a copy of each value in memory.
    @_transparent
    static func addInverseDCT16Scalar(_ input: UnsafePointer<Int16>, to output: UnsafeMutablePointer<UInt8>) {
        // Vertical pass, a column at a time: column k's outputs k, 4 + k, 8 + k and 12 + k.
        let c0 = unsafe butterflyTwin(Int(input[0]), Int(input[4]), Int(input[8]), Int(input[12]))
        let c1 = unsafe butterflyTwin(Int(input[1]), Int(input[5]), Int(input[9]), Int(input[13]))
        let c2 = unsafe butterflyTwin(Int(input[2]), Int(input[6]), Int(input[10]), Int(input[14]))
        let c3 = unsafe butterflyTwin(Int(input[3]), Int(input[7]), Int(input[11]), Int(input[15]))
        // Horizontal pass, a row at a time (+4 rounds the final >> 3), added to the pixels.
        unsafe addRowTwin(butterflyTwin(c0.0 &+ 4, c1.0, c2.0, c3.0), to: output)
        unsafe addRowTwin(butterflyTwin(c0.1 &+ 4, c1.1, c2.1, c3.1), to: output + 32)
        unsafe addRowTwin(butterflyTwin(c0.2 &+ 4, c1.2, c2.2, c3.2), to: output + 64)
        unsafe addRowTwin(butterflyTwin(c0.3 &+ 4, c1.3, c2.3, c3.3), to: output + 96)
    }

    /// One pass of the transform on four values, each output reduced to 16 bits.
    @_transparent
    static func butterflyTwin(_ i0: Int, _ i1: Int, _ i2: Int, _ i3: Int) -> (Int, Int, Int, Int) {
        let a = i0 &+ i2, b = i0 &- i2
        let c = ((i1 &* 35468) &>> 16) &- (((i3 &* 20091) &>> 16) &+ i3)
        let d = ((i1 &* 20091) &>> 16) &+ i1 &+ ((i3 &* 35468) &>> 16)
        return (Int(Int16(truncatingIfNeeded: a &+ d)), Int(Int16(truncatingIfNeeded: b &+ c)),
                Int(Int16(truncatingIfNeeded: b &- c)), Int(Int16(truncatingIfNeeded: a &- d)))
    }

    /// Adds a row's four sums, shifted right by 3, to the pixels at `row`, clamping to 0…255.
    @_transparent
    static func addRowTwin(_ sums: (Int, Int, Int, Int), to row: UnsafeMutablePointer<UInt8>) {
        unsafe row[0] = clampedByte(Int(row[0]) &+ (sums.0 &>> 3))
        unsafe row[1] = clampedByte(Int(row[1]) &+ (sums.1 &>> 3))
        unsafe row[2] = clampedByte(Int(row[2]) &+ (sums.2 &>> 3))
        unsafe row[3] = clampedByte(Int(row[3]) &+ (sums.3 &>> 3))
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
    /// to each pixel, a row per pass, the clamp a lookup in ``clampTable``.
    @_transparent
    static func addInverseDCScalar(_ dc: Int16, to output: UnsafeMutablePointer<UInt8>) {
        let value = (Int(dc) &+ 4) &>> 3
        // Past ±255 every pixel saturates alike: with the value held to ±255, `clamp[pixel]` is
        // pixel + value clamped.
        let clamp = unsafe clampTable + (255 &+ (value < -255 ? -255 : value > 255 ? 255 : value))
        var row = unsafe output, rows = 0
        while rows < 4 {
            unsafe row[0] = clamp[Int(row[0])]
            unsafe row[1] = clamp[Int(row[1])]
            unsafe row[2] = clamp[Int(row[2])]
            unsafe row[3] = clamp[Int(row[3])]
            unsafe row += 32 // the block stride
            rows &+= 1
        }
    }

    /// `i` clamped to 0…255 at `[255 + i]`, for i in −255…510, which debug builds' twins look up
    /// rather than clamp (unoptimised, a clamp written out is a dozen stores and reloads).
    /// Allocated once, never freed.
    nonisolated(unsafe) static let clampTable: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 766)
        for i in 0..<766 { unsafe table[i] = UInt8(min(max(i - 255, 0), 255)) }
        return unsafe UnsafePointer(table)
    }()

    /// The scalar twin of ``addInverseAC3Lanes(_:to:)`` (debug builds take it): row value plus
    /// column value, shifted and clamped (``clampedByte(_:)``), a row per pass, with nothing called
    /// per pixel.
    @_transparent
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
