/// Writes deflate blocks: stored, fixed Huffman, or dynamic Huffman with the code lengths
/// themselves run-length coded (RFC 1951 §3.2.7).
enum BlockWriter {
    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    private static let fixedLiteralLengths = HuffmanTable.fixedLiteralLengths
    private static let fixedDistanceLengths = [UInt8](repeating: 5, count: 30)
    private static let fixedLiteralCodes = HuffmanCodeBuilder.reversedCodes(for: fixedLiteralLengths)
    private static let fixedDistanceCodes = HuffmanCodeBuilder.reversedCodes(for: fixedDistanceLengths)

    /// Stored blocks for `raw`, split at 65 535 bytes.
    static func writeStored(_ raw: ArraySlice<UInt8>, isFinal: Bool, into writer: inout BitWriter) {
        var start = raw.startIndex
        repeat {
            let length = min(65_535, raw.endIndex - start)
            let last = isFinal && start + length == raw.endIndex
            writer.write(last ? 1 : 0, bits: 3) // BFINAL, BTYPE 00
            writer.alignToByte()
            writer.write(UInt32(length), bits: 16)
            writer.write(UInt32(~UInt16(length)), bits: 16)
            writer.appendAligned(raw[start..<start + length])
            start += length
        } while start < raw.endIndex
    }

    /// Writes `tokens` (which encode `raw`) as whichever block type is smallest.
    static func writeBest(tokens: TokenBuffer, raw: ArraySlice<UInt8>, isFinal: Bool, into writer: inout BitWriter) {
        let frequencies = tokens.frequencies()
        var literalFrequencies = frequencies.literals
        literalFrequencies[256] = 1 // end of block
        let distanceFrequencies = frequencies.distances
        let literalLengths = HuffmanCodeBuilder.lengths(for: literalFrequencies, maxBits: 15)
        let distanceLengths = HuffmanCodeBuilder.lengths(for: distanceFrequencies, maxBits: 15)
        let header = DynamicHeader(literalLengths: literalLengths, distanceLengths: distanceLengths)

        let extraBits = extraBitCount(literalFrequencies, distanceFrequencies)
        let dynamicBits = 3 + header.bitCount + extraBits
            + cost(literalFrequencies, literalLengths) + cost(distanceFrequencies, distanceLengths)
        let fixedBits = 3 + extraBits
            + cost(literalFrequencies, fixedLiteralLengths) + cost(distanceFrequencies, fixedDistanceLengths)
        let storedBlocks = max(1, (raw.count + 65_534) / 65_535)
        let storedBits = 8 * (raw.count + 5 * storedBlocks) + 7

        if storedBits <= min(dynamicBits, fixedBits) {
            writeStored(raw, isFinal: isFinal, into: &writer)
        } else if fixedBits <= dynamicBits {
            writer.write(isFinal ? 1 : 0, bits: 1)
            writer.write(1, bits: 2)
            writeTokens(tokens, literalCodes: fixedLiteralCodes, literalLengths: fixedLiteralLengths,
                        distanceCodes: fixedDistanceCodes, distanceLengths: fixedDistanceLengths, into: &writer)
        } else {
            writer.write(isFinal ? 1 : 0, bits: 1)
            writer.write(2, bits: 2)
            header.write(into: &writer)
            writeTokens(tokens, literalCodes: HuffmanCodeBuilder.reversedCodes(for: literalLengths),
                        literalLengths: literalLengths,
                        distanceCodes: HuffmanCodeBuilder.reversedCodes(for: distanceLengths),
                        distanceLengths: distanceLengths, into: &writer)
        }
    }

    private static func cost(_ frequencies: [Int], _ lengths: [UInt8]) -> Int {
        var total = 0
        for (symbol, frequency) in frequencies.enumerated() where frequency > 0 { total += frequency * Int(lengths[symbol]) }
        return total
    }

    private static func extraBitCount(_ literalFrequencies: [Int], _ distanceFrequencies: [Int]) -> Int {
        var total = 0
        for code in 0..<29 { total += literalFrequencies[257 + code] * Int(HuffmanTable.lengthExtra[code]) }
        for code in 0..<30 { total += distanceFrequencies[code] * Int(HuffmanTable.distanceExtra[code]) }
        return total
    }

