/// The loop filters of ``VP8LoopFilter`` applied to 16 positions of an edge at once, a byte lane
/// a position, as libwebp's SSE2 code does them, with the same results (the tests check both
/// agree on random samples).
///
/// Samples stay bytes: one 128-bit register holds a sample row of all 16 positions. Differences,
/// masks and thresholds are unsigned saturating byte steps (`psubusb`, `paddusb`, `pmaxub`); the
/// filter itself works on the samples with their sign bit flipped (−128…127) in signed saturating
/// byte steps (`paddsb`, `psubsb`, written as clamped 16-bit sums, see
/// ``Swift/SIMD16/init(clamping:)-(SIMD16<Int16>)``). Only the six-sample filter's weights (27, 18
/// and 9 / 128) are computed in 16-bit lanes.
///
/// A horizontal edge has its positions side by side in memory, so each of the eight sample rows
/// p3…q3 is one load. Chroma edges are 8 long: U and V are filtered together, eight lanes each,
/// as libwebp does. Vertical edges are transposed into the same form
/// (`VP8VectorLoopFilter+Vertical.swift`).
enum VP8VectorLoopFilter {
    typealias Lanes = SIMD16<UInt8>
    typealias Signed = SIMD16<Int8>
    /// A lane mask as bytes, 255 or 0: `SIMDMask` algebra (`.!`, `.&`, comparisons with a scalar)
    /// compiles lane by lane here, bitwise operations on bytes do not.
    typealias Mask = SIMD16<UInt8>

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

    // MARK: Byte arithmetic

    /// `a − b`, 0 where negative (`psubusb`).
    @_transparent private static func minus(_ a: Lanes, _ b: Lanes) -> Lanes { (a &- b).replacing(with: 0, where: a .< b) }

    /// `a + b`, 255 where it overflows (`paddusb`).
    @_transparent private static func plus(_ a: Lanes, _ b: Lanes) -> Lanes {
        let sum = a &+ b
        return sum.replacing(with: .max, where: sum .< a)
    }

    @_transparent private static func distance(_ a: Lanes, _ b: Lanes) -> Lanes { minus(a, b) | minus(b, a) }

    @_transparent private static func maximum(_ a: Lanes, _ b: Lanes) -> Lanes { a.replacing(with: b, where: b .> a) }

    /// 255 where the lane is at most `limit` (below 256), else 0.
    @_transparent private static func isWithin(_ v: Lanes, _ limit: Int) -> Mask {
        Mask().replacing(with: .max, where: minus(v, Lanes(repeating: UInt8(truncatingIfNeeded: limit))) .== Lanes())
    }

    /// The samples with the sign bit flipped: 0…255 as −128…127, and back.
    @_transparent private static func signed(_ v: Lanes) -> Signed {
        unsafe unsafeBitCast(v ^ Lanes(repeating: 0x80), to: Signed.self)
    }

    @_transparent private static func unsigned(_ v: Signed) -> Lanes {
        unsafe unsafeBitCast(v, to: Lanes.self) ^ Lanes(repeating: 0x80)
    }

    /// Signed `a + b` and `a − b` clamped to −128…127 (`paddsb`, `psubsb`).
    @_transparent private static func plus(_ a: Signed, _ b: Signed) -> Signed {
        Signed(clamping: SIMD16<Int16>(signExtending: a) &+ SIMD16<Int16>(signExtending: b))
    }

    @_transparent private static func minus(_ a: Signed, _ b: Signed) -> Signed {
        Signed(clamping: SIMD16<Int16>(signExtending: a) &- SIMD16<Int16>(signExtending: b))
    }

    /// `a − b` of unsigned samples, clamped to −128…127: in unsigned steps, as `b − a` is either
    /// 0 or the negative part (held + 128, then the sign bit flipped). The clamped difference of
    /// the flipped samples compiles lane by lane where its value is shared by both filters.
    @_transparent private static func outerDifference(_ a: Lanes, _ b: Lanes) -> Signed {
        signed(minus(plus(minus(a, b), Lanes(repeating: 128)), minus(b, a)))
    }

    /// `v` where `mask` is set, else 0.
    @_transparent private static func masked(_ v: Signed, _ mask: Mask) -> Signed {
        unsafe v & unsafeBitCast(mask, to: Signed.self)
    }

    // MARK: Loading and storing a horizontal edge

