import Testing
@testable import Zoetrope

@Suite("Inflate: fast loop bit reader")
struct FastBitReaderTests {
    @Test("consuming whole table entries (garbage above bit 7) keeps the same bits and position as the LSB reader",
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
                while fast.hasWordAhead {
                    fast.refill()
                    reference.refillWord()
                    #expect(fast.bits == reference.bits && fast.bitCount == reference.bitCount)
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
