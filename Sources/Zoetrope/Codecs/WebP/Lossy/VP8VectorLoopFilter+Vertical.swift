/// Vertical edges for ``VP8VectorLoopFilter``, as libwebp's SSE2 code does them: the 8 columns
/// around the edge (4 before, 4 after) in 16 rows are transposed into the sample vectors p3…q3 of
/// 16 lanes, filtered like a horizontal edge and transposed back.
///
/// Each row is widened to 16-bit lanes as it is loaded (`punpcklbw`), and each 8×8 transpose of
/// 16-bit lanes is written as unpacks of 16-, 32- and 64-bit units (`SIMDInterleave`) so that the x86-64 baseline compiles every step to one
/// `punpckl*`/`punpckh*` instruction; unpacks of bytes, or a general shuffle, are taken apart
/// lane by lane by the code generator.
extension VP8VectorLoopFilter {
    private typealias Row = SIMD8<Int16>
    private typealias Block = (Row, Row, Row, Row, Row, Row, Row, Row)

    /// Transposes an 8×8 block of 16-bit samples.
    @_transparent
    private static func transpose(_ r: Block) -> Block {
        typealias I = SIMDInterleave
        // 32-bit units: two rows' samples of one column; 64-bit units: four rows' samples.
        let a0 = I.low16(r.0, r.1), a1 = I.low16(r.2, r.3), a2 = I.low16(r.4, r.5), a3 = I.low16(r.6, r.7)
        let a4 = I.high16(r.0, r.1), a5 = I.high16(r.2, r.3), a6 = I.high16(r.4, r.5), a7 = I.high16(r.6, r.7)
        let b0 = I.low32(a0, a1), b1 = I.low32(a2, a3), b2 = I.high32(a0, a1), b3 = I.high32(a2, a3)
        let b4 = I.low32(a4, a5), b5 = I.low32(a6, a7), b6 = I.high32(a4, a5), b7 = I.high32(a6, a7)
        return (I.low64(b0, b1), I.high64(b0, b1), I.low64(b2, b3), I.high64(b2, b3),
                I.low64(b4, b5), I.high64(b4, b5), I.low64(b6, b7), I.high64(b6, b7))
    }

    /// The 8 samples around the edge in each of 8 rows (q0 of the first row at `q0`), as columns.
    @inline(__always)
    private static func loadColumns(_ q0: UnsafeMutablePointer<UInt8>, stride: Int) -> Block {
        @inline(__always) func row(_ i: Int) -> Row {
            let bytes = unsafe UnsafeRawPointer(q0 + (i &* stride &- 4)).loadUnaligned(as: SIMD8<UInt8>.self)
            var wide = Row()
            for lane in 0 ..< 8 { wide[lane] = Int16(bytes[lane]) }
            return wide
        }
        return transpose((row(0), row(1), row(2), row(3), row(4), row(5), row(6), row(7)))
    }

    /// Stores 8 columns of 8 rows back as rows, clamped to 0…255, q0 of the first row at `q0`.
    @inline(__always)
    private static func storeColumns(_ columns: Block, _ q0: UnsafeMutablePointer<UInt8>, stride: Int) {
        let rows = transpose(columns)
        let target = unsafe UnsafeMutableRawPointer(q0 - 4)
        @inline(__always) func store(_ first: Row, _ second: Row, _ row: Int) {
            let bytes = SIMDInterleave.halves(SIMD16<UInt8>(clamping: SIMD16<Int16>(lowHalf: first, highHalf: second)))
            unsafe target.storeBytes(of: bytes.low, toByteOffset: row &* stride, as: SIMD8<UInt8>.self)
            unsafe target.storeBytes(of: bytes.high, toByteOffset: (row &+ 1) &* stride, as: SIMD8<UInt8>.self)
        }
        store(rows.0, rows.1, 0)
        store(rows.2, rows.3, 2)
        store(rows.4, rows.5, 4)
        store(rows.6, rows.7, 6)
    }

    /// Filters a vertical edge: 8 + 8 positions, q0 of rows 0–7 at `top` (row stride `stride`),
    /// of rows 8–15 at `bottom` (`top + 8·stride` for luma, the V plane for chroma).
    @inline(__always)
    static func filterVerticalEdge(top: UnsafeMutablePointer<UInt8>, bottom: UnsafeMutablePointer<UInt8>, stride: Int,
                                   _ settings: Settings) {
        let upper = unsafe loadColumns(top, stride: stride), lower = unsafe loadColumns(bottom, stride: stride)
        @inline(__always) func bytes(_ first: Row, _ second: Row) -> Lanes { Lanes(truncating: SIMD16<Int16>(lowHalf: first, highHalf: second)) }
        var s = EdgeSamples(p3: bytes(upper.0, lower.0), p2: bytes(upper.1, lower.1), p1: bytes(upper.2, lower.2),
                            p0: bytes(upper.3, lower.3), q0: bytes(upper.4, lower.4), q1: bytes(upper.5, lower.5),
                            q2: bytes(upper.6, lower.6), q3: bytes(upper.7, lower.7))
        filter(&s, settings)
        typealias I = SIMDInterleave
        @inline(__always) func rows(_ v: Lanes) -> (low: Row, high: Row) { I.halves(SIMD16<Int16>(zeroExtending: v)) }
        let (p2, p1, p0) = (rows(s.p2), rows(s.p1), rows(s.p0))
        let (q0, q1, q2) = (rows(s.q0), rows(s.q1), rows(s.q2))
        unsafe storeColumns((upper.0, p2.low, p1.low, p0.low, q0.low, q1.low, q2.low, upper.7), top, stride: stride)
        unsafe storeColumns((lower.0, p2.high, p1.high, p0.high, q0.high, q1.high, q2.high, lower.7), bottom, stride: stride)
    }
}