    @_transparent private static func loadRow(_ edge: Edge, _ offset: Int) -> Lanes {
        let low = unsafe UnsafeRawPointer(edge.first + offset).loadUnaligned(as: SIMD8<UInt8>.self)
        let high = unsafe UnsafeRawPointer(edge.second + offset).loadUnaligned(as: SIMD8<UInt8>.self)
        return unsafe unsafeBitCast((low, high), to: Lanes.self)
    }

    @_transparent private static func storeRow(_ values: Lanes, _ edge: Edge, _ offset: Int) {
        let words = unsafe unsafeBitCast(values, to: (UInt64, UInt64).self)
        unsafe UnsafeMutableRawPointer(edge.first + offset).storeBytes(of: words.0, as: UInt64.self)
        unsafe UnsafeMutableRawPointer(edge.second + offset).storeBytes(of: words.1, as: UInt64.self)
    }

    @_transparent static func load(_ edge: Edge) -> EdgeSamples {
        let s = unsafe edge.across
        return unsafe EdgeSamples(p3: loadRow(edge, -4 * s), p2: loadRow(edge, -3 * s), p1: loadRow(edge, -2 * s),
                                  p0: loadRow(edge, -s), q0: loadRow(edge, 0), q1: loadRow(edge, s),
                                  q2: loadRow(edge, 2 * s), q3: loadRow(edge, 3 * s))
    }

    /// Stores p2…q2 (the only samples any filter changes).
    ///
    /// Out of line: inside the large filtering function the optimiser leaves each of the twelve
    /// 64-bit stores an out-of-line generic call; here they are plain moves.
    @inline(never) static func store(_ samples: EdgeSamples, _ edge: Edge) {
        let s = unsafe edge.across
        unsafe storeRow(samples.p2, edge, -3 * s)
        unsafe storeRow(samples.p1, edge, -2 * s)
        unsafe storeRow(samples.p0, edge, -s)
        unsafe storeRow(samples.q0, edge, 0)
        unsafe storeRow(samples.q1, edge, s)
        unsafe storeRow(samples.q2, edge, 2 * s)
    }

    // MARK: The filters on lanes

    /// Whether each position's edge step is small enough: 4·|p0−q0| + |p1−q1| ≤ 2·limit + 1,
    /// computed as libwebp's SSE2 code does, 2·|p0−q0| + |p1−q1|/2 ≤ limit with saturation (the
    /// same for every limit below 255; the largest is 193).
    @_transparent
    private static func edgeIsSmooth(p1: Lanes, p0: Lanes, q0: Lanes, q1: Lanes, limit: Int) -> Mask {
        let step = distance(p0, q0)
        return isWithin(plus(plus(step, step), distance(p1, q1) &>> 1), limit)
    }

    /// 3·(q0 − p0) + (p1 − q1) on signed samples, every step clamped to −128…127 (libwebp's
    /// `GetBaseDelta`: the same as clamping the exact sum); `outer` is p1 − q1, or 0 in lanes that
    /// leave it out.
    @_transparent
    private static func baseDelta(outer: Signed, p0: Signed, q0: Signed) -> Signed {
        let step = minus(q0, p0)
        return plus(step, plus(step, plus(outer, step)))
    }

    /// p0 += (f + 3) >> 3 and q0 −= (f + 4) >> 3, clamped (libwebp's `DoSimpleFilter`); returns
    /// (f + 4) >> 3 for the four-sample filter.
    @_transparent
    @discardableResult
    private static func adjustTwo(_ p0: inout Signed, _ q0: inout Signed, _ f: Signed) -> Signed {
        let three = Signed(repeating: 3)
        let forP = plus(f, three) &>> three, forQ = plus(f, Signed(repeating: 4)) &>> three
        p0 = plus(p0, forP)
        q0 = minus(q0, forQ)
        return forQ
    }

    /// The simple filter on 16 positions.
    @_transparent static func simple(_ s: inout EdgeSamples, limit: Int) {
        let mask = edgeIsSmooth(p1: s.p1, p0: s.p0, q0: s.q0, q1: s.q1, limit: limit)
        var p0 = signed(s.p0), q0 = signed(s.q0)
        let a = baseDelta(outer: outerDifference(s.p1, s.q1), p0: p0, q0: q0)
        adjustTwo(&p0, &q0, masked(a, mask))
        s.p0 = unsigned(p0)
        s.q0 = unsigned(q0)
    }

