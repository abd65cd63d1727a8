import Testing
@testable import Zoetrope

/// The plain twins that debug builds take for the lossy decoder's lane kernels (YUV → RGBA, the
/// fancy upsampler, the three-coefficient transform, the normal loop filter), against the kernels
/// optimised builds run, on random inputs; and the fused upsampler-converter that debug builds
/// decode with, against the two kernels it fuses. In a debug build the dispatching entry points are
/// the twins themselves, so the lane kernels are compared where the suite runs optimised (CI's ASan
/// pass); the twins are also compared with the independent per-pixel formulas in both.
@Suite("VP8 debug-build twins of the lane kernels")
struct VP8DebugTwinTests {
    private static func bytes(_ count: Int, _ g: inout SplitMix64) -> [UInt8] {
        (0..<count).map { _ in
            switch Int.random(in: 0..<4, using: &g) {
            case 0: [0, 1, 16, 235, 240, 254, 255].randomElement(using: &g)!
            default: UInt8.random(in: 0...255, using: &g)
            }
        }
    }

    @Test("YUV → RGBA: the twin gives the row kernel's pixels and the per-pixel formulas")
    func convertRow() {
        var g = SplitMix64(seed: 365)
        for count in 0...70 {
            let luma = Self.bytes(count, &g), u = Self.bytes(count, &g), v = Self.bytes(count, &g)
            var kernel = [UInt8](repeating: 7, count: count * 4 + 4), twin = kernel
            luma.withUnsafeBufferPointer { y in
                u.withUnsafeBufferPointer { u in
                    v.withUnsafeBufferPointer { v in
                        kernel.withUnsafeMutableBufferPointer {
                            YUVToRGBA.convertRow(luma: y.baseAddress!, u: u.baseAddress!, v: v.baseAddress!,
                                                 into: $0.baseAddress!, count: count)
                        }
                        twin.withUnsafeMutableBufferPointer {
                            YUVToRGBA.convertRowScalar(luma: y.baseAddress!, u: u.baseAddress!, v: v.baseAddress!,
                                                       into: $0.baseAddress!, count: count)
                        }
                    }
                }
            }
            #expect(twin == kernel)
            var expected = [UInt8]()
            for x in 0..<count {
                let (y, cb, cr) = (Int(luma[x]), Int(u[x]), Int(v[x]))
                expected += [YUVToRGBA.red(y: y, v: cr), YUVToRGBA.green(y: y, u: cb, v: cr), YUVToRGBA.blue(y: y, u: cb), 255]
            }
            #expect(Array(twin[0..<count * 4]) == expected)
            #expect(Array(twin[(count * 4)...]) == [7, 7, 7, 7]) // nothing written past the row
        }
    }

    @Test("fancy upsampling of a row pair: the twin gives the lane kernel's bytes and the 9:3:3:1 weights")
    func upsampleRowPair() {
        var g = SplitMix64(seed: 36_5)
        for width in 1...70 {
            let chroma = (width + 1) / 2
            let above = Self.bytes(chroma, &g), below = Self.bytes(chroma, &g)
            var kernel = [UInt8](repeating: 9, count: 2 * width + 2), twin = kernel
            above.withUnsafeBufferPointer { a in
                below.withUnsafeBufferPointer { b in
                    kernel.withUnsafeMutableBufferPointer {
                        ChromaUpsampler.upsampleRowPair(above: a.baseAddress!, below: b.baseAddress!, top: $0.baseAddress!,
                                                        bottom: $0.baseAddress! + width + 1, width: width)
                    }
                    twin.withUnsafeMutableBufferPointer {
                        ChromaUpsampler.upsampleRowPairScalar(above: a.baseAddress!, below: b.baseAddress!, top: $0.baseAddress!,
                                                              bottom: $0.baseAddress! + width + 1, width: width)
                    }
                }
            }
            #expect(twin == kernel)
            #expect(twin[width] == 9 && twin[2 * width + 1] == 9) // nothing written past either row
            // Output x has its nearer chroma sample at x / 2 rounded to the odd side, the farther
            // one on the other side; at the ends there is only the nearer one (libwebp's rounding:
            // the mean of two diagonal averages, 3:1 horizontally and vertically).
            for x in 0..<width {
                let nearX = x % 2 == 1 ? (x - 1) / 2 : x / 2, farX = x % 2 == 1 ? (x + 1) / 2 : x / 2 - 1
                let (an, bn) = (Int(above[nearX]), Int(below[nearX]))
                if x == 0 || farX >= chroma {
                    #expect(Int(twin[x]) == (3 * an + bn + 2) >> 2)
                    #expect(Int(twin[width + 1 + x]) == (3 * bn + an + 2) >> 2)
                } else {
                    let (af, bf) = (Int(above[farX]), Int(below[farX]))
                    let sum = an + af + bn + bf + 8
                    #expect(Int(twin[x]) == ((sum + 2 * (af + bn)) / 8 + an) / 2)
                    #expect(Int(twin[width + 1 + x]) == ((sum + 2 * (an + bf)) / 8 + bn) / 2)
                }
            }
        }
    }

