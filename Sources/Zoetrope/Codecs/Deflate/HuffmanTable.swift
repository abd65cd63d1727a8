/// A canonical Huffman code as a lookup table for LSB-first bit streams (RFC 1951 §3.2.2).
///
/// The primary table is indexed by the next `primaryBits` bits of the stream. Codes longer than
/// that point to a subtable indexed by the following bits. Each entry packs what decoding needs so
/// the hot loop does one load per symbol:
///
/// | bits  | meaning |
/// |-------|---------|
/// | 0–4   | code length in bits (the whole code, primary + subtable part) |
/// | 5–7   | kind: literal, length/distance base, end of block, subtable link, invalid |
/// | 8–11  | extra bits to read after the code (or, for a link, the subtable's index width) |
/// | 16–31 | the literal byte, the base value, or the subtable's offset |
struct HuffmanTable: Sendable {
    static let kindLiteral: UInt32 = 0
    static let kindBase: UInt32 = 1
    static let kindEndOfBlock: UInt32 = 2
    static let kindLink: UInt32 = 3
    static let kindInvalid: UInt32 = 4

    /// What one symbol of an alphabet decodes to.
    struct Symbol: Sendable {
        var kind: UInt32
        var value: UInt32
        var extraBits: UInt32
    }

    private(set) var entries: [UInt32]
    let primaryBits: Int

    @inline(__always) static func length(_ entry: UInt32) -> UInt32 { entry & 31 }
    @inline(__always) static func kind(_ entry: UInt32) -> UInt32 { (entry >> 5) & 7 }
    @inline(__always) static func extra(_ entry: UInt32) -> UInt32 { (entry >> 8) & 15 }
    @inline(__always) static func value(_ entry: UInt32) -> UInt32 { entry >> 16 }

    /// The entry for the code at the bottom of `bits`, following a subtable link if there is one.
    @inline(__always)
    static func lookup(_ table: UnsafeBufferPointer<UInt32>, _ bits: UInt64, primaryBits: UInt64) -> UInt32 {
        let entry = table[Int(bits & ((1 << primaryBits) - 1))]
        guard kind(entry) == kindLink else { return entry }
        let subMask = (UInt64(1) << UInt64(extra(entry))) - 1
        return table[Int(value(entry)) + Int((bits >> primaryBits) & subMask)]
    }

    private static func pack(length: Int, kind: UInt32, extra: UInt32, value: UInt32) -> UInt32 {
        UInt32(length) | kind << 5 | extra << 8 | value << 16
    }

    /// Builds the table for code `lengths` (one per symbol, 0 = unused).
    ///
    /// An over-subscribed code is rejected. An incomplete code is rejected too, except the two
    /// cases RFC 1951 and zlib allow: no codes at all, or a single code of length 1 (distance codes
    /// with one distance); lookups of unused codes then give ``kindInvalid``.
    /// - Returns: `nil` when the lengths do not form a usable prefix code.
    init?(lengths: [UInt8], symbols: [Symbol], primaryBits: Int, allowIncomplete: Bool) {
        self.primaryBits = primaryBits
        var counts = [Int](repeating: 0, count: 16)
        for length in lengths { counts[Int(length)] += 1 }
        counts[0] = 0
        var left = 1
        var maxLength = 0
        for bits in 1...15 {
            left <<= 1
            left -= counts[bits]
            if left < 0 { return nil } // over-subscribed
            if counts[bits] > 0 { maxLength = bits }
        }
        if left > 0 {
            let used = counts.reduce(0, +)
            guard allowIncomplete, used <= 1 else { return nil }
        }
        // Canonical codes: each length's first code follows the previous length's last, shifted.
        var nextCode = [Int](repeating: 0, count: 16)
        var code = 0
        for bits in 1...15 {
            nextCode[bits] = code
            code = (code + counts[bits]) << 1
        }

        let primarySize = 1 << primaryBits
        let subBits = max(0, maxLength - primaryBits)
        let invalid = Self.pack(length: 0, kind: Self.kindInvalid, extra: 0, value: 0)
        var table = [UInt32](repeating: invalid, count: primarySize)
        var linkOffset = [Int](repeating: -1, count: primarySize)

        // Count the subtables first so the table is allocated once; then fill it through a pointer
        // (every index below is masked to the primary size or bounded by its subtable's size).
        var subtableCount = 0
        if subBits > 0 {
            var hasSubtable = [Bool](repeating: false, count: primarySize)
            var scanCode = nextCode
            for length8 in lengths where Int(length8) > primaryBits {
                let length = Int(length8)
                let prefix = Self.reverse(scanCode[length], bits: length) & (primarySize - 1)
                scanCode[length] += 1
                if !hasSubtable[prefix] { hasSubtable[prefix] = true; subtableCount += 1 }
            }
        }
        let subtableSize = 1 << subBits
        guard primarySize + subtableCount * subtableSize <= 65_536 else { return nil }
        table.append(contentsOf: repeatElement(invalid, count: subtableCount * subtableSize))
        var nextSubtable = primarySize
        table.withUnsafeMutableBufferPointer { entries in
            symbols.withUnsafeBufferPointer { symbols in
                for symbolIndex in 0..<min(lengths.count, symbols.count) {
                    let length = Int(lengths[symbolIndex])
                    guard length > 0 else { continue }
                    let codeValue = nextCode[length]
                    nextCode[length] += 1
                    let reversed = Self.reverse(codeValue, bits: length)
                    let symbol = symbols[symbolIndex]
                    let entry = Self.pack(length: length, kind: symbol.kind, extra: symbol.extraBits, value: symbol.value)
                    if length <= primaryBits {
                        var index = reversed
                        let step = 1 << length
                        while index < primarySize {
                            entries[index] = entry
                            index += step
                        }
                    } else {
                        let prefix = reversed & (primarySize - 1)
                        if linkOffset[prefix] < 0 {
                            linkOffset[prefix] = nextSubtable
                            entries[prefix] = Self.pack(length: primaryBits, kind: Self.kindLink,
                                                        extra: UInt32(subBits), value: UInt32(nextSubtable))
                            nextSubtable += subtableSize
                        }
                        let base = linkOffset[prefix]
                        var index = reversed >> primaryBits
                        let step = 1 << (length - primaryBits)
                        while index < subtableSize {
                            entries[base + index] = entry
                            index += step
                        }
                    }
                }
            }
        }
        guard table.count <= 65_536 else { return nil }
        self.entries = table
    }

