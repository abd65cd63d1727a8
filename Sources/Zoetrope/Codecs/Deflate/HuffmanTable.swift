/// Deflate's view of a ``PrefixCodeTable``: the entries' kind says what a symbol is (literal,
/// length or distance base, end of block) and their payload carries the extra bits to read after
/// the code and the literal byte or base value, so the hot loop does one load per symbol:
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
    static let kindLink: UInt32 = PrefixCodeTable.kindLink
    static let kindInvalid: UInt32 = PrefixCodeTable.kindInvalid

    /// What one symbol of an alphabet decodes to.
    struct Symbol: Sendable {
        var kind: UInt32
        var value: UInt32
        var extraBits: UInt32

        /// The symbol's entry in a ``PrefixCodeTable`` (without its code length).
        var entry: UInt32 { PrefixCodeTable.entry(length: 0, kind: kind, payload: extraBits | value << 8) }
    }

    private let code: PrefixCodeTable
    var entries: [UInt32] { code.entries }
    var primaryBits: Int { code.primaryBits }

    @inline(__always) static func length(_ entry: UInt32) -> UInt32 { PrefixCodeTable.length(entry) }
    @inline(__always) static func kind(_ entry: UInt32) -> UInt32 { PrefixCodeTable.kind(entry) }
    @inline(__always) static func extra(_ entry: UInt32) -> UInt32 { (entry >> 8) & 15 }
    @inline(__always) static func value(_ entry: UInt32) -> UInt32 { entry >> 16 }

    /// The entry for the code at the bottom of `bits`, following a subtable link if there is one.
    @inline(__always)
    static func lookup(_ table: UnsafeBufferPointer<UInt32>, _ bits: UInt64, primaryBits: UInt64) -> UInt32 {
        PrefixCodeTable.lookup(table, bits, primaryBits: primaryBits)
    }

    /// Builds the table for code `lengths` (one per symbol, 0 = unused).
    ///
    /// An over-subscribed code is rejected. An incomplete code is rejected too, except (with
    /// `allowIncomplete`) the two cases RFC 1951 and zlib allow: no codes at all, or a single code
    /// (distance codes with one distance); lookups of unused codes then give ``kindInvalid``.
    /// - Returns: `nil` when the lengths do not form a usable prefix code.
    init?(lengths: [UInt8], symbols: [Symbol], primaryBits: Int, allowIncomplete: Bool) {
        self.init(lengths: lengths, symbolEntries: symbols.map(\.entry), primaryBits: primaryBits,
                  allowIncomplete: allowIncomplete)
    }

    /// As ``init(lengths:symbols:primaryBits:allowIncomplete:)``, with each symbol given as its
    /// ``Symbol/entry`` (deflate's alphabets have theirs made once).
    init?(lengths: [UInt8], symbolEntries: [UInt32], primaryBits: Int, allowIncomplete: Bool) {
        guard let code = PrefixCodeTable(lengths: lengths, entries: symbolEntries, primaryBits: primaryBits,
                                         incomplete: allowIncomplete ? .allowNoneOrOne : .rejected) else { return nil }
        self.code = code
    }

    private init(code: PrefixCodeTable) { self.code = code }

    /// `code`'s low `bits` bits (at most 16) in reverse order: deflate sends Huffman codes most
    /// significant bit first into an LSB-first stream.
    @inline(__always)
    static func reverse(_ code: Int, bits: Int) -> Int { PrefixCodeTable.reverse(code, bits: bits) }
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

    /// ``literalLengthSymbols`` as table entries.
    static let literalLengthEntries = literalLengthSymbols.map(\.entry)

    /// Distance alphabet (0–31; 30 and 31 never occur in valid data).
    static let distanceSymbols: [Symbol] = (0..<32).map { symbol in
        symbol < 30 ? Symbol(kind: kindBase, value: distanceBases[symbol], extraBits: distanceExtra[symbol])
            : Symbol(kind: kindInvalid, value: 0, extraBits: 0)
    }

    /// ``distanceSymbols`` as table entries.
    static let distanceEntries = distanceSymbols.map(\.entry)

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
    static let empty = HuffmanTable(code: PrefixCodeTable(invalidWithPrimaryBits: 1))
}