    @Test("fused upsampling and conversion of a row pair, in pieces, with alpha: the twin gives the two kernels' pixels")
    func convertRowPair() {
        var g = SplitMix64(seed: 5_365)
        for width in 1...70 {
            let chroma = (width + 1) / 2
            let luma = Self.bytes(2 * width, &g), u = Self.bytes(2 * chroma, &g), v = Self.bytes(2 * chroma, &g)
            // The kernels: each chroma plane upsampled to two rows, then each row converted.
            var fullU = [UInt8](repeating: 0, count: 2 * width), fullV = fullU
            var expected = [UInt8](repeating: 7, count: 8 * width + 4), fused = expected
            func upsample(_ plane: [UInt8], into full: inout [UInt8]) {
                plane.withUnsafeBufferPointer { p in
                    full.withUnsafeMutableBufferPointer {
                        ChromaUpsampler.upsampleRowPair(above: p.baseAddress!, below: p.baseAddress! + chroma, top: $0.baseAddress!,
                                                        bottom: $0.baseAddress! + width, width: width)
                    }
                }
            }
            upsample(u, into: &fullU)
            upsample(v, into: &fullV)
            luma.withUnsafeBufferPointer { y in
                fullU.withUnsafeBufferPointer { u in
                    fullV.withUnsafeBufferPointer { v in
                        expected.withUnsafeMutableBufferPointer {
                            for row in 0..<2 {
                                YUVToRGBA.convertRow(luma: y.baseAddress! + row * width, u: u.baseAddress! + row * width,
                                                     v: v.baseAddress! + row * width, into: $0.baseAddress! + row * width * 4,
                                                     count: width)
                            }
                        }
                    }
                }
            }
            // The fused twin, with an alpha plane, over the output pairs in pieces of random lengths.
            let alpha = Self.bytes(2 * width, &g)
            for pixel in 0..<(2 * width) { expected[pixel * 4 + 3] = alpha[pixel] }
            let pairCount = width / 2 + 1
            var start = 0
            while start < pairCount {
                let end = min(pairCount, start + Int.random(in: 1...5, using: &g))
                #expect(ChromaUpsampler.pixels(ofPairs: start..<end, width: width).count > 0)
                luma.withUnsafeBufferPointer { y in
                    u.withUnsafeBufferPointer { u in
                        v.withUnsafeBufferPointer { v in
                            alpha.withUnsafeBufferPointer { a in
                                fused.withUnsafeMutableBufferPointer {
                                    ChromaUpsampler.convertRowPairScalar(
                                        luma: (y.baseAddress!, y.baseAddress! + width), u: (u.baseAddress!, u.baseAddress! + chroma),
                                        v: (v.baseAddress!, v.baseAddress! + chroma),
                                        output: ($0.baseAddress!, $0.baseAddress! + width * 4),
                                        alpha: (a.baseAddress!, a.baseAddress! + width), width: width, pairs: start..<end)
                                }
                            }
                        }
                    }
                }
                start = end
            }
            #expect(fused == expected, "width \(width)")
            #expect(Array(fused[(8 * width)...]) == [7, 7, 7, 7]) // nothing written past the rows
        }
    }

