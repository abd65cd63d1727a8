import Testing
@testable import Zoetrope

/// The lossy encoder's fast kernels against the plain arithmetic they replace.
@Suite("VP8 encoder kernels")
struct VP8EncoderKernelTests {
    /// A `width`×`height` image of random colours; alpha 255, or random where `alpha` says.
    private static func image(width: Int, height: Int, seed: UInt64, alpha: (Int, Int) -> Bool = { _, _ in false }) -> RGBAImage {
        var rng = SplitMix64(seed: seed)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                for c in 0..<3 { pixels[i + c] = UInt8.random(in: 0...255, using: &rng) }
                if alpha(x, y) { pixels[i + 3] = UInt8.random(in: 0...254, using: &rng) }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Y, U and V computed pixel by pixel and block by block with the scalar formulas.
    private static func referencePlanes(_ image: RGBAImage) -> (luma: [UInt8], u: [UInt8], v: [UInt8]) {
        let width = image.width, height = image.height, p = image.pixels
        let luma = (0..<(width * height)).map { RGBAToYUV.luma(Int(p[4 * $0]), Int(p[4 * $0 + 1]), Int(p[4 * $0 + 2])) }
        var u: [UInt8] = [], v: [UInt8] = []
        for row in 0..<((height + 1) / 2) {
            for column in 0..<((width + 1) / 2) {
                let xs = [2 * column, min(2 * column + 1, width - 1)], ys = [2 * row, min(2 * row + 1, height - 1)]
                func channel(_ c: Int) -> Int {
                    let sum = ys.flatMap { y in xs.map { x in Int(RGBAToYUV.gammaToLinear[Int(p[(y * width + x) * 4 + c])]) } }
                    return RGBAToYUV.gammaSum(sum.reduce(0, +), shift: 0)
                }
                let (cu, cv) = RGBAToYUV.chroma(channel(0), channel(1), channel(2))
                u.append(cu)
                v.append(cv)
            }
        }
        return (luma, u, v)
    }

    @Test("opaque RGBA → Y′CbCr in lanes and through the table of sums equals the scalar formulas, odd sizes included")
    func opaqueConversion() {
        for (width, height) in [(1, 1), (7, 3), (16, 16), (33, 17), (64, 9)] {
            let image = Self.image(width: width, height: height, seed: UInt64(width * 100 + height))
            let planes = RGBAToYUV.convert(image)
            let reference = Self.referencePlanes(image)
            #expect(planes.luma == reference.luma, "\(width)×\(height) luma")
            #expect(planes.u == reference.u, "\(width)×\(height) U")
            #expect(planes.v == reference.v, "\(width)×\(height) V")
        }
    }

    @Test("the table of gamma sums holds gammaSum of every sum of four 12-bit values")
    func gammaSumTable() {
        let table = RGBAToYUV.linearSumToGamma
        #expect(table.count == 4 * 4095 + 1)
        for sum in 0...(4 * 4095) where Int(table[sum]) != RGBAToYUV.gammaSum(sum, shift: 0) {
            Issue.record("sum \(sum): \(table[sum]) against \(RGBAToYUV.gammaSum(sum, shift: 0))")
            return
        }
    }

    @Test("the opacity scan finds one transparent pixel wherever it is, in the lanes or the tail")
    func opacityScan() {
        for (width, height) in [(1, 1), (9, 1), (40, 30), (1027, 2)] {
            let opaque = Self.image(width: width, height: height, seed: 7)
            #expect(opaque.isOpaque, "\(width)×\(height)")
            for position in Set([0, width * height / 2, width * height - 1, min(1025, width * height - 1)]) {
                var pixels = opaque.pixels
                pixels[position * 4 + 3] = 254
                let image = RGBAImage(width: width, height: height, pixels: pixels)
                #expect(!image.isOpaque, "\(width)×\(height), pixel \(position)")
            }
        }
    }

    @Test("rows with transparency keep the alpha-weighted chroma; opaque rows beside them take the fast path")
    func partlyTransparentConversion() {
        let image = Self.image(width: 21, height: 11, seed: 3) { x, y in y >= 4 && y < 6 && x > 10 }
        let planes = RGBAToYUV.convert(image, isOpaque: false)
        let reference = Self.referencePlanes(image)
        // Chroma rows 0, 1, 3, 4 and 5 are opaque: the scalar formulas give them. Row 2 is weighted.
        let chromaWidth = 11
        for row in [0, 1, 3, 4, 5] {
            let range = (row * chromaWidth)..<((row + 1) * chromaWidth)
            #expect(Array(planes.u[range]) == Array(reference.u[range]), "U row \(row)")
            #expect(Array(planes.v[range]) == Array(reference.v[range]), "V row \(row)")
        }
    }

    @Test("the token buffer grows past its reserve, codes every token as recorded skipping the ranges asked, and the model counts them exactly")
    func tokenBufferGrowth() {
        var rng = SplitMix64(seed: 11)
        let model = VP8TokenModel(), buffer = VP8TokenBuffer(reservingCapacity: 1)
        var bits: [(Bool, Int?)] = []
        for _ in 0..<5000 {
            let bit = Bool.random(using: &rng)
            buffer.reserveBlock() // room for a block's tokens: recording checks once a block, not once a token
            if Bool.random(using: &rng) {
                let node = Int.random(in: 0..<VP8TokenModel.nodeCount, using: &rng)
                buffer.add(bit, node: node, model: model)
                bits.append((bit, node))
            } else {
                buffer.addFixed(bit, 128)
                bits.append((bit, nil))
            }
        }
        #expect(buffer.count == 5000)
        let skipped = [10..<20, 4000..<4500]
        var encoder = VP8BoolEncoder(), reference = VP8BoolEncoder()
        buffer.emit(into: &encoder, probabilities: model.probabilities, skipping: skipped)
        for (index, (bit, node)) in bits.enumerated() where !skipped.contains(where: { $0.contains(index) }) {
            reference.put(bit, node.map { model.probabilities[$0] } ?? 128)
        }
        #expect(encoder.finish() == reference.finish())
        // The model counted every bit at its node exactly (ones and all), the fixed ones nowhere.
        var expected = [Int](repeating: 0, count: 2 * VP8TokenModel.nodeCount)
        for case let (bit, node?) in bits {
            expected[2 * node] += bit ? 1 : 0
            expected[2 * node + 1] += 1
        }
        #expect(model.recordedCounts() == expected)
        var skipping = expected
        buffer.subtractCounts(from: &skipping, within: skipped)
        for (index, (bit, node)) in bits.enumerated() where skipped.contains(where: { $0.contains(index) }) {
            guard let node else { continue }
            expected[2 * node] -= bit ? 1 : 0
            expected[2 * node + 1] -= 1
        }
        #expect(skipping == expected)
    }

    /// A stride-32 block buffer with random samples everywhere (edges included), and a copy.
    private static func randomBlocks(_ rng: inout SplitMix64, rows: Int) -> [UInt8] {
        (0..<(rows * VP8Transform.stride)).map { _ in UInt8.random(in: 0...255, using: &rng) }
    }

    @Test("whole-block TrueMotion, vertical and horizontal in lanes equal the shared predictor, 16×16 and 8×8")
    func wholeBlockPredictionInLanes() {
        var rng = SplitMix64(seed: 33)
        let stride = VP8Transform.stride
        for round in 0..<40 {
            for size in [16, 8] {
                for mode in 0..<4 {
                    var ours = Self.randomBlocks(&rng, rows: size + 1)
                    // Extreme edges in some rounds, so that TrueMotion clamps at both ends.
                    if round % 4 == 0 { for i in 0..<(size + 1) { ours[i] = 255; ours[i * stride] = 0 } }
                    if round % 4 == 1 { for i in 0..<(size + 1) { ours[i] = 0; ours[i * stride] = 255 } }
                    var reference = ours
                    let hasAbove = round % 3 != 0, hasLeft = round % 5 != 0
                    ours.withUnsafeMutableBufferPointer { buffer in
                        VP8EncoderWorkspace.predict(mode, size: size, buffer.baseAddress! + stride + 1, hasAbove: hasAbove, hasLeft: hasLeft)
                    }
                    reference.withUnsafeMutableBufferPointer { buffer in
                        VP8IntraPredictor.predictWholeBlock(VP8PredictionMode(rawValue: UInt8(mode))!, size: size,
                                                            buffer.baseAddress! + stride + 1, hasAbove: hasAbove, hasLeft: hasLeft)
                    }
                    #expect(ours == reference, "mode \(mode) size \(size) round \(round)")
                }
            }
        }
    }

    @Test("a DC-only block added in lanes equals the decoder's inverse DC, clamping at both ends")
    func dcOnlyReconstructionInLanes() {
        var rng = SplitMix64(seed: 34)
        let dcs: [Int16] = [0, 1, -1, 4, -4, 3, -5, 100, -100, 2040, -2040, 4095, -4096]
        for round in 0..<60 {
            let prediction = Self.randomBlocks(&rng, rows: 4)
            let dc = round < dcs.count ? dcs[round] : Int16.random(in: -2100...2100, using: &rng)
            var ours = [UInt8](repeating: 7, count: 4 * VP8Transform.stride), reference = ours
            prediction.withUnsafeBufferPointer { source in
                ours.withUnsafeMutableBufferPointer { VP8EncoderWorkspace.copy4x4(source.baseAddress!, to: $0.baseAddress!, addingDC: dc) }
                reference.withUnsafeMutableBufferPointer { target in
                    VP8EncoderWorkspace.copy4x4(source.baseAddress!, to: target.baseAddress!)
                    VP8Transform.addInverseDC(dc, to: target.baseAddress!)
                }
            }
            #expect(ours == reference, "DC \(dc)")
        }
    }
}
