import Testing
@testable import Zoetrope

/// Loop filters on one line of eight samples p3 p2 p1 p0 | q0 q1 q2 q3, results worked by hand
/// from RFC 6386 section 15 (libwebp's integer form).
@Suite("VP8 loop filters")
struct VP8LoopFilterTests {
    /// Filters a horizontal line across a vertical edge between index 3 and 4; also checks that
    /// the same call along a column (stride 8) gives the same result.
    private func filtered(_ line: [UInt8], _ apply: (UnsafeMutablePointer<UInt8>, Int, Int) -> Void) -> [UInt8] {
        var row = line
        row.withUnsafeMutableBufferPointer { apply($0.baseAddress! + 4, 1, 8) }
        var column = [UInt8](repeating: 0, count: 64)
        for i in 0..<8 { column[i * 8] = line[i] }
        column.withUnsafeMutableBufferPointer { apply($0.baseAddress! + 32, 8, 1) }
        #expect((0..<8).map { column[$0 * 8] } == row, "vertical and horizontal edges must agree")
        return row
    }

    @Test("simple filter: a step of 10 moves p0 by 2 and q0 by 3")
    func simpleStep() {
        // 4·10 + 10 = 50 ≤ 2·25 + 1. a = 3·(110 − 100) + (100 − 110) = 20;
        // q0 −= (20 + 4) >> 3 = 3; p0 += (20 + 3) >> 3 = 2.
        let result = filtered([100, 100, 100, 100, 110, 110, 110, 110]) { p, across, along in
            VP8LoopFilter.simpleEdge(p, across: across, along: along, count: 1, limit: 25)
        }
        #expect(result == [100, 100, 100, 102, 107, 110, 110, 110])
    }

    @Test("simple filter leaves an edge above its limit alone")
    func simpleThreshold() {
        // 4·|p0 − q0| + |p1 − q1| = 50 > 2·24 + 1.
        let result = filtered([100, 100, 100, 100, 110, 110, 110, 110]) { p, across, along in
            VP8LoopFilter.simpleEdge(p, across: across, along: along, count: 1, limit: 24)
        }
        #expect(result == [100, 100, 100, 100, 110, 110, 110, 110])
    }

    @Test("normal filter on a macroblock edge spreads the step over six samples (27, 18, 9 /128)")
    func normalMacroblockEdge() {
        // a = 20: near (27·20 + 63) >> 7 = 4, middle (18·20 + 63) >> 7 = 3, far (9·20 + 63) >> 7 = 1.
        let result = filtered([100, 100, 100, 100, 110, 110, 110, 110]) { p, across, along in
            VP8LoopFilter.normalEdge(p, across: across, along: along, count: 1, limit: 25, interiorLimit: 1,
                                     varianceThreshold: 0, isMacroblockEdge: true)
        }
        #expect(result == [100, 101, 103, 104, 106, 107, 109, 110])
    }

    @Test("normal filter on an inner edge adjusts four samples")
    func normalInnerEdge() {
        // a = 3·10 = 30: q0 −= 34 >> 3 = 4, p0 += 33 >> 3 = 4, p1/q1 by (4 + 1) >> 1 = 2.
        let result = filtered([100, 100, 100, 100, 110, 110, 110, 110]) { p, across, along in
            VP8LoopFilter.normalEdge(p, across: across, along: along, count: 1, limit: 25, interiorLimit: 1,
                                     varianceThreshold: 0, isMacroblockEdge: false)
        }
        #expect(result == [100, 100, 102, 104, 106, 108, 110, 110])
    }

    @Test("normal filter with high edge variance changes only p0 and q0")
    func normalHighVariance() {
        // |q1 − q0| = 6 > 5: a = 3·10 + (96 − 104) = 22, q0 −= 26 >> 3 = 3, p0 += 25 >> 3 = 3.
        let result = filtered([96, 96, 96, 100, 110, 104, 104, 104]) { p, across, along in
            VP8LoopFilter.normalEdge(p, across: across, along: along, count: 1, limit: 24, interiorLimit: 6,
                                     varianceThreshold: 5, isMacroblockEdge: true)
        }
        #expect(result == [96, 96, 96, 103, 107, 104, 104, 104])
    }

