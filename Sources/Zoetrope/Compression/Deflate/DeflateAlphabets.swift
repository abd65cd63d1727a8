/// Deflate's three alphabets (RFC 1951 §3.2.5–3.2.7) as the symbol entries ``HuffmanTable`` builds
/// its tables from, the base values and extra bits of lengths and distances, and the fixed codes.
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

    /// Primary widths: 11 bits decode nearly every literal/length code of real streams with one
    /// lookup, 8 bits most distance codes; the code-length code is at most 7 bits long.
    /// (Constants, not stored: the hot loop's masks fold into its instructions.)
    static var literalBits: Int { 11 }
    static var distanceBits: Int { 8 }
    static var codeLengthBits: Int { 7 }

    /// Literal/length symbols 0–287: literals, end of block, lengths (base and extra bits); 286
    /// and 287 never occur in valid data.
    static let literalLengthSymbols: [UInt32] = (0..<288).map { symbol in
        switch symbol {
        case 0..<256: return UInt32(symbol) << 16 | literalFlag
        case 256: return endOfBlockFlag | exceptionalFlag
        case 257...285: return lengthBases[symbol - 257] << 16 | lengthExtra[symbol - 257]
        default: return invalidEntry
        }
    }

    /// Distance symbols 0–31 (base and extra bits); 30 and 31 never occur in valid data.
    static let distanceSymbols: [UInt32] = (0..<32).map { symbol in
        symbol < 30 ? distanceBases[symbol] << 16 | distanceExtra[symbol] : invalidEntry
    }

    /// The code-length alphabet of dynamic block headers (0–18): the lengths 0–15 as literals (the
    /// length in the payload), and the repeat codes as values with extra bits, like lengths: the
    /// run's length, plus ``repeatsPreviousLength`` for 16 (3–6 times the previous length); 17 and
    /// 18 are runs of zeros (3–10 and 11–138).
    static let codeLengthSymbols: [UInt32] = (0..<19).map { symbol in
        switch symbol {
        case 16: return UInt32(repeatsPreviousLength + 3) << 16 | 2
        case 17: return 3 << 16 | 3
        case 18: return 11 << 16 | 7
        default: return UInt32(symbol) << 16 | literalFlag
        }
    }

    /// Set in a code-length repeat's value when it repeats the previous length (not zero).
    static let repeatsPreviousLength = 0x100

    /// The fixed literal/length code's lengths (RFC 1951 §3.2.6): 8 bits, 9 for 144–255, 7 for
    /// 256–279. (The fixed distance code gives every symbol 5 bits.)
    static let fixedLiteralLengths: [UInt8] = (0..<288).map { symbol in
        symbol < 144 ? 8 : symbol < 256 ? 9 : symbol < 280 ? 7 : 8
    }

    /// Code-length codes are at most 7 bits long (3-bit lengths): the primary table holds them all.
    static let codeLengthCapacity = 1 << codeLengthBits
}