    /// The normal filter on 16 positions: six-sample adjustment on macroblock edges, four-sample
    /// inside, two-sample where the edge variance is high, nothing where a limit is exceeded.
    @_transparent static func normal(_ s: inout EdgeSamples, limit: Int, interiorLimit: Int, varianceThreshold: Int,
                                         isMacroblockEdge: Bool) {
        let nearP = distance(s.p1, s.p0), nearQ = distance(s.q1, s.q0)
        let largest = maximum(maximum(maximum(distance(s.p3, s.p2), distance(s.p2, s.p1)), nearP),
                              maximum(maximum(distance(s.q3, s.q2), distance(s.q2, s.q1)), nearQ))
        let filtered = edgeIsSmooth(p1: s.p1, p0: s.p0, q0: s.q0, q1: s.q1, limit: limit) & isWithin(largest, interiorLimit)
        let lowVariance = isWithin(maximum(nearP, nearQ), varianceThreshold)
        if isMacroblockEdge {
            adjustSix(&s, filtered: filtered, lowVariance: lowVariance)
        } else {
            adjustFour(&s, filtered: filtered, lowVariance: lowVariance)
        }
    }

    /// Inner edges (libwebp's `DoFilter4`): p0 and q0 by (a + 3) >> 3 and (a + 4) >> 3, where a is
    /// 3·(q0 − p0), plus p1 − q1 where the variance is high; p1 and q1 by half of q0's step where
    /// it is low.
    @_transparent
    private static func adjustFour(_ s: inout EdgeSamples, filtered: Mask, lowVariance: Mask) {
        var p1 = signed(s.p1), p0 = signed(s.p0), q0 = signed(s.q0), q1 = signed(s.q1)
        let a = baseDelta(outer: masked(outerDifference(s.p1, s.q1), ~lowVariance), p0: p0, q0: q0)
        let forQ = adjustTwo(&p0, &q0, masked(a, filtered))
        let outer = masked((forQ &+ Signed(repeating: 1)) &>> Signed(repeating: 1), lowVariance)
        p1 = plus(p1, outer)
        q1 = minus(q1, outer)
        (s.p1, s.p0, s.q0, s.q1) = (unsigned(p1), unsigned(p0), unsigned(q0), unsigned(q1))
    }

    /// Macroblock edges (libwebp's `DoFilter6`): where the variance is high, the two-sample
    /// filter; where it is low, p2…q2 by (w·a + 63) >> 7 for weights 9, 18 and 27.
    @_transparent
    private static func adjustSix(_ s: inout EdgeSamples, filtered: Mask, lowVariance: Mask) {
        var p2 = signed(s.p2), p1 = signed(s.p1), p0 = signed(s.p0)
        var q0 = signed(s.q0), q1 = signed(s.q1), q2 = signed(s.q2)
        let a = baseDelta(outer: outerDifference(s.p1, s.q1), p0: p0, q0: q0)
        adjustTwo(&p0, &q0, masked(a, filtered & ~lowVariance))
        let nine = SIMD16<Int16>(signExtending: masked(a, filtered & lowVariance)) &* 9
        let far = Signed(clamping: (nine &+ 63) &>> 7)
        let middle = Signed(clamping: (nine &* 2 &+ 63) &>> 7)
        let near = Signed(clamping: (nine &* 3 &+ 63) &>> 7)
        (p2, q2) = (plus(p2, far), minus(q2, far))
        (p1, q1) = (plus(p1, middle), minus(q1, middle))
        (p0, q0) = (plus(p0, near), minus(q0, near))
        (s.p2, s.p1, s.p0) = (unsigned(p2), unsigned(p1), unsigned(p0))
        (s.q0, s.q1, s.q2) = (unsigned(q0), unsigned(q1), unsigned(q2))
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

    /// Filters `samples` as `settings` say.
    @inline(__always)
    static func filter(_ samples: inout EdgeSamples, _ settings: Settings) {
        if settings.isSimple {
            simple(&samples, limit: settings.limit)
        } else {
            normal(&samples, limit: settings.limit, interiorLimit: settings.interiorLimit,
                   varianceThreshold: settings.varianceThreshold, isMacroblockEdge: settings.isMacroblockEdge)
        }
    }

    /// Filters a horizontal edge: the 8 + 8 positions start at `left` and `right` (the rows below
    /// the edge; `right` is `left + 8` for luma, the V row for chroma).
    @inline(__always)
    static func filterHorizontalEdge(left: UnsafeMutablePointer<UInt8>, right: UnsafeMutablePointer<UInt8>, stride: Int,
                                     _ settings: Settings) {
        let edge = unsafe Edge(first: left, second: right, across: stride)
        var samples = unsafe load(edge)
        filter(&samples, settings)
        unsafe store(samples, edge)
    }
}