    @Test("normal filter skips edges whose sides are not smooth (interior limit)")
    func normalInteriorLimit() {
        // |p3 − p2| = 7 exceeds the interior limit 6.
        let line: [UInt8] = [89, 96, 96, 100, 110, 104, 104, 104]
        let result = filtered(line) { p, across, along in
            VP8LoopFilter.normalEdge(p, across: across, along: along, count: 1, limit: 24, interiorLimit: 6,
                                     varianceThreshold: 5, isMacroblockEdge: true)
        }
        #expect(result == line)
    }

    @Test("extreme lines at the largest limits never trap and never touch p3 or q3")
    func extremes() {
        var generator = SplitMix64(seed: 15)
        for _ in 0..<5_000 {
            let line = (0..<8).map { _ -> UInt8 in
                let r = generator.next()
                return r % 3 == 0 ? 0 : r % 3 == 1 ? 255 : UInt8(truncatingIfNeeded: r >> 8)
            }
            for variant in 0..<3 {
                let result = filtered(line) { p, across, along in
                    switch variant {
                    case 0: VP8LoopFilter.simpleEdge(p, across: across, along: along, count: 1, limit: 193)
                    default:
                        VP8LoopFilter.normalEdge(p, across: across, along: along, count: 1, limit: 193, interiorLimit: 63,
                                                 varianceThreshold: 2, isMacroblockEdge: variant == 1)
                    }
                }
                #expect(result[0] == line[0] && result[7] == line[7])
            }
        }
    }

    @Test("the vector filter agrees with the scalar one on random horizontal edges")
    func vectorMatchesScalar() {
        var generator = SplitMix64(seed: 99)
        func random(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(generator.next() % UInt64(range.count)) }
        var mismatches = 0
        for _ in 0..<3_000 {
            // 8 rows of 16 samples around an edge between rows 3 and 4, spread enough that every
            // branch (no filter, high variance, full filter) happens.
            let base = random(0...255), spread = random(0...40)
            let block = (0..<128).map { _ in UInt8(min(max(base + random(-spread...spread), 0), 255)) }
            let settings = VP8VectorLoopFilter.Settings(isSimple: random(0...3) == 0, limit: random(0...193),
                                                        interiorLimit: random(1...63), varianceThreshold: random(0...2),
                                                        isMacroblockEdge: random(0...1) == 0)
            var scalar = block
            scalar.withUnsafeMutableBufferPointer { buffer in
                let edge = buffer.baseAddress! + 64
                if settings.isSimple {
                    VP8LoopFilter.simpleEdge(edge, across: 16, along: 1, count: 16, limit: settings.limit)
                } else {
                    VP8LoopFilter.normalEdge(edge, across: 16, along: 1, count: 16, limit: settings.limit,
                                             interiorLimit: settings.interiorLimit, varianceThreshold: settings.varianceThreshold,
                                             isMacroblockEdge: settings.isMacroblockEdge)
                }
            }
            var vector = block
            vector.withUnsafeMutableBufferPointer { buffer in
                let edge = buffer.baseAddress! + 64
                VP8VectorLoopFilter.filterHorizontalEdge(left: edge, right: edge + 8, stride: 16, settings)
            }
            if scalar != vector { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    @Test("filter strengths follow sharpness and the deltas")
    func strengths() {
        var filter = VP8FilterSettings()
        filter.level = 32
        filter.sharpness = 5
        filter.usesDeltas = true
        filter.referenceDeltas[0] = 4
        filter.modeDeltas[0] = -6
        let table = VP8FilterStrength.table(filter, segmentation: VP8Segmentation())
        // 16×16: level 36; interior 36 >> 2 = 9, capped at 9 − 5 = 4; limit 2·36 + 4; hev 1.
        #expect(table[0][0] == VP8FilterStrength(limit: 76, interiorLimit: 4, varianceThreshold: 1, filtersInnerEdges: false))
        // 4×4: level 30.
        #expect(table[0][1] == VP8FilterStrength(limit: 64, interiorLimit: 4, varianceThreshold: 1, filtersInnerEdges: true))
    }
}
