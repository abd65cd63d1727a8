/// Writes the description of a prefix code (RFC 9649 §3.7.2.1): a "simple" code for one or two
/// symbols below 256, else a "normal" code whose lengths are run-length coded (16 repeats the
/// previous length, 17 and 18 write runs of zeros) and prefix-coded with the code-length code.
enum VP8LCodeLengthWriter {
    /// The largest code-length code length (its lengths are stored in 3 bits).
    static let codeLengthCodeLimit = 7

    /// Writes `code`'s lengths.
    static func write(_ code: VP8LHuffmanCode, to writer: inout BitWriter) {
        let used = code.lengths.indices.filter { code.lengths[$0] != 0 }
        if used.count <= 2, used.allSatisfy({ $0 < 256 }) {
            writeSimple(used, to: &writer)
        } else {
            writeNormal(code.lengths, to: &writer)
        }
    }

    /// A simple code: one or two 8-bit symbols (the first in 1 bit when it is 0 or 1).
    private static func writeSimple(_ symbols: [Int], to writer: inout BitWriter) {
        writer.write(1, bits: 1)
        writer.write(UInt32(symbols.count - 1), bits: 1)
        let first = symbols[0]
        if first < 2 {
            writer.write(0, bits: 1)
            writer.write(UInt32(first), bits: 1)
        } else {
            writer.write(1, bits: 1)
            writer.write(UInt32(first), bits: 8)
        }
        if symbols.count == 2 { writer.write(UInt32(symbols[1]), bits: 8) }
    }

    /// One run-length token: a code-length symbol 0...18 and its extra bits.
    struct Token {
        var symbol: Int
        var extra: UInt32
    }

    /// The lengths as code-length tokens. Repeats of a non-zero length use 16 right after the
    /// length itself, so "the previous non-zero length" is always that length.
    static func tokens(_ lengths: [UInt8]) -> [Token] {
        var tokens: [Token] = []
        var index = 0
        while index < lengths.count {
            let value = lengths[index]
            var run = 1
            while index + run < lengths.count, lengths[index + run] == value { run += 1 }
            index += run
            if value == 0 {
                while run >= 11 { let take = min(run, 138); tokens.append(Token(symbol: 18, extra: UInt32(take - 11))); run -= take }
                if run >= 3 { tokens.append(Token(symbol: 17, extra: UInt32(run - 3))); run = 0 }
                for _ in 0 ..< run { tokens.append(Token(symbol: 0, extra: 0)) }
                continue
            }
            tokens.append(Token(symbol: Int(value), extra: 0))
            run -= 1
            while run >= 3 { let take = min(run, 6); tokens.append(Token(symbol: 16, extra: UInt32(take - 3))); run -= take }
            for _ in 0 ..< run { tokens.append(Token(symbol: Int(value), extra: 0)) }
        }
        return tokens
    }

    /// A normal code: the code-length code's lengths in their stored order (trailing zeros
    /// dropped, at least four), max_symbol when leaving out the trailing zero-length tokens saves
    /// more than it costs, then the tokens.
    private static func writeNormal(_ lengths: [UInt8], to writer: inout BitWriter) {
        writer.write(0, bits: 1)
        var tokens = tokens(lengths)
        var histogram = [UInt32](repeating: 0, count: 19)
        for token in tokens { histogram[token.symbol] += 1 }
        let lengthCode = codeLengthCode(histogram)
        let order = VP8LCodeLengths.codeLengthCodeOrder
        var count = order.count
        while count > 4, lengthCode.lengths[order[count - 1]] == 0 { count -= 1 }
        writer.write(UInt32(count - 4), bits: 4)
        for index in 0 ..< count { writer.write(UInt32(lengthCode.lengths[order[index]]), bits: 3) }
        let kept = keptTokenCount(tokens, code: lengthCode)
        if let kept {
            tokens.removeLast(tokens.count - kept.count)
            writer.write(1, bits: 1)
            writer.write(UInt32(kept.pairs - 1), bits: 3)
            writer.write(UInt32(kept.count - 2), bits: 2 * kept.pairs)
        } else {
            writer.write(0, bits: 1) // max_symbol absent: every length is coded
        }
        for token in tokens {
            lengthCode.write(token.symbol, to: &writer)
            writer.write(token.extra, bits: extraBits(token.symbol))
        }
    }

    /// Extra bits after a code-length symbol.
    private static func extraBits(_ symbol: Int) -> Int {
        switch symbol {
        case 16: 2
        case 17: 3
        case 18: 7
        default: 0
        }
    }

    /// How many tokens to write when the trailing zero-length ones (0, 17, 18) take more bits
    /// than max_symbol (3 bits, then 2 per bit pair of the count − 2); `nil` to write them all.
    private static func keptTokenCount(_ tokens: [Token], code: VP8LHuffmanCode) -> (count: Int, pairs: Int)? {
        var kept = tokens.count, trailingBits = 0
        while kept > 2, [0, 17, 18].contains(tokens[kept - 1].symbol) {
            kept -= 1
            trailingBits += code.cost(tokens[kept].symbol) + extraBits(tokens[kept].symbol)
        }
        guard kept < tokens.count else { return nil }
        var bits = 1
        while (kept - 2) >> bits > 0 { bits += 1 }
        let pairs = (bits + 1) / 2
        return trailingBits > 3 + 2 * pairs ? (kept, pairs) : nil
    }

    /// The code-length code: a prefix code over 0...18 with lengths of at most 7.
    private static func codeLengthCode(_ histogram: [UInt32]) -> VP8LHuffmanCode {
        VP8LHuffmanCode(histogram: histogram, maximumLength: codeLengthCodeLimit)
    }
}
