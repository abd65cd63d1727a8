/// The current block's literal/length and distance decode tables (``HuffmanTable`` entries) in one
/// allocation, the distance table at a fixed offset after the literal/length one: the hot loop
/// reaches both through one base register, the offset folding into its loads' displacement (two
/// base registers had left too few for the loop's values, and it spilled the input pointer).
struct InflateTables {
    /// Where the distance table starts: after room for any literal/length code.
    static var distanceOffset: Int {
        @inline(__always) get { HuffmanTable.capacity(primaryBits: HuffmanTable.literalBits, symbols: 288) }
    }
    /// Room for any distance code.
    static var distanceSize: Int {
        @inline(__always) get { HuffmanTable.capacity(primaryBits: HuffmanTable.distanceBits, symbols: 32) }
    }

    /// The literal/length table, then the distance table at ``distanceOffset``.
    private(set) var entries: [UInt32]
    /// Whether the entries hold the fixed codes (so another fixed block need not copy them again).
    private var holdsFixedCodes = false

    /// Tables holding the fixed codes.
    init() {
        entries = [UInt32](repeating: HuffmanTable.invalidEntry, count: Self.distanceOffset + Self.distanceSize)
        useFixedCodes()
    }

    /// Makes the tables the fixed codes of RFC 1951 §3.2.6, copied from the prebuilt ones: their
    /// primary parts only, as no fixed code is longer than the primary width (9 bits of 11, 5 of 8),
    /// so they have no subtables.
    mutating func useFixedCodes() {
        guard !holdsFixedCodes else { return }
        holdsFixedCodes = true
        let literalSize = 1 << HuffmanTable.literalBits, distancePrimary = 1 << HuffmanTable.distanceBits
        entries.withUnsafeMutableBufferPointer { table in
            HuffmanTable.fixedLiteralLength.entries.withUnsafeBufferPointer { fixed in
                _ = table.update(fromContentsOf: fixed[..<literalSize])
            }
            HuffmanTable.fixedDistance.entries.withUnsafeBufferPointer { fixed in
                _ = table[Self.distanceOffset...].update(fromContentsOf: fixed[..<distancePrimary])
            }
        }
    }

    /// Builds the tables for a dynamic block's code lengths; `false` (the tables then unusable until
    /// rebuilt) when the literal/length code, or else the distance code, is not a usable prefix code.
    mutating func build(literalLengths: UnsafeBufferPointer<UInt8>,
                        distanceLengths: UnsafeBufferPointer<UInt8>) -> (literals: Bool, distances: Bool) {
        holdsFixedCodes = false
        return entries.withUnsafeMutableBufferPointer { table in
            let literals = HuffmanTable.literalLengthSymbols.withUnsafeBufferPointer {
                HuffmanTable.build(UnsafeMutableBufferPointer(rebasing: table[..<Self.distanceOffset]),
                                   primaryBits: HuffmanTable.literalBits, lengths: literalLengths, symbols: $0)
            }
            guard literals else { return (false, true) }
            let distances = HuffmanTable.distanceSymbols.withUnsafeBufferPointer {
                HuffmanTable.build(UnsafeMutableBufferPointer(rebasing: table[Self.distanceOffset...]),
                                   primaryBits: HuffmanTable.distanceBits, lengths: distanceLengths, symbols: $0)
            }
            return (true, distances)
        }
    }
}
