/// One VP8L prefix code as the encoder builds it: code lengths chosen from symbol counts (at most
/// 15 bits, RFC 9649 §3.7.2.1) and the bit-reversed canonical codes that ``BitWriter`` writes.
struct VP8LHuffmanCode: Sendable {
    /// Length per symbol, 0 for unused symbols.
    let lengths: [UInt8]
    /// Canonical code per symbol, bit-reversed for least-significant-bit-first writing; all 0
    /// (and written as zero bits) when the code has a single symbol.
    let codes: [UInt32]
    /// The code has one used symbol: decoders read it as zero bits.
    let isSingleSymbol: Bool

    /// The longest code VP8L allows.
    static let maximumLength = 15

    /// The code for symbols counted in `histogram` (one count per symbol of the alphabet).
    ///
    /// A single used symbol (or none, when symbol 0 stands in) gets length 1 alone, which VP8L
    /// reads as a zero-bit code.
    init(histogram: [UInt32], maximumLength: Int = VP8LHuffmanCode.maximumLength) {
        var used = 0, last = 0
        for (symbol, count) in histogram.enumerated() where count > 0 {
            used += 1
            last = symbol
        }
        if used <= 1 {
            var lengths = [UInt8](repeating: 0, count: histogram.count)
            lengths[last] = 1
            self.lengths = lengths
            codes = [UInt32](repeating: 0, count: histogram.count)
            isSingleSymbol = true
            return
        }
        lengths = HuffmanCodeBuilder.lengths(for: histogram.map { Int($0) }, maxBits: maximumLength)
        codes = HuffmanCodeBuilder.reversedCodes(for: lengths)
        isSingleSymbol = false
    }

    /// Writes `symbol` (which must have a code).
    @inline(__always)
    func write(_ symbol: Int, to writer: inout BitWriter) {
        if !isSingleSymbol { writer.write(codes[symbol], bits: Int(lengths[symbol])) }
    }

    /// Bits that writing `symbol` takes.
    @inline(__always)
    func cost(_ symbol: Int) -> Int {
        isSingleSymbol ? 0 : Int(lengths[symbol])
    }
}
