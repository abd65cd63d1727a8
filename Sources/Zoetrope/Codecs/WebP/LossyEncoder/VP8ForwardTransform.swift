/// The encoder's forward transforms: the 4×4 DCT whose inverse is RFC 6386's (section 14.3), and
/// the Walsh–Hadamard transform of the sixteen luma DCs whose inverse is section 14.4's.
///
/// The DCT is the integer approximation VP8 encoders use: butterflies with the rotation by π/8
/// in 12-bit fixed point (2217 = √2·sin(π/8)·4096, 5352 = √2·cos(π/8)·4096), rows first with
/// three fractional bits kept, then columns, rounding so that the decoder's inverse gives back the
/// residual to within a unit. Blocks are read with ``VP8Transform/stride``, so the source, the
/// prediction and the reconstruction can all live in macroblock workspaces.
///
/// Every intermediate value fits in 16 bits, so the DCT works on two rows per vector of eight
/// 16-bit lanes, with the rotations as pairwise multiply–adds into 32 bits (one instruction on
/// x86, `pmaddwd`); no step moves a value across rows in the first pass or across columns in the
/// second, so the only shuffles are within a vector.
enum VP8ForwardTransform {
    private typealias Quad = SIMD4<Int32>
    private typealias Lanes = SIMD8<Int16>
    private static let stride = VP8Transform.stride

    /// Rows `row` and `row + 1` of `source − prediction`, four lanes each.
    @inline(__always)
    private static func rows(_ source: UnsafePointer<UInt8>, _ prediction: UnsafePointer<UInt8>, _ row: Int) -> Lanes {
        @inline(__always) func load(_ block: UnsafePointer<UInt8>) -> Lanes {
            let upper = unsafe UnsafeRawPointer(block + row &* stride).loadUnaligned(as: SIMD4<UInt8>.self)
            let lower = unsafe UnsafeRawPointer(block + (row &+ 1) &* stride).loadUnaligned(as: SIMD4<UInt8>.self)
            return Lanes(zeroExtending: SIMD8<UInt8>(lowHalf: upper, highHalf: lower))
        }
        return unsafe load(source) &- load(prediction)
    }

    /// Lane `i` is `x[2i]·k[2i] + x[2i+1]·k[2i+1]` in 32 bits.
    @inline(__always)
    private static func multiplyAdd(_ x: Lanes, _ k: Lanes) -> Quad {
        Quad(truncatingIfNeeded: x.evenHalf) &* Quad(truncatingIfNeeded: k.evenHalf)
            &+ Quad(truncatingIfNeeded: x.oddHalf) &* Quad(truncatingIfNeeded: k.oddHalf)
    }

    /// The horizontal pass of two rows held in one vector: each row's four samples become its
    /// four frequencies t0…t3. t0 = 8·(a0 + a1) is computed as 4096·(a0 + a1) >> 9 (exact), so
    /// that one multiply–add gives (t0, t1) and another (t2, t3).
    @inline(__always)
    private static func horizontal(_ x: Lanes) -> Lanes {
        let reversed = Lanes(x[3], x[2], x[1], x[0], x[7], x[6], x[5], x[4])
        // (a0, a1, a1, a0) and (a3, a2, −a2, −a3) per row; then (a0, a1, a3, a2) per row.
        let sums = unsafe unsafeBitCast(x &+ reversed, to: Quad.self), differences = unsafe unsafeBitCast(x &- reversed, to: Quad.self)
        let pairs = unsafe unsafeBitCast(Quad(sums[0], differences[0], sums[2], differences[2]), to: Lanes.self)
        let even = (multiplyAdd(pairs, Lanes(4096, 4096, 5352, 2217, 4096, 4096, 5352, 2217)) &+ Quad(0, 1812, 0, 1812)) &>> 9
        let odd = (multiplyAdd(pairs, Lanes(4096, -4096, 2217, -5352, 4096, -4096, 2217, -5352)) &+ Quad(0, 937, 0, 937)) &>> 9
        return Lanes(truncating: SIMD8<Int32>(lowHalf: Quad(even[0], even[1], odd[0], odd[1]),
                                                      highHalf: Quad(even[2], even[3], odd[2], odd[3])))
    }

