/// The bit buffer the steps of ``HuffmanBlockDecoder`` read from: the careful loop's
/// ``LSBBitReader`` or the fast loop's ``FastBitReader``, so both loops share one definition of each
/// step (generic and inlined, so each loop gets its own specialised copy).
protocol DecodeBits {
    /// Loaded bits, the next one lowest.
    var bits: UInt64 { get }
    /// Drops the bits a ``HuffmanTable`` entry consumes (its bits 0–7); they must be loaded.
    mutating func consume(entry: UInt32)
}

extension LSBBitReader: DecodeBits {
    @inline(__always)
    mutating func consume(entry: UInt32) { unsafe consume(HuffmanTable.consumed(entry)) }
}
