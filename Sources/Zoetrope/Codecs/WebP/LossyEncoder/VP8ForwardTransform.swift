/// The encoder's forward transforms: the 4×4 DCT whose inverse is RFC 6386's (section 14.3), and
/// the Walsh–Hadamard transform of the sixteen luma DCs whose inverse is section 14.4's.
///
/// The DCT is the integer approximation VP8 encoders use: butterflies with the rotation by π/8
/// in 12-bit fixed point (2217 = √2·sin(π/8)·4096, 5352 = √2·cos(π/8)·4096), rows first with
/// three fractional bits kept, then columns, rounding so that the decoder's inverse gives back the
/// residual to within a unit. Blocks are read with ``VP8Transform/stride``, so the source, the
/// prediction and the reconstruction can all live in macroblock workspaces.
enum VP8ForwardTransform {
    private typealias Quad = SIMD4<Int32>
    private static let stride = VP8Transform.stride

    @inline(__always)
    private static func transpose(_ r0: Quad, _ r1: Quad, _ r2: Quad, _ r3: Quad) -> (Quad, Quad, Quad, Quad) {
        (Quad(r0[0], r1[0], r2[0], r3[0]), Quad(r0[1], r1[1], r2[1], r3[1]),
         Quad(r0[2], r1[2], r2[2], r3[2]), Quad(r0[3], r1[3], r2[3], r3[3]))
    }

    /// Row `row` of `source − prediction` as four 32-bit lanes.
    @inline(__always)
    private static func difference(_ source: UnsafePointer<UInt8>, _ prediction: UnsafePointer<UInt8>, row: Int) -> Quad {
        let s = unsafe UnsafeRawPointer(source + row &* stride).loadUnaligned(as: SIMD4<UInt8>.self)
        let p = unsafe UnsafeRawPointer(prediction + row &* stride).loadUnaligned(as: SIMD4<UInt8>.self)
        return Quad(truncatingIfNeeded: s) &- Quad(truncatingIfNeeded: p)
    }

    /// The DCT of the 4×4 block `source − prediction` into `output` (16 coefficients, row-major).
    @inline(__always)
    static func dct(_ source: UnsafePointer<UInt8>, _ prediction: UnsafePointer<UInt8>, into output: UnsafeMutablePointer<Int16>) {
        // Horizontal pass, one lane per row: columns d0…d3 of the difference.
        let (d0, d1, d2, d3) = unsafe transpose(difference(source, prediction, row: 0), difference(source, prediction, row: 1),
                                         difference(source, prediction, row: 2), difference(source, prediction, row: 3))
        let a0 = d0 &+ d3, a1 = d1 &+ d2, a2 = d1 &- d2, a3 = d0 &- d3
        let t0 = (a0 &+ a1) &* 8
        let t1 = (a2 &* 2217 &+ a3 &* 5352 &+ 1812) &>> 9
        let t2 = (a0 &- a1) &* 8
        let t3 = (a3 &* 2217 &- a2 &* 5352 &+ 937) &>> 9
        // Vector k holds horizontal frequency k of each row; transposed, vector r holds row r
        // across the frequencies, and the vertical pass works with one lane per frequency.
        let (r0, r1, r2, r3) = transpose(t0, t1, t2, t3)
        let b0 = r0 &+ r3, b1 = r1 &+ r2, b2 = r1 &- r2, b3 = r0 &- r3
        let o0 = (b0 &+ b1 &+ 7) &>> 4
        let notZero = Quad(repeating: 0).replacing(with: 1, where: b3 .!= 0)
        let o1 = ((b2 &* 2217 &+ b3 &* 5352 &+ 12000) &>> 16) &+ notZero
        let o2 = (b0 &- b1 &+ 7) &>> 4
        let o3 = (b3 &* 2217 &- b2 &* 5352 &+ 51000) &>> 16
        let out = UnsafeMutableRawPointer(output)
        unsafe out.storeBytes(of: SIMD4<Int16>(truncatingIfNeeded: o0), as: SIMD4<Int16>.self)
        unsafe out.storeBytes(of: SIMD4<Int16>(truncatingIfNeeded: o1), toByteOffset: 8, as: SIMD4<Int16>.self)
        unsafe out.storeBytes(of: SIMD4<Int16>(truncatingIfNeeded: o2), toByteOffset: 16, as: SIMD4<Int16>.self)
        unsafe out.storeBytes(of: SIMD4<Int16>(truncatingIfNeeded: o3), toByteOffset: 24, as: SIMD4<Int16>.self)
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