    @Test("the three-coefficient transform's twin gives the lane kernel's and the full transform's pixels")
    func threeCoefficients() {
        var g = SplitMix64(seed: 1365)
        for _ in 0..<3000 {
            var coefficients = [Int16](repeating: 0, count: 16)
            for i in [0, 1, 4] {
                coefficients[i] = Int.random(in: 0..<4, using: &g) == 0
                    ? [Int16.max, Int16.min, 0].randomElement(using: &g)! : Int16.random(in: -2048...2048, using: &g)
            }
            let pixels = Self.bytes(4 * VP8Transform.stride, &g)
            coefficients.withUnsafeBufferPointer { c in
                func apply(_ body: (UnsafeMutablePointer<UInt8>) -> Void) -> [UInt8] {
                    var copy = pixels
                    copy.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
                    return copy
                }
                let twin = apply { VP8Transform.addInverseAC3Scalar(c.baseAddress!, to: $0) }
                #expect(apply { VP8Transform.addInverseAC3Lanes(c.baseAddress!, to: $0) } == twin)
                #expect(apply { VP8Transform.addInverseDCT(c.baseAddress!, to: $0) } == twin)
                #expect(apply { VP8Transform.addInverseAC3(c.baseAddress!, to: $0) } == twin)
            }
        }
    }

    @Test("TrueMotion prediction: the twin gives the predictor's pixels for 16×16, 8×8 and 4×4 blocks")
    func trueMotion() {
        var g = SplitMix64(seed: 2365)
        for round in 0..<300 {
            let size = [16, 8, 4][round % 3]
            let area = Self.bytes(32 * 18, &g)
            func predict(_ body: (UnsafeMutablePointer<UInt8>) -> Void) -> [UInt8] {
                var copy = area
                copy.withUnsafeMutableBufferPointer { body($0.baseAddress! + 32 + 4) }
                return copy
            }
            let twin = predict { VP8IntraPredictor.trueMotionScalar($0, size: size) }
            let predictor = predict {
                if size == 4 {
                    VP8IntraPredictor.predictSubblock(.trueMotion, $0)
                } else {
                    VP8IntraPredictor.predictWholeBlock(.trueMotion, size: size, $0, hasAbove: true, hasLeft: true)
                }
            }
            #expect(twin == predictor)
            // Independently: above + left − corner, clamped.
            let above = 4, corner = 3
            let expected = (0..<size).allSatisfy { row in
                (0..<size).allSatisfy { column in
                    let value = Int(area[above + column]) + Int(area[32 * (row + 1) + corner]) - Int(area[corner])
                    return Int(twin[32 * (row + 1) + 4 + column]) == min(max(value, 0), 255)
                }
            }
            #expect(expected)
        }
    }

    @Test("the normal loop filter's table twin gives normalEdge's bytes, edge by edge, both ways, luma and chroma")
    func normalEdges() {
        var g = SplitMix64(seed: 4365)
        for round in 0..<400 {
            // A block with 4 samples of margin on every side (the filter reads p3 and writes p2 outside).
            let count = round % 2 == 0 ? 16 : 8, stride = count + 8
            let level = Int.random(in: 0...255, using: &g), spread = Int.random(in: 0...90, using: &g)
            let area = (0..<stride * stride).map { _ in UInt8(min(max(level + Int.random(in: -spread...spread, using: &g), 0), 255)) }
            let first = Int.random(in: 0...1, using: &g), last = Int.random(in: 0...1, using: &g) == 0 ? 0 : count / 4 - 1
            let limit = Int.random(in: 1...64, using: &g), interior = Int.random(in: 1...63, using: &g)
            let variance = Int.random(in: 0...2, using: &g), vertical = Int.random(in: 0...1, using: &g) == 0
            let (across, along) = vertical ? (1, stride) : (stride, 1)
            func filter(_ body: (UnsafeMutablePointer<UInt8>) -> Void) -> [UInt8] {
                var copy = area
                copy.withUnsafeMutableBufferPointer { body($0.baseAddress! + 4 * stride + 4) }
                return copy
            }
            let twin = filter { origin in
                VP8LoopFilter.normalEdgesTwin(origin, across: across, along: along, count: count, first: first, last: last,
                                              outerLimit: limit + 4, innerLimit: limit, interiorLimit: interior,
                                              varianceThreshold: variance, tables: VP8LoopFilter.clippingTables)
            }
            let reference = filter { origin in
                for edge in first...max(first, last) where edge <= last {
                    VP8LoopFilter.normalEdge(origin + 4 * edge * across, across: across, along: along, count: count,
                                             limit: edge == 0 ? limit + 4 : limit, interiorLimit: interior,
                                             varianceThreshold: variance, isMacroblockEdge: edge == 0)
                }
            }
            #expect(twin == reference, "round \(round)")
        }
    }

