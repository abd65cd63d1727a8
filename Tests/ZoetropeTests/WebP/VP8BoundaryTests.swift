import Testing
@testable import Zoetrope

/// The VP8 decoder's boundary rules, each tested exactly at the boundary and one step past it,
/// with values worked out by hand from RFC 6386 (sections 9.6, 14.1 and 15), so that a threshold
/// off by one fails here without the corpus. The loop filter cases run through both the scalar
/// filter and the vector filter that decoding uses.
@Suite("VP8 boundaries")
struct VP8BoundaryTests {
    /// One edge setting and a line p3 p2 p1 p0 | q0 q1 q2 q3 with what it must become.
    struct FilterCase: Sendable, CustomStringConvertible {
        var name: String
        var simple = false
        var limit: Int
        var interior = 1
        var variance = 0
        var macroblockEdge = true
        var line: [UInt8]
        var expected: [UInt8]
        var description: String { name }
    }

    static let filterCases: [FilterCase] = [
        // Simple filter: 4·|p0 − q0| + |p1 − q1| against 2·limit + 1.
        // 4·10 + 11 = 51 = 2·25 + 1: filtered. a = 3·10 + (100 − 111) = 19; q0 −= 23 >> 3 = 2, p0 += 22 >> 3 = 2.
        FilterCase(name: "simple, step exactly at the edge limit", simple: true, limit: 25,
                   line: [100, 100, 100, 100, 110, 111, 111, 111], expected: [100, 100, 100, 102, 108, 111, 111, 111]),
        // 4·10 + 12 = 52 > 51: untouched.
        FilterCase(name: "simple, one past the edge limit", simple: true, limit: 25,
                   line: [100, 100, 100, 100, 110, 112, 112, 112], expected: [100, 100, 100, 100, 110, 112, 112, 112]),
        // 51 > 2·24 + 1 = 49: untouched.
        FilterCase(name: "simple, one limit lower", simple: true, limit: 24,
                   line: [100, 100, 100, 100, 110, 111, 111, 111], expected: [100, 100, 100, 100, 110, 111, 111, 111]),
        // Normal filter on p3…q3 = 97 98 99 100 | 105 106 107 108: the edge step 4·5 + |99 − 106| = 27
        // = 2·13 + 1; every side difference is 1 = the interior limit; |p1 − p0| = |q1 − q0| = 1 = the
        // variance threshold, not above it: six samples. a = 3·5 + (99 − 106) = 8: near
        // (27·8 + 63) >> 7 = 2, middle (18·8 + 63) >> 7 = 1, far (9·8 + 63) >> 7 = 1.
        FilterCase(name: "normal, edge, sides and variance exactly at their limits", limit: 13, interior: 1, variance: 1,
                   line: base, expected: [97, 99, 100, 102, 103, 105, 106, 108]),
        // Variance threshold 0: |p1 − p0| = 1 is above it, so only p0 and q0 move:
        // q0 −= (8 + 4) >> 3 = 1, p0 += (8 + 3) >> 3 = 1.
        FilterCase(name: "normal, variance one above its threshold", limit: 13, interior: 1, variance: 0,
                   line: base, expected: [97, 98, 99, 101, 104, 106, 107, 108]),
        // An inner edge at the same limits: four samples. a = 3·5 = 15: q0 −= 19 >> 3 = 2,
        // p0 += 18 >> 3 = 2, p1 and q1 by (2 + 1) >> 1 = 1.
        FilterCase(name: "normal inner edge at the limits", limit: 13, interior: 1, variance: 1, macroblockEdge: false,
                   line: base, expected: [97, 98, 100, 102, 103, 105, 107, 108]),
        // 27 > 2·12 + 1 = 25: untouched.
        FilterCase(name: "normal, edge step one limit past", limit: 12, interior: 1, variance: 1, line: base, expected: base),
    ] + interiorCases

    /// Every side difference 1, the edge step 5 (see the cases above).
    static let base: [UInt8] = [97, 98, 99, 100, 105, 106, 107, 108]

    /// Each of the six side differences made 2, one above the interior limit 1, stops the filter
    /// (the edge limit 30 is far from the step).
    static var interiorCases: [FilterCase] {
        (0..<6).map { pair in
            var changed = base
            // Pairs (p3, p2) (p2, p1) (p1, p0) on the left, (q0, q1) (q1, q2) (q2, q3) on the right:
            // moving every sample beyond the pair by one widens it alone.
            if pair < 3 {
                for index in 0...pair { changed[index] -= 1 }
            } else {
                for index in (pair + 2)...7 { changed[index] += 1 }
            }
            return FilterCase(name: "normal, side difference \(pair) one above the interior limit", limit: 30, interior: 1,
                              variance: 1, line: changed, expected: changed)
        }
    }

