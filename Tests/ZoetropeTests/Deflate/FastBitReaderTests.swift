import Testing
@testable import Zoetrope

@Suite("Inflate: fast loop bit reader")
struct FastBitReaderTests {
    @Test("consuming whole table entries (garbage above bit 7) keeps the same bits and position as the LSB reader, and a refill fills all 64 bits",
          arguments: [8, 9, 15, 16, 17, 64, 300])
    func matchesReader(count: Int) {
        var generator = SplitMix64(seed: UInt64(count) &* 31)
        let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        bytes.withUnsafeBufferPointer { buffer in
            for startBits in [0, 3, 13] {
                var reference = LSBBitReader(buffer)
                reference.refillBytes(upTo: startBits)
                reference.consume(reference.bitCount - startBits)
                guard var fast = FastBitReader(reference) else {
                    #expect(!reference.hasWordAhead)
                    continue
                }
                var resumed = reference
                var consumed = 8 * reference.position - reference.bitCount
                while fast.hasWordAhead {
                    fast.refill()
                    reference.refillWord()
                    #expect(fast.bits == reference.bits && fast.bitCount == reference.bitCount)
                    // All 64 bits are the stream's next ones, past the count too (the fast loop
                    // looks the next code up before refilling).
                    if consumed + 64 <= 8 * count {
                        let window = (0..<64).reduce(UInt64(0)) {
                            $0 | UInt64(CompressionBitReaderTests.bit(bytes, consumed + $1)) << UInt64($1)
                        }
                        #expect(fast.bits == window, "64 bits at bit \(consumed)")
                    }
                    // Up to 48 bits per refill, as the fast loop consumes at most.
                    var left = 48
                    while left > 0 {
                        let bitsToConsume = Int(generator.next() % 29)
                        guard bitsToConsume <= left else { break }
                        // Code length, flags and payload above bit 7, as in real entries.
                        let entry = UInt32(truncatingIfNeeded: generator.next()) & ~0xFF | UInt32(bitsToConsume)
                        fast.consume(entry: entry)
                        reference.consume(entry: entry)
                        left -= bitsToConsume
                        consumed += bitsToConsume
                        #expect(fast.bits == reference.bits && fast.bitCount == reference.bitCount)
                    }
                }
                resumed.resume(from: fast)
                #expect(resumed.state == reference.state)
            }
        }
    }

    @Test("no fast reader with fewer than eight bytes left to load")
    func needsAWord() {
        let bytes = [UInt8](repeating: 0xA5, count: 9)
        bytes.withUnsafeBufferPointer { buffer in
            var reader = LSBBitReader(buffer)
            #expect(FastBitReader(reader) != nil)
            reader.refillBytes(upTo: 16)
            #expect(FastBitReader(reader) == nil)
        }
    }
}