    #if DEBUG
    /// Debug builds filter a whole macroblock row at a time (the planes' storage taken once);
    /// `filterMacroblock`, one macroblock at a time, is the lane kernels where the suite runs
    /// optimised and the same twin on one macroblock in a debug build.
    @Test("the loop filter's row twin gives filterMacroblock's bytes, macroblock by macroblock")
    func filterRow() {
        var g = SplitMix64(seed: 6_365)
        for round in 0..<40 {
            var planes = VP8Planes(macroblockColumns: 3)
            let level = Int.random(in: 0...255, using: &g), spread = Int.random(in: 0...40, using: &g)
            func smooth(_ count: Int) -> [UInt8] {
                (0..<count).map { _ in UInt8(min(max(level + Int.random(in: -spread...spread, using: &g), 0), 255)) }
            }
            planes.luma = smooth(planes.luma.count)
            planes.u = smooth(planes.u.count)
            planes.v = smooth(planes.v.count)
            let strengths = (0..<3).map { _ in
                VP8FilterStrength(limit: Int.random(in: 0...63, using: &g), interiorLimit: Int.random(in: 1...63, using: &g),
                                  varianceThreshold: Int.random(in: 0...2, using: &g), filtersInnerEdges: Bool.random(using: &g))
            }
            let y = round % 2
            var reference = planes
            for x in 0..<3 {
                VP8LoopFilter.filterMacroblock(x: x, y: y, strength: strengths[x], isSimple: false, planes: &reference)
            }
            strengths.withUnsafeBufferPointer {
                VP8LoopFilter.filterMacroblocksTwin(from: 0, y: y, strengths: $0, planes: &planes)
            }
            #expect(planes.luma == reference.luma && planes.u == reference.u && planes.v == reference.v, "round \(round)")
        }
    }
    #endif

    /// In a debug build `readCoefficients` is the one-loop twin; optimised, it is the per-bit
    /// form itself, so the comparison bites in CI's debug pass.
    @Test("token reading: readCoefficients gives the per-bit reader's coefficients, counts and reader state")
    func readCoefficients() {
        var g = SplitMix64(seed: 3_605)
        for stream in 0..<60 {
            // Random bytes are hostile streams too: large categories, and reading past the end.
            let bytes = Self.bytes(8 + stream * 3, &g)
            // Low probabilities send the tree to its deep leaves (categories 3–6) often.
            let table = (0..<17 * VP8ResidualDecoder.probabilitiesPerPosition).map { _ in
                Bool.random(using: &g) ? UInt8.random(in: 1...40, using: &g) : UInt8.random(in: 1...255, using: &g)
            }
            let zigzag = VP8Tables.zigzag
            bytes.withUnsafeBufferPointer { buffer in
                var perBit = VP8BoolDecoder(buffer, range: 0..<buffer.count), twin = perBit
                for block in 0..<24 {
                    let context = Int.random(in: 0...2, using: &g), first = block % 3 == 0 ? 1 : 0
                    let dc = Int32.random(in: -200...2_000, using: &g), ac = Int32.random(in: 1...2_000, using: &g)
                    var expected = [Int16](repeating: 0, count: 16), actual = expected
                    let counts = table.withUnsafeBufferPointer { t in
                        zigzag.withUnsafeBufferPointer { z in
                            (VP8ResidualDecoder.readCoefficientsPerBit(&perBit, t.baseAddress!, zigzag: z.baseAddress!, context: context,
                                                                       dcFactor: dc, acFactor: ac, first: first, into: &expected),
                             VP8ResidualDecoder.readCoefficients(&twin, t.baseAddress!, zigzag: z.baseAddress!, context: context,
                                                                 dcFactor: dc, acFactor: ac, first: first, into: &actual))
                        }
                    }
                    #expect(counts.0 == counts.1 && actual == expected, "stream \(stream), block \(block)")
                    #expect(twin.isPastEnd == perBit.isPastEnd)
                }
                // The same state: the same bits follow.
                let following = (twin.readLiteral(24), perBit.readLiteral(24))
                #expect(following.0 == following.1)
            }
        }
    }

