/// One VP8L prefix code as a lookup table built by ``HuffmanTable``.
///
/// VP8L differs from deflate in one case: a code with a single used symbol (whatever its stated
/// length) takes zero bits. ``HuffmanTable`` has no zero-length codes, so that case is a one-entry
/// table indexed by zero bits whose entry has length 0. Every other code must be complete
/// (libwebp rejects incomplete and over-subscribed codes alike).
struct VP8LPrefixCode: Sendable {
    /// The lookup table: ``HuffmanTable`` entries whose value is the symbol.
    let table: [UInt32]
    /// Bits indexing the primary table; 0 for a single-symbol code.
    let primaryBits: Int
    /// The symbol of a single-symbol code, or `nil` when the code reads bits.
    let singleSymbol: Int?

    /// Literal symbols 0..<2328 (the largest VP8L alphabet: 280 + a 2048-entry colour cache).
    static let literalSymbols: [HuffmanTable.Symbol] = (0..<2328).map {
        HuffmanTable.Symbol(kind: HuffmanTable.kindLiteral, value: UInt32($0), extraBits: 0)
    }

    /// Builds the code for `lengths` (each 0...15), indexing at most `primaryBits` bits at once.
    /// - Returns: `nil` when no symbol is used or the lengths do not form a complete prefix code.
    init?(lengths: [UInt8], primaryBits: Int) {
        var usedCount = 0
        var lastUsed = 0
        var longest = 0
        for (symbol, length) in lengths.enumerated() where length != 0 {
            usedCount += 1
            lastUsed = symbol
            longest = max(longest, Int(length))
        }
        guard usedCount > 0 else { return nil }
        if usedCount == 1 {
            table = [Self.zeroLengthEntry(symbol: lastUsed)]
            self.primaryBits = 0
            singleSymbol = lastUsed
            return
        }
        // A primary table wider than the longest code would only repeat entries.
        let bits = min(primaryBits, longest)
        guard let built = HuffmanTable(lengths: lengths, symbols: Self.literalSymbols, primaryBits: bits,
                                       allowIncomplete: false) else { return nil }
        table = built.entries
        self.primaryBits = bits
        singleSymbol = nil
    }

    /// A ``HuffmanTable`` entry for a literal `symbol` with code length 0 (bits 0–4 length, 5–7 kind,
    /// 16–31 value, per ``HuffmanTable``'s layout), so that decoding consumes nothing.
    static func zeroLengthEntry(symbol: Int) -> UInt32 {
        UInt32(symbol) << 16 | HuffmanTable.kindLiteral << 5
    }

    /// Decodes one symbol with this code's `table` (this code's ``table`` or a copy of it).
    @inline(__always)
    func decode(_ table: UnsafeBufferPointer<UInt32>, _ reader: inout VP8LBitReader) -> Int {
        Self.decode(table, primaryBits: primaryBits, &reader)
    }

    /// Decodes one symbol with the table at the start of `table`, indexed by `primaryBits` bits.
    @inline(__always)
    static func decode(_ table: UnsafeBufferPointer<UInt32>, primaryBits: Int, _ reader: inout VP8LBitReader) -> Int {
        reader.fill()
        let entry = HuffmanTable.lookup(table, reader.peek, primaryBits: UInt64(primaryBits))
        reader.consume(Int(HuffmanTable.length(entry)))
        return Int(HuffmanTable.value(entry))
    }
}
