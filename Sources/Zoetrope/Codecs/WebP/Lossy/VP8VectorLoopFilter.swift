/// The loop filters of ``VP8LoopFilter`` applied to 16 positions of an edge at once with SIMD
/// lanes, with the same arithmetic (the tests check both agree on random samples).
///
/// A horizontal edge has its positions side by side in memory, so each of the eight sample rows
/// p3…q3 is one load. Chroma edges are 8 long: U and V are filtered together, eight lanes each,
/// as libwebp does. Vertical edges are transposed into the same form
/// (`VP8VectorLoopFilter+Vertical.swift`).
enum VP8VectorLoopFilter {
    typealias Lanes = SIMD16<Int16>

    /// The eight samples across the edge for each of the 16 positions.
    struct EdgeSamples {
        var p3, p2, p1, p0, q0, q1, q2, q3: Lanes
    }

    /// Where the 16 positions of a horizontal edge are: two runs of 8 consecutive samples (q0 of
    /// positions 0–7 at `first`, of 8–15 at `second`, which is `first + 8` for luma and the V
    /// plane for chroma); `across` is the row stride, the step over the edge.
    @unsafe struct Edge {
        var first: UnsafeMutablePointer<UInt8>
        var second: UnsafeMutablePointer<UInt8>
        var across: Int
    }

    // Minimum, maximum and clamp as compare-and-select, which map to single vector instructions.
    @inline(__always) private static func minimum(_ a: Lanes, _ b: Lanes) -> Lanes { a.replacing(with: b, where: b .< a) }
    @inline(__always) private static func maximum(_ a: Lanes, _ b: Lanes) -> Lanes { a.replacing(with: b, where: b .> a) }

    @inline(__always) private static func distance(_ a: Lanes, _ b: Lanes) -> Lanes {
        let d = a &- b
        return maximum(d, 0 &- d)
    }

    // Clamps as libwebp's SSE2 code gets them from signed-byte saturation: a compare-and-select
    // clamp against constants compiles to about 8 instructions a register at the x86-64 baseline
    // (no `pminsw`/`pmaxsw`), the narrowing `SIMD16<UInt8>(clamping:)` to one `packuswb` for both.

    /// `v` clamped to −128…127: offset into 0…255, narrowed with saturation and widened back.
    @_transparent private static func clampToSignedByte(_ v: Lanes) -> Lanes {
        Lanes(zeroExtending: SIMD16<UInt8>(clamping: v &+ 128)) &- 128
    }

    /// `v >> 3` clamped to −16…15, which is `v` clamped to −128…127, then shifted.
    @_transparent private static func clampedEighth(_ v: Lanes) -> Lanes {
        (Lanes(zeroExtending: SIMD16<UInt8>(clamping: v &+ 128)) &>> 3) &- 16
    }

    // MARK: Loading and storing a horizontal edge

    @_transparent private static func loadRow(_ edge: Edge, _ offset: Int) -> Lanes {
        let low = unsafe UnsafeRawPointer(edge.first + offset).loadUnaligned(as: SIMD8<UInt8>.self)
        let high = unsafe UnsafeRawPointer(edge.second + offset).loadUnaligned(as: SIMD8<UInt8>.self)
        return Lanes(zeroExtending: SIMD16<UInt8>(lowHalf: low, highHalf: high))
    }

    /// Stores one row of samples, clamped to 0…255 (the filters leave that clamp to the store).
    @_transparent private static func storeRow(_ values: Lanes, _ edge: Edge, _ offset: Int) {
        let bytes = SIMDInterleave.halves(SIMD16<UInt8>(clamping: values))
        unsafe UnsafeMutableRawPointer(edge.first + offset).storeBytes(of: bytes.low, as: SIMD8<UInt8>.self)
        unsafe UnsafeMutableRawPointer(edge.second + offset).storeBytes(of: bytes.high, as: SIMD8<UInt8>.self)
    }

    @_transparent static func load(_ edge: Edge) -> EdgeSamples {
        let s = unsafe edge.across
        return unsafe EdgeSamples(p3: loadRow(edge, -4 * s), p2: loadRow(edge, -3 * s), p1: loadRow(edge, -2 * s),
                           p0: loadRow(edge, -s), q0: loadRow(edge, 0), q1: loadRow(edge, s),
                           q2: loadRow(edge, 2 * s), q3: loadRow(edge, 3 * s))
    }

    /// Stores p2…q2 (the only samples any filter changes), clamped to 0…255.
    @_transparent static func store(_ samples: EdgeSamples, _ edge: Edge) {
        let s = unsafe edge.across
        unsafe storeRow(samples.p2, edge, -3 * s)
        unsafe storeRow(samples.p1, edge, -2 * s)
        unsafe storeRow(samples.p0, edge, -s)
        unsafe storeRow(samples.q0, edge, 0)
        unsafe storeRow(samples.q1, edge, s)
        unsafe storeRow(samples.q2, edge, 2 * s)
    }

    // MARK: The filters on lanes

    /// p0/q0 adjustment of the simple filter and of high-variance edges, as new (p0, q0), not yet
    /// clamped to 0…255 (as in all the adjustments below: storing clamps).
    @_transparent
    private static func adjustTwo(p1: Lanes, p0: Lanes, q0: Lanes, q1: Lanes) -> (Lanes, Lanes) {
        let a = 3 &* (q0 &- p0) &+ clampToSignedByte(p1 &- q1)
        let forQ = clampedEighth(a &+ 4)
        let forP = clampedEighth(a &+ 3)
        return (p0 &+ forP, q0 &- forQ)
    }

