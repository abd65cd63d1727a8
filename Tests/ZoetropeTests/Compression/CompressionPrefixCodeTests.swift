import Testing
@testable import Zoetrope

@Suite("Compression: prefix-code tables")
struct CompressionPrefixCodeTests {
    /// Decodes `count` symbols from `bytes` with `table`: (symbol, bits consumed) each.
    static func decode(_ table: PrefixCodeTable, _ bytes: [UInt8], count: Int) -> [(symbol: UInt32, bits: Int)] {
        table.entries.withUnsafeBufferPointer { entries in
            bytes.withUnsafeBufferPointer { buffer in
                var reader = LSBBitReader(buffer)
                return (0..<count).map { _ in
                    reader.refill()
                    let entry = PrefixCodeTable.lookup(entries.baseAddress!, reader.bits, primaryBits: UInt64(table.primaryBits))
                    let length = Int(PrefixCodeTable.length(entry))
                    reader.consume(length)
                    return (PrefixCodeTable.payload(entry), length)
                }
            }
        }
    }

    @Test("a small code decodes as worked out by hand, through a subtable too", arguments: [0, 1, 2, 3])
    func handDecoded(primaryBits: Int) throws {
        // Lengths A:2 B:1 C:3 D:3 give the canonical codes B=0, A=10, C=110, D=111.
        let table = try #require(PrefixCodeTable(lengths: [2, 1, 3, 3], primaryBits: primaryBits, incomplete: .rejected))
        // B A C D, each code sent most significant bit first: stream bits 0 | 1 0 | 1 1 0 | 1 1 1,
        // packed least significant bit first: 0b1101_1010, 0b0000_0001.
        let decoded = Self.decode(table, [0xDA, 0x01], count: 4)
        #expect(decoded.map(\.symbol) == [1, 0, 2, 3])
        #expect(decoded.map(\.bits) == [1, 2, 3, 3])
    }

    @Test("over-subscribed codes are rejected under every policy")
    func overSubscribed() {
        for policy in [PrefixCodeTable.IncompleteCodes.rejected, .allowNoneOrOne, .singleSymbolIsZeroBits] {
            #expect(PrefixCodeTable(lengths: [1, 1, 1], primaryBits: 8, incomplete: policy) == nil)
            #expect(PrefixCodeTable(lengths: [1, 2, 2, 3], primaryBits: 2, incomplete: policy) == nil)
        }
    }

    @Test("incomplete codes are rejected, except where the policy allows them")
    func incomplete() throws {
        for policy in [PrefixCodeTable.IncompleteCodes.rejected, .allowNoneOrOne, .singleSymbolIsZeroBits] {
            #expect(PrefixCodeTable(lengths: [1, 2], primaryBits: 8, incomplete: policy) == nil)
            #expect(PrefixCodeTable(lengths: [2, 2, 2, 0], primaryBits: 8, incomplete: policy) == nil)
        }
        #expect(PrefixCodeTable(lengths: [0, 0, 0], primaryBits: 8, incomplete: .rejected) == nil)
        #expect(PrefixCodeTable(lengths: [0, 0, 0], primaryBits: 8, incomplete: .singleSymbolIsZeroBits) == nil)
        // deflate accepts no code at all: every lookup is invalid.
        let none = try #require(PrefixCodeTable(lengths: [0, 0, 0], primaryBits: 4, incomplete: .allowNoneOrOne))
        #expect(none.entries.allSatisfy { PrefixCodeTable.kind($0) == PrefixCodeTable.kindInvalid })
    }

    @Test("lengths over 15 are rejected")
    func tooLong() {
        #expect(PrefixCodeTable(lengths: [16, 1], primaryBits: 8, incomplete: .allowNoneOrOne) == nil)
    }

