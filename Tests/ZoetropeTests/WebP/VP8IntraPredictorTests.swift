import Testing
@testable import Zoetrope

/// Drives ``VP8MacroblockDecoder`` with hand-chosen modes and residuals, so that the border
/// rules (127 above the image, 129 left of it, the above-left corner, the above-right samples)
/// are checked on real reconstruction.
private struct MacroblockHarness {
    var decoder: VP8MacroblockDecoder
    var coefficients = [Int16](repeating: 0, count: 384)
    var codes = [UInt8](repeating: 0, count: 24)

    init(columns: Int) { decoder = VP8MacroblockDecoder(macroblockColumns: columns) }

    /// Starts macroblock row `y` as the frame decoder does (moving the row cache on first).
    mutating func startRow(_ y: Int) {
        if y > 0 { decoder.planes.advance() }
        decoder.startRow(y)
    }

    /// Gives every luma block a DC residual that adds `offset` to each pixel ((8·offset + 4) >> 3).
    mutating func addLumaOffset(_ offset: Int16) {
        for block in 0..<16 { coefficients[block * 16] = offset * 8; codes[block] = 1 }
    }

    mutating func clearResidual() {
        coefficients = [Int16](repeating: 0, count: 384)
        codes = [UInt8](repeating: 0, count: 24)
    }

    mutating func reconstruct(x: Int, y: Int, luma: VP8PredictionMode = .dc, chroma: VP8PredictionMode = .dc,
                              subblocks: VP8PredictionMode? = nil) {
        var modes = VP8MacroblockModes()
        modes.lumaMode = luma
        modes.chromaMode = chroma
        modes.usesSubblocks = subblocks != nil
        let subblockModes = [VP8PredictionMode](repeating: subblocks ?? .dc, count: 16)
        let coefficients = self.coefficients, codes = self.codes
        coefficients.withUnsafeBufferPointer { c in
            codes.withUnsafeBufferPointer { k in
                decoder.reconstruct(x: x, y: y, modes: modes, subblockModes: subblockModes[0..<16],
                                    coefficients: c.baseAddress!, blockCodes: k.baseAddress!)
            }
        }
    }

    /// Luma at image position (`x`, `y`), which must be in the row cache.
    func luma(_ x: Int, _ y: Int) -> UInt8 { decoder.planes.luma[decoder.planes.lumaIndex(row: y) + x] }
    func u(_ x: Int, _ y: Int) -> UInt8 { decoder.planes.u[decoder.planes.chromaIndex(row: y) + x] }

    /// The 16×16 luma block of macroblock (`mx`, `my`) as one flat list.
    func lumaBlock(_ mx: Int, _ my: Int) -> [UInt8] {
        (0..<16).flatMap { row in (0..<16).map { luma(mx * 16 + $0, my * 16 + row) } }
    }
}

@Suite("VP8 intra prediction at the image edges")
struct VP8IntraPredictorTests {
    @Test("16×16 and chroma modes in the top-left macroblock use 127 above, 129 left, 127 corner",
          arguments: [(VP8PredictionMode.vertical, UInt8(127)), (.horizontal, 129), (.trueMotion, 129), (.dc, 128)])
    func topLeftWholeBlock(mode: VP8PredictionMode, expected: UInt8) {
        var harness = MacroblockHarness(columns: 1)
        harness.startRow(0)
        harness.reconstruct(x: 0, y: 0, luma: mode, chroma: mode)
        // TrueMotion: above 127 + left 129 − corner 127 = 129; DC with no edges at all is 128.
        #expect(harness.lumaBlock(0, 0).allSatisfy { $0 == expected })
        #expect((0..<8).allSatisfy { harness.u($0, 7 - $0) == expected })
    }

    @Test("4×4 modes in the top-left macroblock", arguments: [
        (VP8PredictionMode.dc, UInt8(128)),   // (4·127 + 4·129 + 4) >> 3
        (.vertical, 127),                     // smoothed 127s, above-right 127 too
        (.horizontal, 129),                   // (127 + 2·129 + 129 + 2) >> 2 on the first row
        (.trueMotion, 129),
        (.downLeft, 127),
    ])
    func topLeftSubblocks(mode: VP8PredictionMode, expected: UInt8) {
        var harness = MacroblockHarness(columns: 1)
        harness.startRow(0)
        harness.reconstruct(x: 0, y: 0, subblocks: mode)
        #expect((0..<4).allSatisfy { y in (0..<4).allSatisfy { harness.luma($0, y) == expected } })
    }