    private static func writeTokens(_ tokens: TokenBuffer, literalCodes: [UInt32], literalLengths: [UInt8],
                                    distanceCodes: [UInt32], distanceLengths: [UInt8], into writer: inout BitWriter) {
        // Globals copied to locals once: each access to a global checks its lazy initialisation.
        let symbols = DeflateSymbols.tables
        let lengthBases = HuffmanTable.lengthBases, lengthExtras = HuffmanTable.lengthExtra
        let distanceBases = HuffmanTable.distanceBases, distanceExtras = HuffmanTable.distanceExtra
        for token in tokens.tokens {
            if token.length == 0 {
                let symbol = Int(token.value)
                writer.write(literalCodes[symbol], bits: Int(literalLengths[symbol]))
                continue
            }
            let length = Int(token.length)
            let lengthCode = symbols.lengthCode(length)
            writer.write(literalCodes[257 + lengthCode], bits: Int(literalLengths[257 + lengthCode]))
            let lengthExtra = Int(lengthExtras[lengthCode])
            if lengthExtra > 0 {
                writer.write(UInt32(length - Int(lengthBases[lengthCode])), bits: lengthExtra)
            }
            let distance = Int(token.value)
            let distanceCode = symbols.distanceCode(distance)
            writer.write(distanceCodes[distanceCode], bits: Int(distanceLengths[distanceCode]))
            let distanceExtra = Int(distanceExtras[distanceCode])
            if distanceExtra > 0 {
                writer.write(UInt32(distance - Int(distanceBases[distanceCode])), bits: distanceExtra)
            }
        }
        writer.write(literalCodes[256], bits: Int(literalLengths[256]))
    }

    /// A dynamic block's header: the code lengths of both alphabets, run-length coded with
    /// symbols 16–18 and then Huffman coded themselves.
    private struct DynamicHeader {
        var literalCount: Int
        var distanceCount: Int
        var runs: [(symbol: Int, extra: UInt32)] = []
        var codeLengthLengths: [UInt8]
        var codeLengthCodes: [UInt32]
        var codeLengthCount: Int

        init(literalLengths: [UInt8], distanceLengths: [UInt8]) {
            literalCount = 257
            for symbol in stride(from: 285, through: 257, by: -1) where literalLengths[symbol] != 0 {
                literalCount = symbol + 1
                break
            }
            distanceCount = 1
            for symbol in stride(from: 29, through: 1, by: -1) where distanceLengths[symbol] != 0 {
                distanceCount = symbol + 1
                break
            }
            let all = Array(literalLengths[0..<literalCount]) + Array(distanceLengths[0..<distanceCount])
            var index = 0
            while index < all.count {
                let length = all[index]
                var run = 1
                while index + run < all.count && all[index + run] == length { run += 1 }
                index += run
                if length == 0 {
                    while run >= 11 { let n = min(run, 138); runs.append((18, UInt32(n - 11))); run -= n }
                    if run >= 3 { runs.append((17, UInt32(run - 3))); run = 0 }
                    while run > 0 { runs.append((0, 0)); run -= 1 }
                } else {
                    runs.append((Int(length), 0))
                    run -= 1
                    while run >= 3 { let n = min(run, 6); runs.append((16, UInt32(n - 3))); run -= n }
                    while run > 0 { runs.append((Int(length), 0)); run -= 1 }
                }
            }
            var frequencies = [Int](repeating: 0, count: 19)
            for run in runs { frequencies[run.symbol] += 1 }
            codeLengthLengths = HuffmanCodeBuilder.lengths(for: frequencies, maxBits: 7)
            codeLengthCodes = HuffmanCodeBuilder.reversedCodes(for: codeLengthLengths)
            codeLengthCount = 4
            for index in stride(from: 18, through: 4, by: -1) where codeLengthLengths[BlockWriter.codeLengthOrder[index]] != 0 {
                codeLengthCount = index + 1
                break
            }
        }

        var bitCount: Int {
            var bits = 5 + 5 + 4 + 3 * codeLengthCount
            for run in runs {
                bits += Int(codeLengthLengths[run.symbol])
                bits += run.symbol == 16 ? 2 : run.symbol == 17 ? 3 : run.symbol == 18 ? 7 : 0
            }
            return bits
        }

        func write(into writer: inout BitWriter) {
            writer.write(UInt32(literalCount - 257), bits: 5)
            writer.write(UInt32(distanceCount - 1), bits: 5)
            writer.write(UInt32(codeLengthCount - 4), bits: 4)
            for index in 0..<codeLengthCount {
                writer.write(UInt32(codeLengthLengths[BlockWriter.codeLengthOrder[index]]), bits: 3)
            }
            for run in runs {
                writer.write(codeLengthCodes[run.symbol], bits: Int(codeLengthLengths[run.symbol]))
                switch run.symbol {
                case 16: writer.write(run.extra, bits: 2)
                case 17: writer.write(run.extra, bits: 3)
                case 18: writer.write(run.extra, bits: 7)
                default: break
                }
            }
        }
    }
}