    #if DEBUG
    /// Debug builds decode a macroblock's tokens with a one-loop twin; optimised builds through
    /// `decodeBlocks`. Later macroblocks read the flags earlier ones left, so those are compared too.
    @Test("macroblock tokens: the twin gives decodeBlocks' coefficients, codes, flags and reader state")
    func macroblockTokens() {
        var g = SplitMix64(seed: 13_365)
        for stream in 0..<30 {
            let bytes = Self.bytes(30 + stream * 25, &g) // the shorter streams run past their end
            let probabilities = (0..<4 * 8 * VP8ResidualDecoder.probabilitiesPerPosition).map { _ in
                Bool.random(using: &g) ? UInt8.random(in: 1...60, using: &g) : UInt8.random(in: 1...255, using: &g)
            }
            let quant = VP8QuantMatrix(index: Int.random(in: 0...127, using: &g), deltas: VP8QuantDeltas())
            bytes.withUnsafeBufferPointer { buffer in
                var reference = VP8ResidualDecoder(macroblockColumns: 3, probabilities: probabilities), twin = reference
                var referenceReader = VP8BoolDecoder(buffer, range: 0..<buffer.count), twinReader = referenceReader
                for macroblock in 0..<9 {
                    let column = macroblock % 3, usesSubblocks = Bool.random(using: &g)
                    if column == 0 {
                        reference.startRow()
                        twin.startRow()
                    }
                    var expected = [Int16](repeating: 5, count: 384), actual = expected // both zero them first
                    var expectedCodes = [UInt8](repeating: 9, count: 24), actualCodes = expectedCodes
                    let expectedAny = reference.decodeMacroblockByBlocks(column: column, usesSubblocks: usesSubblocks, quant: quant,
                                                                         reader: &referenceReader, coefficients: &expected,
                                                                         blockCodes: &expectedCodes)
                    let actualAny = twin.decodeMacroblock(column: column, usesSubblocks: usesSubblocks, quant: quant,
                                                          reader: &twinReader, coefficients: &actual, blockCodes: &actualCodes)
                    #expect(actual == expected && actualCodes == expectedCodes && actualAny == expectedAny,
                            "stream \(stream), macroblock \(macroblock)")
                }
                #expect(twinReader.isPastEnd == referenceReader.isPastEnd)
                #expect(twinReader.readLiteral(24) == referenceReader.readLiteral(24))
            }
        }
    }

    /// Debug builds read 4×4 modes with a one-loop twin; optimised builds with the per-bit walk.
    @Test("4×4 modes: the twin gives the per-bit walk's modes and reader state")
    func subblockModes() {
        var g = SplitMix64(seed: 11_365)
        for stream in 0..<40 {
            let bytes = Self.bytes(4 + stream * 2, &g) // short streams also read past the end
            let probabilities = (0..<9).map { _ in
                Bool.random(using: &g) ? UInt8.random(in: 1...40, using: &g) : UInt8.random(in: 1...255, using: &g)
            }
            bytes.withUnsafeBufferPointer { buffer in
                var perBit = VP8BoolDecoder(buffer, range: 0..<buffer.count), twin = perBit
                probabilities.withUnsafeBufferPointer { p in
                    for block in 0..<40 {
                        let expected = VP8ModeParser.readSubblockModePerBit(&perBit, p.baseAddress!)
                        #expect(VP8ModeParser.readSubblockMode(&twin, p.baseAddress!) == expected, "stream \(stream), block \(block)")
                    }
                }
                #expect(twin.isPastEnd == perBit.isPastEnd)
                #expect(twin.readLiteral(24) == perBit.readLiteral(24))
            }
        }
    }
    #endif

    @Test("horizontal prediction: every row repeats its left sample, 16×16 and 8×8")
    func horizontal() {
        var g = SplitMix64(seed: 12_365)
        for round in 0..<40 {
            let size = round % 2 == 0 ? 16 : 8
            var area = Self.bytes(32 * 18, &g)
            let before = area
            area.withUnsafeMutableBufferPointer {
                VP8IntraPredictor.predictWholeBlock(.horizontal, size: size, $0.baseAddress! + 32 + 4, hasAbove: true, hasLeft: true)
            }
            let expected = (0..<before.count).map { i -> UInt8 in
                let row = i / 32 - 1, column = i % 32 - 4
                return (0..<size).contains(row) && (0..<size).contains(column) ? before[32 * (row + 1) + 3] : before[i]
            }
            #expect(area == expected, "round \(round)")
        }
    }
}
