import Testing
@testable import Zoetrope

@Suite("Inflate: a block's two tables in one buffer")
struct BlockDecodeTablesTests {
    /// Decodes `code` (its `length` bits sent first-bit-first) with the table whose primary entries
    /// start at `start` and are `primaryBits` wide, followed by the bits of `suffix`: the entry
    /// reached and the bits its code takes (the extra bits left out).
    static func decode(_ tables: BlockDecodeTables, start: Int, primaryBits: Int, code: Int, length: Int,
                       suffix: UInt64) -> (UInt32, Int) {
        let bits = UInt64(HuffmanTable.reverse(code, bits: length)) | suffix << UInt64(length)
        return tables.entries.withUnsafeBufferPointer { entries in
            let entry = HuffmanTable.primary(entries, bits, mask: UInt64(1) << UInt64(primaryBits) - 1, at: start)
            guard HuffmanTable.isLink(entry) else { return (entry, HuffmanTable.codeLength(entry)) }
            let long = HuffmanTable.subtable(entries, link: entry, bits >> UInt64(HuffmanTable.consumed(entry)))
            return (long, HuffmanTable.consumed(entry) + HuffmanTable.codeLength(long))
        }
    }

    /// Every literal/length symbol of `literals` and every distance symbol of `distances` decodes
    /// to its own entry (literal byte, end of block, or base value and extra bits), through a
    /// subtable where its code is longer than the primary width.
    static func expectDecodes(_ tables: BlockDecodeTables, literals: [UInt8], distances: [UInt8], _ note: String) {
        let alphabets = [(literals, 0, HuffmanTable.literalBits, HuffmanTable.literalLengthSymbols),
                         (distances, BlockDecodeTables.distanceStart, HuffmanTable.distanceBits, HuffmanTable.distanceSymbols)]
        for (lengths, start, primaryBits, symbols) in alphabets {
            let codes = HuffmanTableTests.canonicalCodes(lengths)
            for (symbol, length) in lengths.enumerated() where length > 0 {
                for suffix: UInt64 in [0, 0x5A5A, 0xFFFF_FFFF] {
                    let (entry, codeLength) = decode(tables, start: start, primaryBits: primaryBits,
                                                     code: codes[symbol], length: Int(length), suffix: suffix)
                    let what = "\(note): \(start == 0 ? "literal/length" : "distance") symbol \(symbol)"
                    // The symbol's payload and flags, its whole code, and its extra bits.
                    #expect(entry >> 12 == symbols[symbol] >> 12, "\(what): entry \(entry)")
                    #expect(codeLength == Int(length), "\(what): code length")
                    #expect(HuffmanTable.consumed(entry) - HuffmanTable.codeLength(entry) == Int(symbols[symbol] & 0xFF),
                            "\(what): extra bits")
                }
            }
        }
    }

    /// A complete code: all but one code of `low` bits, one of each length to 14, two of 15 bits
    /// (so past any primary width), then zeros up to `count` symbols.
    static func skewed(from low: Int, count: Int) -> [UInt8] {
        var lengths = [UInt8](repeating: UInt8(low), count: (1 << low) - 1)
        for length in low + 1..<15 { lengths.append(UInt8(length)) }
        lengths += [15, 15]
        return lengths + [UInt8](repeating: 0, count: count - lengths.count)
    }

    @Test("both codes decode through their own subtables, and a rebuild whose literal/length subtables grow moves the distance ones after them")
    func decodesBothCodes() {
        var tables = BlockDecodeTables.fixed
        // First no literal/length subtables (8- and 9-bit codes), distance codes up to 15 bits.
        let flat = [UInt8](repeating: 8, count: 226) + [UInt8](repeating: 9, count: 60)
        let longDistances = Self.skewed(from: 2, count: 30)
        let both = flat + longDistances
        #expect(both.withUnsafeBufferPointer { tables.build($0, literalCount: flat.count) } == nil)
        Self.expectDecodes(tables, literals: flat, distances: longDistances, "flat literal/length code")
        // Then literal/length codes up to 15 bits too: their subtables take the room the distance
        // subtables had.
        let longLiterals = Self.skewed(from: 8, count: 286)
        let shortDistances = [UInt8](repeating: 5, count: 32)
        for (literals, distances) in [(longLiterals, longDistances), (longLiterals, shortDistances)] {
            let lengths = literals + distances
            #expect(lengths.withUnsafeBufferPointer { tables.build($0, literalCount: literals.count) } == nil)
            Self.expectDecodes(tables, literals: literals, distances: distances, "long literal/length codes")
        }
    }

    @Test("the fixed codes decode from the tables' primary entries alone")
    func fixedCodes() {
        // RFC 1951 §3.2.6, written out here rather than taken from the code under test.
        var literals = [UInt8](repeating: 8, count: 288)
        for symbol in 144..<256 { literals[symbol] = 9 }
        for symbol in 256..<280 { literals[symbol] = 7 }
        #expect(BlockDecodeTables.fixed.entries.count == BlockDecodeTables.subtableStart)
        Self.expectDecodes(.fixed, literals: literals, distances: [UInt8](repeating: 5, count: 32), "fixed")
    }

    @Test("an over-subscribed code of either kind is refused, saying which")
    func refusesInvalidCodes() {
        var tables = BlockDecodeTables.fixed
        let tooMany = [UInt8](repeating: 1, count: 3)
        let literals = [UInt8](repeating: 8, count: 226) + [UInt8](repeating: 9, count: 60)
        #expect((tooMany + [UInt8](repeating: 0, count: 283) + [UInt8](repeating: 5, count: 30))
            .withUnsafeBufferPointer { tables.build($0, literalCount: 286) } == "invalid literal/length code")
        #expect((literals + tooMany).withUnsafeBufferPointer { tables.build($0, literalCount: 286) } == "invalid distance code")
    }
}
