import Testing
@testable import Zoetrope

@Suite("Inflate: decode tables")
struct HuffmanTableTests {
    /// Builds `lengths` (symbols numbered, payload = symbol) into `table`.
    static func build(_ table: inout HuffmanTable, _ lengths: [UInt8]) -> Bool {
        let symbols = (0..<lengths.count).map { UInt32($0) << 16 | HuffmanTable.literalFlag }
        return lengths.withUnsafeBufferPointer { table.build(lengths: $0, symbols: symbols) }
    }

    /// An empty table big enough for any code of `symbols` symbols.
    static func emptyTable(primaryBits: Int, symbols: Int) -> HuffmanTable {
        HuffmanTable(primaryBits: primaryBits, capacity: HuffmanTable.capacity(primaryBits: primaryBits, symbols: symbols))
    }

    /// The canonical codes of RFC 1951 §3.2.2 for `lengths`, most significant bit first.
    static func canonicalCodes(_ lengths: [UInt8]) -> [Int] {
        var counts = [Int](repeating: 0, count: 16), next = [Int](repeating: 0, count: 16)
        for length in lengths where length > 0 { counts[Int(length)] += 1 }
        var code = 0
        for bits in 1...15 { code = (code + counts[bits - 1]) << 1; next[bits] = code }
        return lengths.map { length in
            guard length > 0 else { return -1 }
            defer { next[Int(length)] += 1 }
            return next[Int(length)]
        }
    }

    /// Decodes `code` (its `length` bits sent first-bit-first) with `table`, followed by the bits of
    /// `suffix`: the entry reached and the bits consumed.
    static func decode(_ table: HuffmanTable, code: Int, length: Int, suffix: UInt64) -> (UInt32, Int) {
        let bits = UInt64(HuffmanTable.reverse(code, bits: length)) | suffix << UInt64(length)
        return table.entries.withUnsafeBufferPointer { entries in
            let mask = UInt64(1) << UInt64(table.primaryBits) - 1
            let entry = HuffmanTable.primary(entries, bits, mask: mask)
            guard HuffmanTable.isLink(entry) else { return (entry, HuffmanTable.consumed(entry)) }
            let long = HuffmanTable.subtable(entries, link: entry, bits >> UInt64(HuffmanTable.consumed(entry)))
            return (long, HuffmanTable.consumed(entry) + HuffmanTable.consumed(long))
        }
    }

