/// Vertical edges for ``VP8VectorLoopFilter``, as libwebp's SSE2 code does them: the 8 columns
/// around the edge (4 before, 4 after) in 16 rows are transposed into the sample vectors p3…q3 of
/// 16 byte lanes, filtered like a horizontal edge and transposed back.
///
/// The transposes are unpacks of 8-, 16-, 32- and 64-bit units (`SIMDInterleave`), each written
/// so that the x86-64 baseline compiles it to one `punpckl*`/`punpckh*` instruction: 32 for the
/// 16×8 bytes in, 24 for the 8×16 back.
extension VP8VectorLoopFilter {
    private typealias I = SIMDInterleave

    /// The 8 samples around the edge (q0 at `top`, `bottom`) in rows 0–7 from `top` and rows 8–15
    /// from `bottom`, as columns p3…q3 of 16 lanes.
    @_transparent
    private static func loadColumns(top: UnsafeMutablePointer<UInt8>, bottom: UnsafeMutablePointer<UInt8>,
                                    stride: Int) -> EdgeSamples {
        @_transparent func row(_ start: UnsafeMutablePointer<UInt8>, _ i: Int) -> SIMD8<UInt8> {
            unsafe UnsafeRawPointer(start + (i &* stride &- 4)).loadUnaligned(as: SIMD8<UInt8>.self)
        }
        // Pairs of rows interleaved (16-bit units: two rows' sample of one column), then 32-bit
        // units (four rows), then 64-bit units (eight rows of one column).
        let a0 = unsafe I.bytes(row(top, 0), row(top, 1)), a1 = unsafe I.bytes(row(top, 2), row(top, 3))
        let a2 = unsafe I.bytes(row(top, 4), row(top, 5)), a3 = unsafe I.bytes(row(top, 6), row(top, 7))
        let a4 = unsafe I.bytes(row(bottom, 0), row(bottom, 1)), a5 = unsafe I.bytes(row(bottom, 2), row(bottom, 3))
        let a6 = unsafe I.bytes(row(bottom, 4), row(bottom, 5)), a7 = unsafe I.bytes(row(bottom, 6), row(bottom, 7))
        let b0 = I.low16(a0, a1), b1 = I.high16(a0, a1), b2 = I.low16(a2, a3), b3 = I.high16(a2, a3)
        let b4 = I.low16(a4, a5), b5 = I.high16(a4, a5), b6 = I.low16(a6, a7), b7 = I.high16(a6, a7)
        let c0 = I.low32(b0, b2), c1 = I.high32(b0, b2), c2 = I.low32(b1, b3), c3 = I.high32(b1, b3)
        let c4 = I.low32(b4, b6), c5 = I.high32(b4, b6), c6 = I.low32(b5, b7), c7 = I.high32(b5, b7)
        @_transparent func column(_ v: Row) -> Lanes { unsafe unsafeBitCast(v, to: Lanes.self) }
        return EdgeSamples(p3: column(I.low64(c0, c4)), p2: column(I.high64(c0, c4)),
                           p1: column(I.low64(c1, c5)), p0: column(I.high64(c1, c5)),
                           q0: column(I.low64(c2, c6)), q1: column(I.high64(c2, c6)),
                           q2: column(I.low64(c3, c7)), q3: column(I.high64(c3, c7)))
    }

    private typealias Row = SIMD8<Int16>

    /// Stores the columns p3…q3 back as 16 rows of 8 samples (rows 0–7 at `top`, 8–15 at
    /// `bottom`). Out of line: inside the large filtering function the optimiser leaves the
    /// 8-byte stores out-of-line generic calls.
    @inline(never)
    private static func storeColumns(_ s: EdgeSamples, top: UnsafeMutablePointer<UInt8>, bottom: UnsafeMutablePointer<UInt8>,
                                     stride: Int) {
        @_transparent func store(_ pair: SIMD2<UInt64>, _ start: UnsafeMutablePointer<UInt8>, _ i: Int) {
            let target = unsafe UnsafeMutableRawPointer(start - 4)
            unsafe target.storeBytes(of: pair[0], toByteOffset: i &* stride, as: UInt64.self)
            unsafe target.storeBytes(of: pair[1], toByteOffset: (i &+ 1) &* stride, as: UInt64.self)
        }
        // Pairs of columns interleaved, then 32-bit units (four columns), then 64-bit (a row).
        let a0 = I.lowBytes(s.p3, s.p2), a1 = I.lowBytes(s.p1, s.p0), a2 = I.lowBytes(s.q0, s.q1), a3 = I.lowBytes(s.q2, s.q3)
        let a4 = I.highBytes(s.p3, s.p2), a5 = I.highBytes(s.p1, s.p0)
        let a6 = I.highBytes(s.q0, s.q1), a7 = I.highBytes(s.q2, s.q3)
        let b0 = I.low16(a0, a1), b1 = I.high16(a0, a1), b2 = I.low16(a2, a3), b3 = I.high16(a2, a3)
        let b4 = I.low16(a4, a5), b5 = I.high16(a4, a5), b6 = I.low16(a6, a7), b7 = I.high16(a6, a7)
        unsafe store(I.low32(b0, b2), top, 0)
        unsafe store(I.high32(b0, b2), top, 2)
        unsafe store(I.low32(b1, b3), top, 4)
        unsafe store(I.high32(b1, b3), top, 6)
        unsafe store(I.low32(b4, b6), bottom, 0)
        unsafe store(I.high32(b4, b6), bottom, 2)
        unsafe store(I.low32(b5, b7), bottom, 4)
        unsafe store(I.high32(b5, b7), bottom, 6)
    }

    /// Filters a vertical edge: 8 + 8 positions, q0 of rows 0–7 at `top` (row stride `stride`),
    /// of rows 8–15 at `bottom` (`top + 8·stride` for luma, the V plane for chroma).
    @inline(__always)
    static func filterVerticalEdge(top: UnsafeMutablePointer<UInt8>, bottom: UnsafeMutablePointer<UInt8>, stride: Int,
                                   _ settings: Settings) {
        var samples = unsafe loadColumns(top: top, bottom: bottom, stride: stride)
        filter(&samples, settings)
        unsafe storeColumns(samples, top: top, bottom: bottom, stride: stride)
    }
}
