import Testing
@testable import Zoetrope

/// The lane-parallel loop filter against the one-position-at-a-time ``VP8LoopFilter`` on random
/// samples: vertical edges (the 16×8 transposes) and whole macroblocks (every edge, in order).
/// In optimised builds `filterMacroblock` runs the lanes, in debug builds its scalar twin; both
/// must give the reference's bytes.
@Suite("VP8 loop filter lanes")
struct VP8LoopFilterLaneTests {
    private struct Samples {
        var generator: SplitMix64
        mutating func random(_ range: ClosedRange<Int>) -> Int {
            range.lowerBound + Int(generator.next() % UInt64(range.count))
        }
        /// `count` samples around a random level, spread enough that every branch of the filters
        /// (no filter, high variance, full filter) happens, and that the lanes' signed bytes
        /// saturate (3·(q0 − p0) beyond ±127, samples pushed past 0 and 255).
        mutating func bytes(_ count: Int) -> [UInt8] {
            let base = random(0...255), spread = random(0...80)
            return (0..<count).map { _ in UInt8(min(max(base + random(-spread...spread), 0), 255)) }
        }
        mutating func settings(macroblockEdge: Bool? = nil) -> VP8VectorLoopFilter.Settings {
            VP8VectorLoopFilter.Settings(isSimple: random(0...3) == 0, limit: random(0...193), interiorLimit: random(1...63),
                                         varianceThreshold: random(0...2), isMacroblockEdge: macroblockEdge ?? (random(0...1) == 0))
        }
    }

    private static func scalarEdge(_ edge: UnsafeMutablePointer<UInt8>, across: Int, along: Int, count: Int,
                                   _ settings: VP8VectorLoopFilter.Settings) {
        if settings.isSimple {
            VP8LoopFilter.simpleEdge(edge, across: across, along: along, count: count, limit: settings.limit)
        } else {
            VP8LoopFilter.normalEdge(edge, across: across, along: along, count: count, limit: settings.limit,
                                     interiorLimit: settings.interiorLimit, varianceThreshold: settings.varianceThreshold,
                                     isMacroblockEdge: settings.isMacroblockEdge)
        }
    }

    @Test("vertical edges in lanes match the scalar filter, luma and chroma layouts")
    func verticalEdges() {
        var samples = Samples(generator: SplitMix64(seed: 36))
        var mismatches = 0
        for trial in 0..<2_000 {
            // 24 rows of 12 samples; the edge is between columns 5 and 6. Rows 8–15 of the edge
            // follow rows 0–7 (luma) or start at row 16 (chroma: U then V).
            let stride = 12, block = samples.bytes(24 * stride), settings = samples.settings()
            let bottomRow = trial % 2 == 0 ? 8 : 16
            var scalar = block, vector = block
            scalar.withUnsafeMutableBufferPointer { buffer in
                let edge = buffer.baseAddress! + 6
                Self.scalarEdge(edge, across: 1, along: stride, count: 8, settings)
                Self.scalarEdge(edge + bottomRow * stride, across: 1, along: stride, count: 8, settings)
            }
            vector.withUnsafeMutableBufferPointer { buffer in
                let edge = buffer.baseAddress! + 6
                VP8VectorLoopFilter.filterVerticalEdge(top: edge, bottom: edge + bottomRow * stride, stride: stride, settings)
            }
            if scalar != vector { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    /// libwebp's order on one block: left edge, inner vertical edges, top edge, inner horizontal.
    private static func referenceBlock(_ origin: UnsafeMutablePointer<UInt8>, stride: Int, count: Int, inner: [Int],
                                       outerSettings: VP8VectorLoopFilter.Settings, innerSettings: VP8VectorLoopFilter.Settings) {
        scalarEdge(origin, across: 1, along: stride, count: count, outerSettings)
        for offset in inner { scalarEdge(origin + offset, across: 1, along: stride, count: count, innerSettings) }
        scalarEdge(origin, across: stride, along: 1, count: count, outerSettings)
        for offset in inner { scalarEdge(origin + offset * stride, across: stride, along: 1, count: count, innerSettings) }
    }

    @Test("whole macroblocks match the scalar filters edge by edge")
    func macroblocks() {
        var samples = Samples(generator: SplitMix64(seed: 3636))
        var mismatches = 0
        for _ in 0..<300 {
            var planes = VP8Planes(macroblockColumns: 2)
            planes.luma = samples.bytes(planes.luma.count)
            planes.u = samples.bytes(planes.u.count)
            planes.v = samples.bytes(planes.v.count)
            let base = samples.settings(macroblockEdge: false)
            let strength = VP8FilterStrength(limit: max(base.limit, 1), interiorLimit: base.interiorLimit,
                                             varianceThreshold: base.varianceThreshold, filtersInnerEdges: samples.random(0...3) != 0)
            var outer = base, inner = base
            outer.limit = strength.limit + 4
            outer.isMacroblockEdge = true
            inner.limit = strength.limit
            var expected = planes
            let lumaOrigin = planes.lumaRowOrigin + 16, chromaOrigin = planes.chromaRowOrigin + 8
            expected.luma.withUnsafeMutableBufferPointer {
                Self.referenceBlock($0.baseAddress! + lumaOrigin, stride: planes.lumaStride, count: 16,
                                    inner: strength.filtersInnerEdges ? [4, 8, 12] : [], outerSettings: outer, innerSettings: inner)
            }
            if !base.isSimple {
                for plane in [\VP8Planes.u, \VP8Planes.v] {
                    expected[keyPath: plane].withUnsafeMutableBufferPointer {
                        Self.referenceBlock($0.baseAddress! + chromaOrigin, stride: planes.chromaStride, count: 8,
                                            inner: strength.filtersInnerEdges ? [4] : [], outerSettings: outer, innerSettings: inner)
                    }
                }
            }
            VP8LoopFilter.filterMacroblock(x: 1, y: 1, strength: strength, isSimple: base.isSimple, planes: &planes)
            if planes.luma != expected.luma || planes.u != expected.u || planes.v != expected.v { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }
}