    /// Whether each position's edge step is small enough: 4·|p0−q0| + |p1−q1| ≤ 2·limit + 1.
    @_transparent
    private static func edgeIsSmooth(p1: Lanes, p0: Lanes, q0: Lanes, q1: Lanes,
                                     limit: Int) -> SIMDMask<SIMD16<Int16>.MaskStorage> {
        let threshold = Lanes(repeating: Int16(truncatingIfNeeded: 2 &* limit &+ 1))
        return 4 &* distance(p0, q0) &+ distance(p1, q1) .<= threshold
    }

    /// The simple filter on 16 positions.
    @inline(__always) static func simple(_ s: inout EdgeSamples, limit: Int) {
        let mask = edgeIsSmooth(p1: s.p1, p0: s.p0, q0: s.q0, q1: s.q1, limit: limit)
        let (p0, q0) = adjustTwo(p1: s.p1, p0: s.p0, q0: s.q0, q1: s.q1)
        s.p0.replace(with: p0, where: mask)
        s.q0.replace(with: q0, where: mask)
    }

    /// The normal filter on 16 positions: six-sample adjustment on macroblock edges, four-sample
    /// inside, two-sample where the edge variance is high, nothing where a limit is exceeded.
    @inline(__always) static func normal(_ s: inout EdgeSamples, limit: Int, interiorLimit: Int, varianceThreshold: Int,
                                         isMacroblockEdge: Bool) {
        let (p2, p1, p0, q0, q1, q2) = (s.p2, s.p1, s.p0, s.q0, s.q1, s.q2)
        let interior = Lanes(repeating: Int16(truncatingIfNeeded: interiorLimit))
        let largest = maximum(maximum(maximum(distance(s.p3, p2), distance(p2, p1)), distance(p1, p0)),
                              maximum(maximum(distance(s.q3, q2), distance(q2, q1)), distance(q1, q0)))
        let filtered = edgeIsSmooth(p1: p1, p0: p0, q0: q0, q1: q1, limit: limit) .& (largest .<= interior)
        let variance = Lanes(repeating: Int16(truncatingIfNeeded: varianceThreshold))
        let highVariance = (distance(p1, p0) .> variance) .| (distance(q1, q0) .> variance)
        let (twoP0, twoQ0) = adjustTwo(p1: p1, p0: p0, q0: q0, q1: q1)
        if isMacroblockEdge { adjustSix(&s) } else { adjustFour(&s) }
        let keep = .!filtered
        let useTwo = filtered .& highVariance
        s.p2.replace(with: p2, where: keep .| useTwo)
        s.p1.replace(with: p1, where: keep .| useTwo)
        s.q1.replace(with: q1, where: keep .| useTwo)
        s.q2.replace(with: q2, where: keep .| useTwo)
        s.p0.replace(with: p0, where: keep)
        s.q0.replace(with: q0, where: keep)
        s.p0.replace(with: twoP0, where: useTwo)
        s.q0.replace(with: twoQ0, where: useTwo)
    }

    @_transparent
    private static func adjustSix(_ s: inout EdgeSamples) {
        let a = clampToSignedByte(3 &* (s.q0 &- s.p0) &+ clampToSignedByte(s.p1 &- s.q1))
        let near = (27 &* a &+ 63) &>> 7
        let middle = (18 &* a &+ 63) &>> 7
        let far = (9 &* a &+ 63) &>> 7
        s.p2 &+= far
        s.p1 &+= middle
        s.p0 &+= near
        s.q0 &-= near
        s.q1 &-= middle
        s.q2 &-= far
    }

    @_transparent
    private static func adjustFour(_ s: inout EdgeSamples) {
        let a = 3 &* (s.q0 &- s.p0)
        let forQ = clampedEighth(a &+ 4)
        let forP = clampedEighth(a &+ 3)
        let outer = (forQ &+ 1) &>> 1
        s.p1 &+= outer
        s.p0 &+= forP
        s.q0 &-= forQ
        s.q1 &-= outer
    }
}

extension VP8VectorLoopFilter {
    /// Which filter an edge gets, with its thresholds.
    struct Settings {
        var isSimple: Bool
        var limit: Int
        var interiorLimit: Int
        var varianceThreshold: Int
        var isMacroblockEdge: Bool
    }

    /// Filters a horizontal edge: the 8 + 8 positions start at `left` and `right` (the rows below
    /// the edge; `right` is `left + 8` for luma, the V row for chroma).
    @inline(__always)
    static func filterHorizontalEdge(left: UnsafeMutablePointer<UInt8>, right: UnsafeMutablePointer<UInt8>, stride: Int,
                                     _ settings: Settings) {
        let edge = unsafe Edge(first: left, second: right, across: stride)
        var samples = unsafe load(edge)
        if settings.isSimple {
            simple(&samples, limit: settings.limit)
        } else {
            normal(&samples, limit: settings.limit, interiorLimit: settings.interiorLimit,
                   varianceThreshold: settings.varianceThreshold, isMacroblockEdge: settings.isMacroblockEdge)
        }
        unsafe store(samples, edge)
    }
}