    /// `code`'s low `bits` bits (at most 16) in reverse order: deflate sends Huffman codes most
    /// significant bit first into an LSB-first stream.
    @inline(__always)
    static func reverse(_ code: Int, bits: Int) -> Int {
        var value = UInt16(truncatingIfNeeded: code)
        value = (value & 0x5555) << 1 | (value >> 1) & 0x5555
        value = (value & 0x3333) << 2 | (value >> 2) & 0x3333
        value = (value & 0x0F0F) << 4 | (value >> 4) & 0x0F0F
        value = value << 8 | value >> 8
        return Int(value >> UInt16(16 - bits))
    }
}

extension HuffmanTable {
    static let lengthBases: [UInt32] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                                        35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra: [UInt32] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
                                        3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBases: [UInt32] = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
                                          257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
                                          8193, 12289, 16385, 24577]
    static let distanceExtra: [UInt32] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
                                          7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    /// Literal/length alphabet (0–287; 286 and 287 never occur in valid data).
    static let literalLengthSymbols: [Symbol] = (0..<288).map { symbol in
        switch symbol {
        case 0..<256: return Symbol(kind: kindLiteral, value: UInt32(symbol), extraBits: 0)
        case 256: return Symbol(kind: kindEndOfBlock, value: 0, extraBits: 0)
        case 257...285: return Symbol(kind: kindBase, value: lengthBases[symbol - 257],
                                      extraBits: lengthExtra[symbol - 257])
        default: return Symbol(kind: kindInvalid, value: 0, extraBits: 0)
        }
    }

    /// Distance alphabet (0–31; 30 and 31 never occur in valid data).
    static let distanceSymbols: [Symbol] = (0..<32).map { symbol in
        symbol < 30 ? Symbol(kind: kindBase, value: distanceBases[symbol], extraBits: distanceExtra[symbol])
            : Symbol(kind: kindInvalid, value: 0, extraBits: 0)
    }

    /// The code-length alphabet of dynamic block headers (0–18), decoded as plain symbols.
    static let codeLengthSymbols: [Symbol] = (0..<19).map {
        Symbol(kind: kindLiteral, value: UInt32($0), extraBits: 0)
    }

    static let literalBits = 10
    static let distanceBits = 8

    /// The fixed literal/length code of RFC 1951 §3.2.6.
    static let fixedLiteralLength: HuffmanTable = {
        var lengths = [UInt8](repeating: 8, count: 288)
        for symbol in 144..<256 { lengths[symbol] = 9 }
        for symbol in 256..<280 { lengths[symbol] = 7 }
        // The fixed code is complete by construction, so the build cannot fail.
        return HuffmanTable(lengths: lengths, symbols: literalLengthSymbols, primaryBits: literalBits,
                            allowIncomplete: false) ?? HuffmanTable.empty
    }()

    /// The fixed distance code: 5 bits for each of the 32 symbols.
    static let fixedDistance: HuffmanTable = {
        HuffmanTable(lengths: [UInt8](repeating: 5, count: 32), symbols: distanceSymbols,
                     primaryBits: distanceBits, allowIncomplete: false) ?? HuffmanTable.empty
    }()

    /// A table in which every lookup is invalid.
    static let empty = HuffmanTable(invalidWithPrimaryBits: 1)

    private init(invalidWithPrimaryBits bits: Int) {
        primaryBits = bits
        entries = [UInt32](repeating: Self.pack(length: 0, kind: Self.kindInvalid, extra: 0, value: 0),
                           count: 1 << bits)
    }
}