    /// The DCT of the 4×4 block `source − prediction` into `output` (16 coefficients, row-major).
    @inline(__always)
    static func dct(_ source: UnsafePointer<UInt8>, _ prediction: UnsafePointer<UInt8>, into output: UnsafeMutablePointer<Int16>) {
        let rows01 = unsafe horizontal(rows(source, prediction, 0)), rows23 = unsafe horizontal(rows(source, prediction, 2))
        // Vertical pass: rows 0 and 1 against rows 3 and 2 give (b0 | b1) and (b3 | b2).
        let rows32 = Lanes(lowHalf: rows23.highHalf, highHalf: rows23.lowHalf)
        let sums = rows01 &+ rows32, differences = rows01 &- rows32
        let out02 = (Lanes(lowHalf: sums.lowHalf, highHalf: sums.lowHalf)
            &+ Lanes(lowHalf: sums.highHalf, highHalf: 0 &- sums.highHalf) &+ 7) &>> 4
        let pairs = Lanes(differences[0], differences[4], differences[1], differences[5],
                          differences[2], differences[6], differences[3], differences[7]) // (b3, b2) per column
        let out1 = (multiplyAdd(pairs, Lanes(5352, 2217, 5352, 2217, 5352, 2217, 5352, 2217)) &+ 12000) &>> 16
        let out3 = (multiplyAdd(pairs, Lanes(2217, -5352, 2217, -5352, 2217, -5352, 2217, -5352)) &+ 51000) &>> 16
        // out1 gains one where b3 ≠ 0: x | −x has its sign bit set exactly then.
        let b3NonZero = ((differences | (0 &- differences)) &>> 15) & Lanes(-1, -1, -1, -1, 0, 0, 0, 0)
        let out13 = Lanes(truncating: SIMD8<Int32>(lowHalf: out1, highHalf: out3)) &- b3NonZero
        let out = UnsafeMutableRawPointer(output)
        unsafe out.storeBytes(of: Lanes(lowHalf: out02.lowHalf, highHalf: out13.lowHalf), as: Lanes.self)
        unsafe out.storeBytes(of: Lanes(lowHalf: out02.highHalf, highHalf: out13.highHalf), toByteOffset: 16, as: Lanes.self)
    }

    @inline(__always)
    private static func transpose(_ r0: Quad, _ r1: Quad, _ r2: Quad, _ r3: Quad) -> (Quad, Quad, Quad, Quad) {
        (Quad(r0[0], r1[0], r2[0], r3[0]), Quad(r0[1], r1[1], r2[1], r3[1]),
         Quad(r0[2], r1[2], r2[2], r3[2]), Quad(r0[3], r1[3], r2[3], r3[3]))
    }

    /// The forward WHT of the sixteen DCs found at `input[16·i]` (i in raster order of the luma
    /// blocks) into `output` (16 values, row-major), the input of the second-order block.
    static func wht(_ input: UnsafePointer<Int16>, into output: UnsafeMutablePointer<Int16>) {
        @inline(__always) func row(_ r: Int) -> Quad {
            unsafe Quad(Int32(input[64 &* r]), Int32(input[64 &* r &+ 16]), Int32(input[64 &* r &+ 32]), Int32(input[64 &* r &+ 48]))
        }
        // Horizontal pass with one lane per row.
        let (c0, c1, c2, c3) = transpose(row(0), row(1), row(2), row(3))
        let a0 = c0 &+ c2, a1 = c1 &+ c3, a2 = c1 &- c3, a3 = c0 &- c2
        let (r0, r1, r2, r3) = transpose(a0 &+ a1, a3 &+ a2, a3 &- a2, a0 &- a1)
        // Vertical pass with one lane per column.
        let b0 = r0 &+ r2, b1 = r1 &+ r3, b2 = r1 &- r3, b3 = r0 &- r2
        let out = UnsafeMutableRawPointer(output)
        unsafe out.storeBytes(of: SIMD4<Int16>(truncatingIfNeeded: (b0 &+ b1) &>> 1), as: SIMD4<Int16>.self)
        unsafe out.storeBytes(of: SIMD4<Int16>(truncatingIfNeeded: (b3 &+ b2) &>> 1), toByteOffset: 8, as: SIMD4<Int16>.self)
        unsafe out.storeBytes(of: SIMD4<Int16>(truncatingIfNeeded: (b3 &- b2) &>> 1), toByteOffset: 16, as: SIMD4<Int16>.self)
        unsafe out.storeBytes(of: SIMD4<Int16>(truncatingIfNeeded: (b0 &- b1) &>> 1), toByteOffset: 24, as: SIMD4<Int16>.self)
    }
}
