/// A deflate block's two decode tables, literal/length and distance (``HuffmanTable`` entries), in
/// one buffer at fixed offsets: both primary tables first, then the subtables of both.
///
/// The hot loop then reaches both from one base pointer, the distance table at a constant offset
/// folded into its loads, which leaves one more register for the loop's own values (measured: the
/// loop spilled the bit buffer to the stack in every match with two table pointers live).
///
/// Dynamic blocks rebuild the tables in place (``build(_:literalCount:)``); the buffer starts as
/// the fixed code's (``fixed``, primary tables only, as the fixed codes are at most 9 bits long)
/// and grows only when a block's codes need subtables.
struct BlockDecodeTables {
    /// Where the distance code's primary table starts; the literal/length code's starts at 0.
    static var distanceStart: Int { @inline(__always) get { 1 << HuffmanTable.literalBits } }
    /// Where the subtables start: literal/length ones first, distance ones after them.
    static var subtableStart: Int { @inline(__always) get { distanceStart + 1 << HuffmanTable.distanceBits } }

    /// Both tables; subtable links hold offsets into the whole buffer.
    private(set) var entries: [UInt32]

    /// The fixed codes of RFC 1951 §3.2.6.
    static let fixed: BlockDecodeTables = {
        let lengths = HuffmanTable.fixedLiteralLengths + [UInt8](repeating: 5, count: 32)
        var tables = BlockDecodeTables(entries: [UInt32](repeating: HuffmanTable.invalidEntry, count: subtableStart))
        let built = lengths.withUnsafeBufferPointer { tables.build($0, literalCount: 288) }
        precondition(built == nil, "the fixed deflate codes are complete")
        return tables
    }()

    /// Rebuilds both tables from a block's code lengths: the literal/length code's `literalCount`
    /// lengths, then the distance code's. Returns what is wrong when the lengths do not form usable
    /// prefix codes, else `nil`.
    mutating func build(_ lengths: UnsafeBufferPointer<UInt8>, literalCount: Int) -> String? {
        guard let literalEnd = HuffmanTable.build(
            into: &entries, primaryBits: HuffmanTable.literalBits, at: 0, subtablesFrom: Self.subtableStart,
            lengths: UnsafeBufferPointer(rebasing: lengths[..<literalCount]),
            symbols: HuffmanTable.literalLengthSymbols, requireComplete: false
        ) else { return "invalid literal/length code" }
        guard HuffmanTable.build(
            into: &entries, primaryBits: HuffmanTable.distanceBits, at: Self.distanceStart, subtablesFrom: literalEnd,
            lengths: UnsafeBufferPointer(rebasing: lengths[literalCount...]),
            symbols: HuffmanTable.distanceSymbols, requireComplete: false
        ) != nil else { return "invalid distance code" }
        return nil
    }
}
