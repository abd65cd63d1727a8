import Testing
@testable import Zoetrope

/// Peak signal-to-noise ratio over the RGB channels of two images of one size.
func rgbPSNR(_ a: RGBAImage, _ b: RGBAImage) -> Double {
    var sum = 0.0, count = 0.0
    for i in stride(from: 0, to: a.pixels.count, by: 4) {
        for c in 0..<3 {
            let d = Double(a.pixels[i + c]) - Double(b.pixels[i + c])
            sum += d * d
            count += 1
        }
    }
    guard sum > 0 else { return 99 }
    return 10 * preciseBinaryLogarithm(255 * 255 * count / sum) / preciseBinaryLogarithm(10)
}

@Suite("VP8 encoder core")
struct VP8EncoderTests {
    @Test("the boolean encoder writes the specification encoder's bytes, and the decoder reads every bit back in range")
    func boolEncoderMatchesSpecificationAndDecoder() {
        var rng = SplitMix64(seed: 42)
        for length in [1, 2, 7, 100, 5000] {
            var ours = VP8BoolEncoder(), spec = SpecBoolEncoder()
            var bits: [(Bool, UInt8)] = []
            for _ in 0..<length {
                let probability = UInt8.random(in: 0...255, using: &rng)
                let skewed = UInt8.random(in: 0...255, using: &rng) >= probability
                bits.append((skewed, probability))
                ours.put(skewed, probability)
                spec.write(skewed, probability: probability)
            }
            let bytes = ours.finish(), reference = spec.finish()
            // The specification flushes four extra bytes; everything before them is the same.
            #expect(Array(reference.prefix(bytes.count - 1)) == Array(bytes.prefix(bytes.count - 1)), "length \(length)")
            bytes.withUnsafeBufferPointer { buffer in
                var reader = VP8BoolDecoder(buffer, range: 0..<bytes.count)
                for (index, (bit, probability)) in bits.enumerated() {
                    #expect(reader.readBit(probability) == bit, "bit \(index) of \(length)")
                }
                #expect(!reader.isPastEnd, "the decoder read past the partition (length \(length))")
            }
        }
    }

    @Test("literals and optional signed values read back as the header parser reads them")
    func literals() {
        var writer = VP8BoolEncoder()
        let values = [0, 1, -1, 7, -15, 63, -127]
        for value in values { writer.putOptionalSigned(value, 7) }
        writer.putLiteral(0x5a, 8)
        let bytes = writer.finish()
        bytes.withUnsafeBufferPointer { buffer in
            var reader = VP8BoolDecoder(buffer, range: 0..<bytes.count)
            for value in values { #expect(reader.readOptionalSigned(7) == value) }
            #expect(reader.readLiteral(8) == 0x5a)
        }
    }

    @Test("the forward DCT followed by the decoder's inverse gives back the residual to within 1")
    func dctRoundTrip() {
        var rng = SplitMix64(seed: 7)
        let stride = VP8Transform.stride
        var worst = 0
        for trial in 0..<2000 {
            var source = [UInt8](repeating: 0, count: 4 * stride), prediction = source
            let spread = trial % 2 == 0 ? 255 : 24
            for row in 0..<4 {
                for column in 0..<4 {
                    let base = Int.random(in: 0...255, using: &rng)
                    prediction[row * stride + column] = UInt8(base)
                    source[row * stride + column] = UInt8(min(max(base + Int.random(in: -spread...spread, using: &rng), 0), 255))
                }
            }
            var coefficients = [Int16](repeating: 0, count: 16)
            var output = prediction
            source.withUnsafeBufferPointer { s in
                prediction.withUnsafeBufferPointer { p in
                    coefficients.withUnsafeMutableBufferPointer { VP8ForwardTransform.dct(s.baseAddress!, p.baseAddress!, into: $0.baseAddress!) }
                }
            }
            coefficients.withUnsafeBufferPointer { c in
                output.withUnsafeMutableBufferPointer { VP8Transform.addInverseDCT(c.baseAddress!, to: $0.baseAddress!) }
            }
            for row in 0..<4 {
                for column in 0..<4 { worst = max(worst, abs(Int(output[row * stride + column]) - Int(source[row * stride + column]))) }
            }
        }
        #expect(worst <= 1)
    }

    @Test("the forward WHT followed by the decoder's inverse gives back the sixteen DCs to within 1")
    func whtRoundTrip() {
        var rng = SplitMix64(seed: 9)
        for _ in 0..<1000 {
            var blocks = [Int16](repeating: 0, count: 256)
            for n in 0..<16 { blocks[16 * n] = Int16.random(in: -2040...2040, using: &rng) }
            var transformed = [Int16](repeating: 0, count: 16)
            var back = [Int16](repeating: 0, count: 256)
            blocks.withUnsafeBufferPointer { b in
                transformed.withUnsafeMutableBufferPointer { VP8ForwardTransform.wht(b.baseAddress!, into: $0.baseAddress!) }
            }
            // The decoder expects the second-order block dequantised: ×1 here (an exact round trip of scales).
            transformed.withUnsafeBufferPointer { t in
                back.withUnsafeMutableBufferPointer { VP8Transform.inverseWHT(t.baseAddress!, into: $0.baseAddress!) }
            }
            for n in 0..<16 { #expect(abs(Int(back[16 * n]) - Int(blocks[16 * n])) <= 1) }
        }
    }
}