    @Test("loop filters at their thresholds, scalar and vector", arguments: filterCases)
    func loopFilterThresholds(_ test: FilterCase) {
        // Scalar: one line across a vertical edge.
        var scalar = test.line
        scalar.withUnsafeMutableBufferPointer { buffer in
            let edge = buffer.baseAddress! + 4
            if test.simple {
                VP8LoopFilter.simpleEdge(edge, across: 1, along: 8, count: 1, limit: test.limit)
            } else {
                VP8LoopFilter.normalEdge(edge, across: 1, along: 8, count: 1, limit: test.limit, interiorLimit: test.interior,
                                         varianceThreshold: test.variance, isMacroblockEdge: test.macroblockEdge)
            }
        }
        #expect(scalar == test.expected, "scalar")
        // Vector: the line down each of 16 columns across a horizontal edge (rows 3 | 4 of 8).
        var block = [UInt8](repeating: 0, count: 8 * 16)
        for row in 0..<8 { for column in 0..<16 { block[row * 16 + column] = test.line[row] } }
        block.withUnsafeMutableBufferPointer { buffer in
            let edge = buffer.baseAddress! + 4 * 16
            VP8VectorLoopFilter.filterHorizontalEdge(left: edge, right: edge + 8, stride: 16, VP8VectorLoopFilter.Settings(
                isSimple: test.simple, limit: test.limit, interiorLimit: test.interior, varianceThreshold: test.variance,
                isMacroblockEdge: test.macroblockEdge))
        }
        for column in 0..<16 {
            #expect((0..<8).map { block[$0 * 16 + column] } == test.expected, "vector, column \(column)")
        }
    }

    /// RFC 6386 section 15.2 and libwebp: the high edge variance threshold of key frames is 2 from
    /// level 40, 1 from level 15, else 0; the interior limit is the level shifted right by 1 for
    /// sharpness 1–4 and by 2 above, capped at 9 − sharpness, at least 1; the edge limit before
    /// the macroblock bonus is 2·level + interior; levels are clamped to 0…63 and 0 filters nothing.
    @Test("filter strengths at every threshold of level and sharpness", arguments: [
        // (level, sharpness, limit, interior, variance)
        (14, 0, 42, 14, 0), (15, 0, 45, 15, 1), (39, 0, 117, 39, 1), (40, 0, 120, 40, 2),
        (20, 4, 45, 5, 1), (20, 5, 44, 4, 1), (36, 4, 77, 5, 1), (36, 5, 76, 4, 1),
        (1, 7, 3, 1, 0), (3, 1, 7, 1, 0), (63, 0, 189, 63, 2), (70, 0, 189, 63, 2), (0, 0, 0, 0, 0), (-5, 0, 0, 0, 0),
    ])
    func strengthThresholds(level: Int, sharpness: Int, limit: Int, interior: Int, variance: Int) {
        var filter = VP8FilterSettings()
        filter.level = 0
        filter.sharpness = sharpness
        filter.usesDeltas = true
        filter.referenceDeltas[0] = level   // reaches any level, negative ones and those above 63 included
        let strength = VP8FilterStrength.table(filter, segmentation: VP8Segmentation())[0][0]
        #expect(strength == VP8FilterStrength(limit: limit, interiorLimit: interior, varianceThreshold: variance,
                                              filtersInnerEdges: false), "level \(level), sharpness \(sharpness)")
    }

    /// RFC 6386 section 14.1 (the reference decoder's dequant_init): indices are clamped to 0…127;
    /// the second-order DC factor is doubled; the second-order AC factor is 155/100 of the table's,
    /// at least 8; the chroma DC factor is at most 132.
    @Test("dequantisation factors at their clamps")
    func quantizerClamps() {
        let dc = VP8QuantMatrix.dcTable, ac = VP8QuantMatrix.acTable
        let top = VP8QuantMatrix(index: 127, deltas: VP8QuantDeltas())
        #expect(top.lumaDC == 157 && top.lumaAC == 284 && top.chromaAC == 284)
        #expect(top.chromaDC == 132, "the chroma DC clamp: dc_q(127) = 157 is cut to 132")
        #expect(top.secondOrderDC == 314 && top.secondOrderAC == 284 * 155 / 100)
        // Chroma DC reaches 132 at index 117 and stays there; below, it follows the table.
        for index in 110...127 {
            let matrix = VP8QuantMatrix(index: index, deltas: VP8QuantDeltas())
            #expect(Int(matrix.chromaDC) == min(Int(dc[index]), 132), "index \(index)")
            #expect(Int(matrix.secondOrderAC) == max(8, Int(ac[index]) * 155 / 100), "index \(index)")
        }
        // The delta reaches the clamp too: 120 + 15 → 127 for luma, and still 132 for chroma.
        var deltas = VP8QuantDeltas()
        deltas.lumaDC = 15
        deltas.chromaDC = 15
        deltas.secondOrderAC = -15
        let shifted = VP8QuantMatrix(index: 120, deltas: deltas)
        #expect(shifted.lumaDC == 157 && shifted.chromaDC == 132 && Int(shifted.secondOrderAC) == Int(ac[105]) * 155 / 100)
        // Low end: the second-order AC floor of 8 (4·155/100 = 6, 5·155/100 = 7, 6·155/100 = 9).
        #expect(VP8QuantMatrix(index: 0, deltas: VP8QuantDeltas()).secondOrderAC == 8)
        #expect(VP8QuantMatrix(index: 1, deltas: VP8QuantDeltas()).secondOrderAC == 8)
        #expect(VP8QuantMatrix(index: 2, deltas: VP8QuantDeltas()).secondOrderAC == 9)
        // Indices below 0 and above 127 clamp.
        var negative = VP8QuantDeltas()
        negative.lumaDC = -15
        #expect(VP8QuantMatrix(index: 5, deltas: negative).lumaDC == 4)
        #expect(VP8QuantMatrix(index: 300, deltas: VP8QuantDeltas()) == top)
        #expect(VP8QuantMatrix(index: -3, deltas: VP8QuantDeltas()) == VP8QuantMatrix(index: 0, deltas: VP8QuantDeltas()))
    }
}
