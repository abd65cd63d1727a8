/// Reads the code lengths of one prefix code (RFC 9649 §3.7.2.1): either a "simple" code of one or
/// two symbols, or a "normal" code whose lengths are themselves prefix-coded.
enum VP8LCodeLengths {
    /// The order in which the 19 code-length-code lengths are stored.
    static let codeLengthCodeOrder: [Int] = [17, 18, 0, 1, 2, 3, 4, 5, 16, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]
    /// Lengths before the first non-zero literal length repeat this value (code 16).
    static let initialRepeatedLength: UInt8 = 8
    /// Index width of the code-length code's table (its codes are at most 7 bits).
    static let codeLengthTableBits = 7

    /// Reads the lengths for an alphabet of `alphabetSize` symbols.
    ///
    /// Symbols of a simple code beyond the alphabet (possible for the 40-symbol distance alphabet,
    /// which a simple code addresses with 8 bits) are dropped, as libwebp does.
    static func read(alphabetSize: Int, from reader: inout LSBBitReader, end: VP8LStreamEnd) throws(ZoetropeError) -> [UInt8] {
        var lengths = [UInt8](repeating: 0, count: alphabetSize)
        if unsafe reader.read(1) != 0 {
            let symbolCount = unsafe Int(reader.read(1)) + 1
            let firstSymbolBits = unsafe reader.read(1) != 0 ? 8 : 1
            let first = unsafe Int(reader.read(firstSymbolBits))
            if first < alphabetSize { lengths[first] = 1 }
            if symbolCount == 2 {
                let second = unsafe Int(reader.read(8))
                if second < alphabetSize { lengths[second] = 1 }
            }
        } else {
            unsafe try readNormal(into: &lengths, from: &reader, end: end)
        }
        guard unsafe !end.isPassed(by: reader) else {
            throw unsafe ZoetropeError(.truncated, format: .webp, offset: reader.byteOffset,
                                "VP8L data ends inside a prefix code")
        }
        return lengths
    }

    /// Reads a normal code: the code-length code, the optional max_symbol, then the lengths.
    private static func readNormal(into lengths: inout [UInt8], from reader: inout LSBBitReader,
                                   end: VP8LStreamEnd) throws(ZoetropeError) {
        let codeLengthCount = unsafe Int(reader.read(4)) + 4
        var codeLengthLengths = [UInt8](repeating: 0, count: codeLengthCodeOrder.count)
        for index in 0..<codeLengthCount {
            codeLengthLengths[codeLengthCodeOrder[index]] = unsafe UInt8(reader.read(3))
        }
        let offset = unsafe reader.byteOffset
        guard let lengthCode = VP8LPrefixCode.table(lengths: codeLengthLengths, primaryBits: codeLengthTableBits) else {
            throw ZoetropeError(.malformed, format: .webp, offset: offset, "VP8L code-length code is not a valid prefix code")
        }
        var symbolBudget = lengths.count
        if unsafe reader.read(1) != 0 {
            let bitCount = unsafe 2 + 2 * Int(reader.read(3))
            symbolBudget = unsafe 2 + Int(reader.read(bitCount))
            guard symbolBudget <= lengths.count else {
                throw unsafe ZoetropeError(.malformed, format: .webp, offset: reader.byteOffset,
                                    "VP8L max_symbol \(symbolBudget) exceeds the alphabet size \(lengths.count)")
            }
        }
        unsafe try lengthCode.entries.withUnsafeBufferPointer { (table) throws(ZoetropeError) in
            // A table has at least its 2^primaryBits primary entries.
            unsafe try decodeLengths(into: &lengths, budget: symbolBudget, table: table.baseAddress.unsafelyUnwrapped,
                              primaryBits: lengthCode.primaryBits, reader: &reader, end: end)
        }
    }

    /// Decodes code-length symbols: 0–15 are lengths, 16 repeats the last non-zero length 3–6
    /// times, 17 writes 3–10 zeros, 18 writes 11–138 zeros. At most `budget` symbols are read.
    private static func decodeLengths(into lengths: inout [UInt8], budget: Int, table: UnsafePointer<UInt32>,
                                      primaryBits: Int, reader: inout LSBBitReader,
                                      end: VP8LStreamEnd) throws(ZoetropeError) {
        var symbol = 0
        var remaining = budget
        var previousLength = initialRepeatedLength
        while symbol < lengths.count, remaining > 0 {
            remaining -= 1
            unsafe reader.refill(ifBelow: VP8LPrefixCode.maximumCodeBits)
            let codeLength = unsafe VP8LPrefixCode.decode(table, primaryBits: primaryBits, &reader)
            if codeLength < 16 {
                lengths[symbol] = UInt8(codeLength)
                symbol += 1
                if codeLength != 0 { previousLength = UInt8(codeLength) }
                continue
            }
            let (extraBits, base) = codeLength == 16 ? (2, 3) : codeLength == 17 ? (3, 3) : (7, 11)
            let repeatCount = unsafe Int(reader.read(extraBits)) + base
            guard symbol + repeatCount <= lengths.count else {
                throw unsafe ZoetropeError(.malformed, format: .webp, offset: reader.byteOffset,
                                    "VP8L code-length repeat runs past the alphabet")
            }
            let value: UInt8 = codeLength == 16 ? previousLength : 0
            for index in symbol ..< symbol + repeatCount { lengths[index] = value }
            symbol += repeatCount
            if unsafe end.isPassed(by: reader) { break }
        }
    }
}
