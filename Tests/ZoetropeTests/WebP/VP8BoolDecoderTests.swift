import Testing
@testable import Zoetrope

/// The boolean encoder of RFC 6386 section 7.3, written from the specification's description,
/// to produce streams whose decoded values are known independently of the decoder.
struct SpecBoolEncoder {
    private(set) var output: [UInt8] = []
    private var range: UInt32 = 255
    private var bottom: UInt32 = 0
    private var bitCount = 24

    private mutating func addOneToOutput() {
        var index = output.count - 1
        while index >= 0 && output[index] == 255 {
            output[index] = 0
            index -= 1
        }
        if index >= 0 { output[index] += 1 }
    }

    mutating func write(_ bit: Bool, probability: UInt8) {
        let split = 1 + (((range - 1) * UInt32(probability)) >> 8)
        if bit {
            bottom &+= split
            range -= split
        } else {
            range = split
        }
        while range < 128 {
            range <<= 1
            if bottom & (1 << 31) != 0 { addOneToOutput() }
            bottom &<<= 1
            bitCount -= 1
            if bitCount == 0 {
                output.append(UInt8(truncatingIfNeeded: bottom >> 24))
                bottom &= (1 << 24) - 1
                bitCount = 8
            }
        }
    }

    mutating func finish() -> [UInt8] {
        var count = bitCount
        var value = bottom
        if value & (1 << UInt32(32 - count)) != 0 { addOneToOutput() }
        value &<<= UInt32(count & 7)
        count >>= 3
        while count > 0 {
            value &<<= 8
            count -= 1
        }
        for _ in 0..<4 {
            output.append(UInt8(truncatingIfNeeded: value >> 24))
            value &<<= 8
        }
        return output
    }
}

/// Runs `body` with a reader over `bytes[range]` (readers point into their buffer, so they live
/// inside this call).
private func withReader<T>(_ bytes: [UInt8], range: Range<Int>? = nil, _ body: (inout VP8BoolDecoder) -> T) -> T {
    bytes.withUnsafeBufferPointer { buffer in
        var reader = VP8BoolDecoder(buffer, range: range ?? 0..<bytes.count)
        return body(&reader)
    }
}

@Suite("VP8 boolean decoder")
struct VP8BoolDecoderTests {
    @Test("a byte of exactly one half decodes as 1 then 0s (worked by hand)")
    func handWorkedBits() {
        // range 255, split at probability 1/2 is 128: the value 0x80 is the first value of the
        // upper half, so the first bit is 1; what remains is 0 and every later bit is 0.
        withReader([0x80, 0x00]) { reader in
            #expect(reader.readBit(128) == true)
            #expect(reader.readBit(128) == false)
            #expect(reader.readLiteral(6) == 0)
        }
    }

    @Test("all-ones and all-zeros data give all-ones and all-zeros literals")
    func saturatedLiterals() {
        withReader([UInt8](repeating: 0xff, count: 20)) { ones in
            #expect(ones.readLiteral(8) == 255)
            #expect(ones.readLiteral(7) == 127)
        }
        withReader([UInt8](repeating: 0, count: 20)) { zeros in
            #expect(zeros.readLiteral(8) == 0)
            #expect(zeros.readSignedLiteral(4) == 0)
        }
    }

    @Test("the reader only sees its own range of the buffer")
    func honoursRange() {
        withReader([0x00, 0x80, 0x00, 0xff], range: 1..<3) { reader in
            #expect(reader.readBit(128) == true)
            #expect(reader.end == 3)
        }
    }

    @Test("past-the-end is flagged when a byte beyond the partition is first needed, as libwebp's eof")
    func pastEndTiming() {
        // One byte gives the initial 8-bit window; the first decision consumes one bit of it
        // without needing more, the second needs a ninth bit, which does not exist.
        withReader([0x80]) { reader in
            _ = reader.readBit(128)
            #expect(!reader.isPastEnd)
            #expect(reader.readBit(128) == false)
            #expect(reader.isPastEnd)
            // Reading on is harmless (zeros, no trap) and the flag stays set.
            _ = reader.readLiteral(32)
            #expect(reader.isPastEnd)
        }
    }

    @Test("decodes what the specification's encoder wrote, at every probability")
    func roundTripsSpecEncoder() {
        var generator = SplitMix64(seed: 0xB001)
        var encoder = SpecBoolEncoder()
        var expected: [(Bool, UInt8)] = []
        for _ in 0..<20_000 {
            let probability = UInt8(1 + generator.next() % 255)
            // Bits drawn roughly with the probability they are coded at, plus some surprises.
            let bit = generator.next() % 256 >= UInt64(probability) || generator.next() % 16 == 0
            encoder.write(bit, probability: probability)
            expected.append((bit, probability))
        }
        let bytes = encoder.finish()
        withReader(bytes) { reader in
            var mismatches = 0
            for (bit, probability) in expected where reader.readBit(probability) != bit { mismatches += 1 }
            #expect(mismatches == 0)
            #expect(!reader.isPastEnd)
        }
    }

    @Test("the branch-free sign reader agrees with reading a bit at probability 1/2")
    func signMatchesBit() {
        var generator = SplitMix64(seed: 7)
        let bytes = (0..<4_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        withReader(bytes) { viaSign in
            withReader(bytes) { viaBit in
                _ = viaSign.readBit(200) // leave the fresh state (range 255), as tokens always do
                _ = viaBit.readBit(200)
                var mismatches = 0
                for step in 0..<10_000 {
                    let probability = UInt8(1 + step % 255)
                    if viaSign.readBit(probability) != viaBit.readBit(probability) { mismatches += 1 }
                    let signed = viaSign.applySign(to: 5)
                    if signed != (viaBit.readBit(0x80) ? -5 : 5) { mismatches += 1 }
                }
                #expect(mismatches == 0)
            }
        }
    }

    @Test("literals and signed literals read most significant bit first")
    func literalOrder() {
        var encoder = SpecBoolEncoder()
        for bit in [true, false, true, true, false, true, false, true, true] { encoder.write(bit, probability: 128) }
        let bytes = encoder.finish()
        withReader(bytes) { reader in
            #expect(reader.readLiteral(4) == 0b1011)
            #expect(reader.readSignedLiteral(4) == -0b0101) // magnitude 0101, then sign bit 1
        }
    }
}
