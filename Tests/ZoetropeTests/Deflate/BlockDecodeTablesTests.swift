import Testing
@testable import Zoetrope

@Suite("Inflate: a block's two tables in one buffer")
struct BlockDecodeTablesTests {
    /// What a decoded code stands for, as the inflate loops read it.
    enum Decoded: Equatable { case literal(Int), endOfBlock, value(Int), invalid }

    /// Decodes the code at the bottom of `bits` with the table whose primary entries start at
    /// `start` and are `primaryBits` wide, as the fast loop does: a primary literal/length entry
    /// that is not exceptional is a length resolved with its extra bits (its payload); any other
    /// length or distance is the entry's base plus the extra bits after its code. Returns what it
    /// stands for and the bits it consumes.
    static func decode(_ tables: BlockDecodeTables, start: Int, primaryBits: Int, bits: UInt64) -> (Decoded, Int) {
        tables.entries.withUnsafeBufferPointer { entries in
            var entry = HuffmanTable.primary(entries, bits, mask: UInt64(1) << UInt64(primaryBits) - 1, at: start)
            var rest = bits, consumed = 0
            if HuffmanTable.isLink(entry) {
                consumed = HuffmanTable.consumed(entry)
                rest >>= UInt64(consumed)
                entry = HuffmanTable.subtable(entries, link: entry, rest)
            }
            consumed += HuffmanTable.consumed(entry)
            if HuffmanTable.isLiteral(entry) { return (.literal(HuffmanTable.payload(entry)), consumed) }
            if HuffmanTable.isEndOfBlock(entry) { return (.endOfBlock, consumed) }
            if HuffmanTable.isInvalid(entry) { return (.invalid, consumed) }
            if start == 0 && rest == bits && !HuffmanTable.isExceptional(entry) {
                return (.value(HuffmanTable.payload(entry)), consumed)
            }
            return (.value(HuffmanTable.value(entry, consumedFrom: rest)), consumed)
        }
    }

    /// Every literal/length symbol of `literals` and every distance symbol of `distances` decodes
    /// to what it stands for (a literal byte, the end of block, or a length or distance for each of
    /// its extra values tried: none, one, the largest), through a subtable where its code is longer
    /// than the primary width, consuming exactly its code and extra bits.
    static func expectDecodes(_ tables: BlockDecodeTables, literals: [UInt8], distances: [UInt8], _ note: String) {
        let alphabets = [(literals, 0, HuffmanTable.literalBits, 257, HuffmanTable.lengthBases, HuffmanTable.lengthExtra),
                         (distances, BlockDecodeTables.distanceStart, HuffmanTable.distanceBits, 0,
                          HuffmanTable.distanceBases, HuffmanTable.distanceExtra)]
        for (lengths, start, primaryBits, firstValue, bases, extraBits) in alphabets {
            let codes = HuffmanTableTests.canonicalCodes(lengths)
            for (symbol, length) in lengths.enumerated() where length > 0 && symbol - firstValue < bases.count {
                let what = "\(note): \(start == 0 ? "literal/length" : "distance") symbol \(symbol)"
                let code = UInt64(HuffmanTable.reverse(codes[symbol], bits: Int(length)))
                let extra = symbol < firstValue ? 0 : Int(extraBits[symbol - firstValue])
                for value in Set([0, min(1, (1 << extra) - 1), (1 << extra) - 1]) {
                    for suffix: UInt64 in [0, 0x5A5A, 0xFFFF_FFFF] {
                        let bits = code | UInt64(value) << UInt64(length) | suffix << UInt64(Int(length) + extra)
                        let (decoded, consumed) = decode(tables, start: start, primaryBits: primaryBits, bits: bits)
                        let expected: Decoded = start == 0 && symbol == 256 ? .endOfBlock
                            : symbol < firstValue ? .literal(symbol)
                            : .value(Int(bases[symbol - firstValue]) + value)
                        #expect(decoded == expected && consumed == Int(length) + extra,
                                "\(what), extra value \(value): \(decoded), \(consumed) bits")
                    }
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
        // Length codes of 6 bits: every extra value resolved in the primary table, bits to spare.
        let shortLengths = [UInt8](repeating: 8, count: 23) + [UInt8](repeating: 9, count: 234)
            + [UInt8](repeating: 6, count: 29)
        for (literals, distances) in [(longLiterals, longDistances), (longLiterals, shortDistances),
                                      (shortLengths, shortDistances)] {
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