    /// Every symbol's code decodes to it, consuming exactly its length, whatever bits follow.
    static func expectDecodes(_ table: HuffmanTable, _ lengths: [UInt8], _ note: String) {
        let codes = canonicalCodes(lengths)
        for (symbol, length) in lengths.enumerated() where length > 0 {
            for suffix: UInt64 in [0, 0x5A5A, 0xFFFF_FFFF] {
                let (entry, consumed) = decode(table, code: codes[symbol], length: Int(length), suffix: suffix)
                #expect(HuffmanTable.isLiteral(entry) && HuffmanTable.payload(entry) == symbol && consumed == Int(length),
                        "\(note): symbol \(symbol)")
            }
        }
    }

    @Test("the builder reports each primary-width symbol's code, bit-reversed, and leaves longer and unused ones alone")
    func reportsPrimaryCodes() {
        // Codes of 1 to 12 bits around a 9-bit primary table, with unused symbols between.
        let lengths: [UInt8] = [3, 0, 2, 12, 4, 9, 10, 0, 5, 6, 7, 8, 11, 12, 1]
        let symbols = (0..<lengths.count).map { UInt32($0) << 16 | HuffmanTable.literalFlag }
        var entries = [UInt32](repeating: HuffmanTable.invalidEntry, count: 1 << 9)
        var reported = [UInt16](repeating: 0xFFFF, count: lengths.count)
        let end = lengths.withUnsafeBufferPointer { lengths in
            reported.withUnsafeMutableBufferPointer { reported in
                HuffmanTable.build(into: &entries, primaryBits: 9, at: 0, subtablesFrom: 1 << 9, lengths: lengths,
                                   symbols: symbols, requireComplete: true, primaryCodes: reported)
            }
        }
        #expect(end != nil)
        for (symbol, code) in Self.canonicalCodes(lengths).enumerated() {
            let length = Int(lengths[symbol])
            let expected = length == 0 || length > 9 ? 0xFFFF : HuffmanTable.reverse(code, bits: length)
            #expect(Int(reported[symbol]) == expected, "symbol \(symbol), \(length) bits")
        }
    }

    @Test("codes short and long (through subtables) decode to their symbols, and a rebuild in place replaces every entry")
    func decodesEverySymbol() {
        // A skewed complete code: lengths 1, 2, …, 14, 15, 15 (codes past 11 bits go through subtables).
        let skewed: [UInt8] = (1...15).map { UInt8($0) } + [15]
        // A flat complete code of 288 symbols: 224 of 8 bits and 64 of 9 bits.
        let flat = [UInt8](repeating: 8, count: 224) + [UInt8](repeating: 9, count: 64)
        var table = Self.emptyTable(primaryBits: HuffmanTable.literalBits, symbols: 288)
        #expect(Self.build(&table, skewed))
        Self.expectDecodes(table, skewed, "skewed")
        #expect(Self.build(&table, flat))
        Self.expectDecodes(table, flat, "flat after skewed")
        #expect(Self.build(&table, skewed))
        Self.expectDecodes(table, skewed, "skewed again")
    }

    @Test("over-subscribed and incomplete codes are rejected, except none or a single code")
    func completeness() {
        var table = Self.emptyTable(primaryBits: HuffmanTable.distanceBits, symbols: 32)
        #expect(!Self.build(&table, [1, 1, 1]), "over-subscribed")
        #expect(!Self.build(&table, [2, 2, 2]), "incomplete with three codes")
        #expect(!Self.build(&table, [1, 16]), "length over 15")
        #expect(Self.build(&table, [0, 0, 0]), "no code at all")
        #expect(Self.build(&table, [0, 3, 0]), "a single code")
        // The single code is 0 (3 bits); every other pattern is invalid.
        let (entry, consumed) = Self.decode(table, code: 0, length: 3, suffix: 0)
        #expect(HuffmanTable.payload(entry) == 1 && consumed == 3)
        for code in 1..<8 {
            #expect(HuffmanTable.isInvalid(Self.decode(table, code: code, length: 3, suffix: 0).0), "code \(code)")
        }
    }

    @Test("length and distance entries give base plus extra bits")
    func baseAndExtra() {
        // Distance symbol 29: base 24577, 13 extra bits; as the only other code besides symbol 0.
        var lengths = [UInt8](repeating: 0, count: 30)
        lengths[0] = 1
        lengths[29] = 1
        var table = Self.emptyTable(primaryBits: HuffmanTable.distanceBits, symbols: 32)
        let built = lengths.withUnsafeBufferPointer { table.build(lengths: $0, symbols: HuffmanTable.distanceSymbols) }
        #expect(built)
        // Symbol 29 has code 1; its 13 extra bits 0x1ABC follow.
        let bits = UInt64(1) | UInt64(0x1ABC) << 1
        let entry = table.entries.withUnsafeBufferPointer { HuffmanTable.primary($0, bits, mask: 0xFF) }
        #expect(HuffmanTable.consumed(entry) == 14)
        #expect(HuffmanTable.value(entry, consumedFrom: bits) == 24577 + 0x1ABC)
    }

    @Test("the next canonical code, bit-reversed, is the reversed code plus one, at every length")
    func nextReversedCode() {
        for bits in 1...15 {
            for code in 0..<(1 << bits) - 1 {
                let next = HuffmanTable.nextReversed(HuffmanTable.reverse(code, bits: bits), bits: bits)
                #expect(next == HuffmanTable.reverse(code + 1, bits: bits), "\(bits) bits, code \(code)")
            }
            #expect(HuffmanTable.nextReversed((1 << bits) - 1, bits: bits) == 0)
        }
    }

    @Test("complete codes whose shortest code has 1 to 8 bits and longest 15 decode, rebuilt in place one after another")
    func rebuildsMixedCodes() {
        var table = Self.emptyTable(primaryBits: HuffmanTable.literalBits, symbols: 288)
        // All but one code of `low` bits, then one code of each length to 14 and two of 15 bits:
        // complete, with the primary table growing through every length and then subtables.
        for low in [1, 2, 5, 8, 3] {
            var lengths = [UInt8](repeating: UInt8(low), count: (1 << low) - 1)
            for length in low + 1..<15 { lengths += [UInt8(length)] }
            lengths += [15, 15, 0, 0]
            #expect(Self.build(&table, lengths), "from \(low) bits")
            Self.expectDecodes(table, lengths, "from \(low) bits")
        }
    }
}
