/// What each literal, length and distance costs in bits, for ``OptimalParser``: the fixed Huffman
/// code's lengths to begin with, then estimates from the symbol counts of a parse.
struct BitCosts {
    /// Cost of each literal byte.
    private(set) var literal: [Float]
    /// Cost of each match length 0…258 (symbol and extra bits; 0–2 unused).
    private(set) var length: [Float]
    /// Cost of each distance code 0–29, extra bits included.
    private(set) var distanceCode: [Float]

    /// The symbol counts of a parse.
    struct Statistics {
        var literals: [Int]
        var distances: [Int]

        init(_ tokens: [Deflater.Token]) {
            (literals, distances) = TokenBuffer.frequencies(of: tokens)
            literals[256] = 1 // the end-of-block code
        }

        /// The size of a dynamic block with these counts, less its header: the coded symbols with
        /// Huffman codes built for them, and the extra bits.
        func estimatedBits() -> Double {
            let literalLengths = HuffmanCodeBuilder.lengths(for: literals, maxBits: 15)
            let distanceLengths = HuffmanCodeBuilder.lengths(for: distances, maxBits: 15)
            var bits = 0
            for symbol in literals.indices { bits += literals[symbol] * Int(literalLengths[symbol]) }
            for code in 0..<29 { bits += literals[257 + code] * Int(HuffmanTable.lengthExtra[code]) }
            for code in 0..<30 {
                bits += distances[code] * (Int(distanceLengths[code]) + Int(HuffmanTable.distanceExtra[code]))
            }
            return Double(bits)
        }
    }

    /// The fixed Huffman code's costs (RFC 1951 §3.2.6): the first pass's guess.
    static let fixedCode = BitCosts(
        literalSymbol: { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 }, distanceSymbol: { _ in 5 })

    /// Costs from `statistics`: a symbol seen `n` times out of `total` costs binaryLogarithm(total / n) bits,
    /// one never seen costs as if seen once.
    init(_ statistics: Statistics) {
        func entropy(_ counts: [Int]) -> [Float] {
            let total = Float(max(1, counts.reduce(0, +)))
            return counts.map { Float(binaryLogarithm(Double(total) / Double(max(1, $0)))) }
        }
        let literalBits = entropy(statistics.literals), distanceBits = entropy(statistics.distances)
        self.init(literalSymbol: { literalBits[$0] }, distanceSymbol: { distanceBits[$0] })
    }

    private init(literalSymbol: (Int) -> Float, distanceSymbol: (Int) -> Float) {
        literal = (0..<256).map(literalSymbol)
        let symbols = DeflateSymbols.tables
        length = (0...258).map { length in
            guard length >= 3 else { return 0 }
            let code = symbols.lengthCode(length)
            return literalSymbol(257 + code) + Float(HuffmanTable.lengthExtra[code])
        }
        distanceCode = (0..<30).map { distanceSymbol($0) + Float(HuffmanTable.distanceExtra[$0]) }
    }
}
