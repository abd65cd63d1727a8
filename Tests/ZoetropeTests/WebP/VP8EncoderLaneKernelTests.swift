import Testing
@testable import Zoetrope

/// The lossy encoder's 16-bit-lane DCT, quantiser and sum of squared errors against the plain
/// scalar arithmetic they compute (RFC 6386's forward DCT as VP8 encoders round it; libwebp's
/// quantiser), on random blocks and on the extremes (0 against 255, checkerboards, ±2¹⁵).
@Suite("VP8 encoder lane kernels")
struct VP8EncoderLaneKernelTests {
    private static let stride = VP8Transform.stride

    /// The forward DCT one multiplication at a time: rows, then columns.
    private static func referenceDCT(_ source: [UInt8], _ prediction: [UInt8], at origin: Int) -> [Int16] {
        var temp = [Int](repeating: 0, count: 16), out = [Int16](repeating: 0, count: 16)
        for i in 0..<4 {
            let d = (0..<4).map { Int(source[origin + i * stride + $0]) - Int(prediction[origin + i * stride + $0]) }
            let a0 = d[0] + d[3], a1 = d[1] + d[2], a2 = d[1] - d[2], a3 = d[0] - d[3]
            temp[4 * i] = (a0 + a1) * 8
            temp[4 * i + 1] = (a2 * 2217 + a3 * 5352 + 1812) >> 9
            temp[4 * i + 2] = (a0 - a1) * 8
            temp[4 * i + 3] = (a3 * 2217 - a2 * 5352 + 937) >> 9
        }
        for i in 0..<4 {
            let a0 = temp[i] + temp[12 + i], a1 = temp[4 + i] + temp[8 + i]
            let a2 = temp[4 + i] - temp[8 + i], a3 = temp[i] - temp[12 + i]
            out[i] = Int16((a0 + a1 + 7) >> 4)
            out[4 + i] = Int16(((a2 * 2217 + a3 * 5352 + 12000) >> 16) + (a3 != 0 ? 1 : 0))
            out[8 + i] = Int16((a0 - a1 + 7) >> 4)
            out[12 + i] = Int16((a3 * 2217 - a2 * 5352 + 51000) >> 16)
        }
        return out
    }

    /// Block samples of one of several kinds: uniform noise, 0/255 noise, checkerboards, near-flat.
    private static func samples(_ kind: Int, count: Int, using rng: inout SplitMix64) -> [UInt8] {
        (0..<count).map { i in
            switch kind {
            case 0: UInt8.random(in: 0...255, using: &rng)
            case 1: Bool.random(using: &rng) ? 255 : 0
            case 2: (i + i / stride) % 2 == 0 ? 255 : 0
            case 3: (i + i / stride) % 2 == 0 ? 0 : 255
            default: UInt8.random(in: 120...136, using: &rng)
            }
        }
    }

    @Test("the DCT in 16-bit lanes equals the scalar DCT on random, extreme and checkerboard blocks")
    func dctMatchesScalar() {
        var rng = SplitMix64(seed: 33)
        for trial in 0..<4000 {
            let source = Self.samples(trial % 5, count: 5 * Self.stride, using: &rng)
            let prediction = Self.samples((trial / 5) % 5, count: 5 * Self.stride, using: &rng)
            let origin = trial % 17 // unaligned blocks too
            var coefficients = [Int16](repeating: 0, count: 16)
            source.withUnsafeBufferPointer { s in
                prediction.withUnsafeBufferPointer { p in
                    coefficients.withUnsafeMutableBufferPointer {
                        VP8ForwardTransform.dct(s.baseAddress! + origin, p.baseAddress! + origin, into: $0.baseAddress!)
                    }
                }
            }
            let expected = Self.referenceDCT(source, prediction, at: origin)
            if coefficients != expected {
                Issue.record("trial \(trial): \(coefficients) against \(expected)")
                return
            }
        }
    }

    /// libwebp's quantisation of one block, coefficient by coefficient.
    private static func referenceQuantize(_ input: [Int16], _ matrix: VP8QuantizerMatrix) -> (dequantized: [Int16], levels: [Int16], any: Bool) {
        var dequantized = input, natural = [Int16](repeating: 0, count: 16)
        for j in 0..<16 {
            let value = Int(input[j])
            let magnitude = abs(value) + Int(matrix.sharpening[j])
            let quotient = min((magnitude * Int(matrix.reciprocal[j]) + Int(matrix.bias[j])) >> 17, VP8CostTables.maximumLevel)
            let level = value < 0 ? -quotient : quotient
            natural[j] = Int16(level)
            dequantized[j] = Int16(truncatingIfNeeded: level * Int(matrix.step[j]))
        }
        return (dequantized, VP8Tables.zigzag.map { natural[$0] }, natural.contains { $0 != 0 })
    }

    @Test("the quantiser in 16-bit lanes equals the scalar quantiser for every kind, the smallest and largest steps, and ±2¹⁵")
    func quantizerMatchesScalar() {
        var rng = SplitMix64(seed: 34)
        let steps = [(4, 4), (8, 8), (37, 52), (91, 155), (157, 284), (314, 440)]
        for kind in [VP8QuantizerMatrix.Kind.luma, .secondOrder, .chroma] {
            for (dcStep, acStep) in steps {
                let matrix = VP8QuantizerMatrix(dcStep: dcStep, acStep: acStep, kind: kind)
                for trial in 0..<400 {
                    let input: [Int16] = (0..<16).map { _ in
                        switch trial % 4 {
                        case 0: Int16.random(in: -2048...2048, using: &rng)
                        case 1: Int16.random(in: Int16.min...Int16.max, using: &rng)
                        case 2: [Int16.min, Int16.max, 0, -1, 1, 2047, -2047, 16320][Int.random(in: 0..<8, using: &rng)]
                        default: Int16.random(in: -24...24, using: &rng)
                        }
                    }
                    var coefficients = input, levels = [Int16](repeating: 0, count: 16)
                    let any = coefficients.withUnsafeMutableBufferPointer { c in
                        levels.withUnsafeMutableBufferPointer { matrix.quantizeBlock(c.baseAddress!, levels: $0.baseAddress!) }
                    }
                    let expected = Self.referenceQuantize(input, matrix)
                    if coefficients != expected.dequantized || levels != expected.levels || any != expected.any {
                        Issue.record("\(kind) \(dcStep)/\(acStep) \(input): \(levels) against \(expected.levels)")
                        return
                    }
                }
            }
        }
    }

    @Test("the sums of squared differences equal the scalar sums for 4×4, 8×8, 16×8 and 16×16 blocks, 0 against 255 included")
    func sseMatchesScalar() {
        var rng = SplitMix64(seed: 35)
        for trial in 0..<600 {
            let a = Self.samples(trial % 5, count: 17 * Self.stride, using: &rng)
            let b = Self.samples((trial + 2) % 5, count: 17 * Self.stride, using: &rng)
            for (width, height) in [(4, 4), (8, 8), (16, 8), (16, 16)] {
                let origin = trial % (Self.stride - width + 1)
                var expected = 0
                for row in 0..<height {
                    for column in 0..<width {
                        let d = Int(a[origin + row * Self.stride + column]) - Int(b[origin + row * Self.stride + column])
                        expected += d * d
                    }
                }
                let sum = a.withUnsafeBufferPointer { x in
                    b.withUnsafeBufferPointer { VP8Distortion.sse(x.baseAddress! + origin, $0.baseAddress! + origin, width: width, height: height) }
                }
                #expect(sum == expected, "\(width)×\(height), trial \(trial)")
            }
        }
    }
}
