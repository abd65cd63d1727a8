import Testing
@testable import Zoetrope

@Suite("Compression: LSB-first bit reader")
struct CompressionBitReaderTests {
    /// Bit `index` of `bytes`, least significant bit of each byte first: the reference.
    static func bit(_ bytes: [UInt8], _ index: Int) -> UInt32 {
        index / 8 < bytes.count ? UInt32(bytes[index / 8] >> UInt8(index % 8)) & 1 : 0
    }

    @Test("reads fields least-significant bit first, across byte boundaries")
    func knownFields() {
        let bytes: [UInt8] = [0b1011_0101, 0xFF, 0x01]
        bytes.withUnsafeBufferPointer { buffer in
            var reader = LSBBitReader(buffer)
            #expect(reader.read(3) == 0b101)
            #expect(reader.read(5) == 0b10110)
            #expect(reader.read(9) == 0x1FF)
            #expect(reader.read(7) == 0)
            #expect(!reader.isPastEnd)
            #expect(reader.byteOffset == 3)
        }
    }

    @Test("word and byte refills read the same bits as a bit-by-bit reference", arguments: [1, 7, 8, 9, 100])
    func matchesReference(count: Int) {
        var generator = SplitMix64(seed: UInt64(count))
        let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        bytes.withUnsafeBufferPointer { buffer in
            var reader = LSBBitReader(buffer)
            var bitIndex = 0
            while bitIndex + 32 <= count * 8 {
                let width = Int(generator.next() % 33)
                let expected = (0..<width).reduce(UInt32(0)) { $0 | Self.bit(bytes, bitIndex + $1) << UInt32($1) }
                #expect(reader.read(width) == expected, "\(width) bits at bit \(bitIndex)")
                bitIndex += width
                #expect(reader.byteOffset == (bitIndex + 7) / 8)
            }
            #expect(!reader.isPastEnd)
        }
    }

    @Test("peek does not consume; consume after a table-style peek")
    func peekThenConsume() {
        let bytes: [UInt8] = [0xA5, 0x3C, 0x0F, 0xF0, 0x12, 0x34, 0x56, 0x78, 0x9A, 0xBC]
        bytes.withUnsafeBufferPointer { buffer in
            var reader = LSBBitReader(buffer)
            reader.refill()
            #expect(reader.bitCount >= 56)
            #expect(reader.peek(12) == 0xCA5)
            #expect(reader.peek(12) == 0xCA5)
            reader.consume(4)
            #expect(reader.peek(8) == 0xCA)
        }
    }

    @Test("reading past the end gives zeros and is reported")
    func pastTheEnd() {
        let bytes: [UInt8] = [0xAB]
        bytes.withUnsafeBufferPointer { buffer in
            var reader = LSBBitReader(buffer)
            #expect(reader.read(8) == 0xAB)
            #expect(!reader.isPastEnd)
            #expect(reader.read(4) == 0)
            #expect(reader.isPastEnd)
            #expect(reader.byteOffset == 1)
            #expect(reader.bitsConsumed == 12)
            #expect(reader.read(32) == 0)
            #expect(reader.isPastEnd)
        }
        [UInt8]().withUnsafeBufferPointer { empty in
            var reader = LSBBitReader(empty)
            #expect(reader.read(1) == 0)
            #expect(reader.isPastEnd)
        }
    }

    @Test("a reader over a longer copy of the input goes on where the state says")
    func resumes() {
        let bytes: [UInt8] = (0..<40).map { UInt8($0 * 37 & 0xFF) }
        var state = LSBBitReader.State(position: 0, bits: 0, bitCount: 0)
        var first: [UInt32] = []
        bytes[..<12].withUnsafeBufferPointer { prefix in
            var reader = LSBBitReader(prefix, resuming: state)
            for _ in 0..<5 { first.append(reader.read(13)) }
            state = reader.state
        }
        var rest: [UInt32] = []
        bytes.withUnsafeBufferPointer { whole in
            var reader = LSBBitReader(whole, resuming: state)
            for _ in 0..<10 { rest.append(reader.read(13)) }
        }
        var expected: [UInt32] = []
        bytes.withUnsafeBufferPointer { whole in
            var reader = LSBBitReader(whole)
            for _ in 0..<15 { expected.append(reader.read(13)) }
        }
        #expect(first + rest == expected)
    }

    @Test("aligning to a byte hands whole buffered bytes back to the input")
    func alignToByte() {
        let bytes: [UInt8] = Array(0..<20)
        bytes.withUnsafeBufferPointer { buffer in
            var reader = LSBBitReader(buffer)
            _ = reader.read(3) // the word refill loaded 8 bytes
            reader.alignToByte()
            #expect(reader.position == 1)
            #expect(reader.read(8) == 1)
            reader.alignToByte()
            #expect(reader.position == 2)
            #expect(reader.read(16) == 0x0302)
        }
    }
}