    @Test("DC prediction averages only the edge that exists")
    func dcWithOneEdge() {
        var harness = MacroblockHarness(columns: 2)
        harness.startRow(0)
        harness.addLumaOffset(20)
        harness.reconstruct(x: 0, y: 0) // 128 (no edges) + 20
        harness.clearResidual()
        harness.reconstruct(x: 1, y: 0) // left column only: 148
        #expect(harness.lumaBlock(0, 0).allSatisfy { $0 == 148 })
        #expect(harness.lumaBlock(1, 0).allSatisfy { $0 == 148 })
        harness.startRow(1)
        harness.reconstruct(x: 0, y: 1) // above row only: 148, not pulled towards the 129 left edge
        #expect(harness.lumaBlock(0, 1).allSatisfy { $0 == 148 })
    }

    @Test("below the first row the left column's corner is 129, not 127")
    func cornerBelowFirstRow() {
        var harness = MacroblockHarness(columns: 1)
        harness.startRow(0)
        harness.addLumaOffset(-8)
        harness.reconstruct(x: 0, y: 0) // 128 − 8 = 120
        harness.clearResidual()
        harness.startRow(1)
        harness.reconstruct(x: 0, y: 1, luma: .trueMotion)
        // TrueMotion: above 120 + left 129 − corner 129 = 120 (a 127 corner would give 122).
        #expect(harness.lumaBlock(0, 1).allSatisfy { $0 == 120 })
    }

    @Test("4×4 prediction reads above-right from the next macroblock, or repeats the last sample on the last column")
    func aboveRightSamples() {
        var harness = MacroblockHarness(columns: 2)
        harness.startRow(0)
        harness.reconstruct(x: 0, y: 0)           // 128
        harness.addLumaOffset(10)
        harness.reconstruct(x: 1, y: 0)           // left 128 → 128 + 10 = 138
        harness.clearResidual()
        harness.startRow(1)
        harness.reconstruct(x: 0, y: 1, subblocks: .downLeft)
        // Top-right 4×4 block: A…D = 128 above, E…H = 138 from the next macroblock's bottom row.
        #expect(harness.luma(12, 16) == 128)      // (A + 2B + C + 2) >> 2
        #expect(harness.luma(15, 16) == 136)      // (D + 2E + F + 2) >> 2 = (128 + 276 + 138 + 2) >> 2
        #expect(harness.luma(15, 19) == 138)      // (G + 2H + H + 2) >> 2
        harness.reconstruct(x: 1, y: 1, subblocks: .downLeft)
        // Last column: above-right repeats the last sample above (138), not 127.
        #expect((28..<32).allSatisfy { x in (16..<20).allSatisfy { harness.luma(x, $0) == 138 } })
    }

    @Test("the six directional 4×4 modes on a hand-made neighbourhood")
    func directionalModes() {
        // Above-left X = 10, above A…H = 20, 30, …, 90, left I…L = 100, 110, 120, 130.
        func predict(_ mode: VP8PredictionMode) -> [[UInt8]] {
            var buffer = [UInt8](repeating: 0, count: 32 * 6)
            buffer[32 + 0] = 10
            for i in 0..<8 { buffer[32 + 1 + i] = UInt8(20 + 10 * i) }
            for j in 0..<4 { buffer[64 + 32 * j] = UInt8(100 + 10 * j) }
            buffer.withUnsafeMutableBufferPointer { VP8IntraPredictor.predictSubblock(mode, $0.baseAddress! + 65) }
            return (0..<4).map { j in (0..<4).map { buffer[65 + 32 * j + $0] } }
        }
        // AVG3(a, b, c) = (a + 2b + c + 2) >> 2 and AVG2(a, b) = (a + b + 1) >> 1, worked by hand.
        #expect(predict(.dc) == Array(repeating: [75, 75, 75, 75], count: 4))
        #expect(predict(.vertical) == Array(repeating: [20, 30, 40, 50], count: 4))
        #expect(predict(.horizontal) == [[80, 80, 80, 80], [110, 110, 110, 110], [120, 120, 120, 120], [128, 128, 128, 128]])
        #expect(predict(.trueMotion) == [[110, 120, 130, 140], [120, 130, 140, 150], [130, 140, 150, 160], [140, 150, 160, 170]])
        #expect(predict(.downRight) == [[35, 20, 30, 40], [80, 35, 20, 30], [110, 80, 35, 20], [120, 110, 80, 35]])
        #expect(predict(.verticalRight) == [[15, 25, 35, 45], [35, 20, 30, 40], [80, 15, 25, 35], [110, 35, 20, 30]])
        #expect(predict(.horizontalDown) == [[55, 35, 20, 30], [105, 80, 55, 35], [115, 110, 105, 80], [125, 120, 115, 110]])
        #expect(predict(.horizontalUp) == [[105, 110, 115, 120], [115, 120, 125, 128], [125, 128, 130, 130], [130, 130, 130, 130]])
        #expect(predict(.downLeft) == [[30, 40, 50, 60], [40, 50, 60, 70], [50, 60, 70, 80], [60, 70, 80, 88]])
        #expect(predict(.verticalLeft) == [[25, 35, 45, 55], [30, 40, 50, 60], [35, 45, 55, 70], [40, 50, 60, 80]])
    }
}