    @Test("a single symbol: zero bits for VP8L, a 1-bit code for deflate")
    func singleSymbol() throws {
        let lengths: [UInt8] = [0, 0, 1, 0]
        #expect(PrefixCodeTable(lengths: lengths, primaryBits: 8, incomplete: .rejected) == nil)
        let vp8l = try #require(PrefixCodeTable(lengths: lengths, primaryBits: 8, incomplete: .singleSymbolIsZeroBits))
        let decoded = Self.decode(vp8l, [0xFF, 0x5A], count: 5)
        #expect(decoded.allSatisfy { $0.symbol == 2 && $0.bits == 0 })
        // The same holds whatever length the lone symbol was given, and with a one-entry table.
        let oneEntry = try #require(PrefixCodeTable(lengths: lengths, primaryBits: 0, incomplete: .singleSymbolIsZeroBits))
        #expect(oneEntry.entries.count == 1)
        #expect(Self.decode(oneEntry, [0xFF], count: 2).map(\.symbol) == [2, 2])
        let longer = try #require(PrefixCodeTable(lengths: [0, 7], primaryBits: 8, incomplete: .singleSymbolIsZeroBits))
        #expect(Self.decode(longer, [0xFF], count: 1).map(\.bits) == [0])

        let deflate = try #require(PrefixCodeTable(lengths: lengths, primaryBits: 8, incomplete: .allowNoneOrOne))
        deflate.entries.withUnsafeBufferPointer { entries in
            let zero = PrefixCodeTable.lookup(entries.baseAddress!, 0b0, primaryBits: 8)
            #expect(PrefixCodeTable.payload(zero) == 2 && PrefixCodeTable.length(zero) == 1)
            let one = PrefixCodeTable.lookup(entries.baseAddress!, 0b1, primaryBits: 8)
            #expect(PrefixCodeTable.kind(one) == PrefixCodeTable.kindInvalid)
        }
    }

    @Test("entries carry the caller's kind and payload")
    func customEntries() throws {
        let entries = [PrefixCodeTable.entry(length: 0, kind: 3, payload: 0xABCDE),
                       PrefixCodeTable.entry(length: 0, kind: 5, payload: 42)]
        let table = try #require(PrefixCodeTable(lengths: [1, 1], entries: entries, primaryBits: 4, incomplete: .rejected))
        table.entries.withUnsafeBufferPointer { table in
            let first = PrefixCodeTable.lookup(table.baseAddress!, 0b10, primaryBits: 4)
            #expect(PrefixCodeTable.kind(first) == 3 && PrefixCodeTable.payload(first) == 0xABCDE)
            #expect(PrefixCodeTable.length(first) == 1)
            let second = PrefixCodeTable.lookup(table.baseAddress!, 0b01, primaryBits: 4)
            #expect(PrefixCodeTable.kind(second) == 5 && PrefixCodeTable.payload(second) == 42)
        }
    }

    @Test("a VP8L-sized alphabet (2328 symbols, codes up to 15 bits) round-trips", arguments: [8, 10])
    func largeAlphabet(primaryBits: Int) throws {
        // Skewed frequencies, so that codes run from short to the 15-bit limit.
        var generator = SplitMix64(seed: 2328)
        let frequencies = (0..<2328).map { symbol in symbol % 97 == 0 ? 1 + Int(generator.next() % 3) : 1 << (symbol % 17) }
        let lengths = HuffmanCodeBuilder.lengths(for: frequencies, maxBits: 15)
        #expect(lengths.max() == 15)
        let table = try #require(PrefixCodeTable(lengths: lengths, primaryBits: primaryBits, incomplete: .rejected))

        // Canonical codes as RFC 1951 §3.2.2 computes them, sent most significant bit first.
        var counts = [Int](repeating: 0, count: 16)
        for length in lengths where length > 0 { counts[Int(length)] += 1 }
        var nextCode = [Int](repeating: 0, count: 16)
        var code = 0
        for bits in 1...15 {
            code = (code + counts[bits - 1]) << 1
            nextCode[bits] = code
        }
        var codes = [Int](repeating: 0, count: lengths.count)
        for symbol in lengths.indices where lengths[symbol] > 0 {
            codes[symbol] = nextCode[Int(lengths[symbol])]
            nextCode[Int(lengths[symbol])] += 1
        }
        let message = (0..<3000).map { _ in Int(generator.next() % 2328) }.filter { lengths[$0] > 0 }
        var writer = BitWriter()
        for symbol in message {
            writer.write(UInt32(PrefixCodeTable.reverse(codes[symbol], bits: Int(lengths[symbol]))), bits: Int(lengths[symbol]))
        }
        writer.alignToByte()
        let decoded = Self.decode(table, writer.bytes, count: message.count)
        #expect(decoded.map { Int($0.symbol) } == message)
        #expect(decoded.map(\.bits) == message.map { Int(lengths[$0]) })
    }
}
