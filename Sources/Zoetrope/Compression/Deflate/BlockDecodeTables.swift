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
        let built = unsafe lengths.withUnsafeBufferPointer { unsafe tables.build($0, literalCount: 288) }
        precondition(built == nil, "the fixed deflate codes are complete")
        return tables
    }()

    /// Rebuilds both tables from a block's code lengths: the literal/length code's `literalCount`
    /// lengths, then the distance code's. Returns what is wrong when the lengths do not form usable
    /// prefix codes, else `nil`.
    mutating func build(_ lengths: UnsafeBufferPointer<UInt8>, literalCount: Int) -> String? {
        let literalLengths = unsafe UnsafeBufferPointer(rebasing: lengths[..<literalCount])
        return unsafe withUnsafeTemporaryAllocation(of: UInt16.self, capacity: max(1, literalCount)) { primaryCodes in
            guard let literalEnd = unsafe HuffmanTable.build(
                into: &entries, primaryBits: HuffmanTable.literalBits, at: 0, subtablesFrom: Self.subtableStart,
                lengths: literalLengths, symbols: HuffmanTable.literalLengthSymbols, requireComplete: false,
                primaryCodes: primaryCodes
            ) else { return "invalid literal/length code" }
            guard unsafe HuffmanTable.build(
                into: &entries, primaryBits: HuffmanTable.distanceBits, at: Self.distanceStart, subtablesFrom: literalEnd,
                lengths: UnsafeBufferPointer(rebasing: lengths[literalCount...]),
                symbols: HuffmanTable.distanceSymbols, requireComplete: false
            ) != nil else { return "invalid distance code" }
            unsafe resolveLengths(literalLengths, primaryCodes: UnsafeBufferPointer(primaryCodes))
            return nil
        }
    }

    /// Rewrites the primary entries of the length codes whose extra bits fit in the primary index
    /// (code and extra bits at most ``HuffmanTable/literalBits`` long) as the lengths themselves:
    /// one entry per value of the extra bits, consuming the code and them, with the code-length
    /// field 15, so that the generic ``HuffmanTable/value(_:consumedFrom:)`` adds nothing to the
    /// payload. The fast loop then reads such a length with no arithmetic. The primary entries of
    /// length codes whose extra bits do not fit are marked exceptional (with their payload, unlike
    /// invalid codes) and take the generic path; so do the codes in subtables. `primaryCodes` holds
    /// the codes the builder gave the symbols that fit the primary table, bit-reversed.
    private mutating func resolveLengths(_ lengths: UnsafeBufferPointer<UInt8>, primaryCodes: UnsafeBufferPointer<UInt16>) {
        unsafe entries.withUnsafeMutableBufferPointer { table in
            // (Every block has at least 257 literal/length codes; the bound keeps the range valid anyway.)
            for symbol in 257..<max(257, min(286, lengths.count)) {
                let codeLength = unsafe Int(lengths[symbol])
                guard codeLength != 0, codeLength <= HuffmanTable.literalBits else { continue }
                unsafe Self.resolve(symbol: symbol, reversed: Int(primaryCodes[symbol]), codeLength: codeLength, in: table)
            }
        }
    }

    /// Rewrites the primary entries of length `symbol`'s code (see ``resolveLengths(_:primaryCodes:)``): the
    /// indexes whose low `codeLength` bits are its `reversed` code, the extra bits above them.
    private static func resolve(symbol: Int, reversed: Int, codeLength: Int, in table: UnsafeMutableBufferPointer<UInt32>) {
        // (Masking shifts and wrapping adds throughout: every amount here is below 16, and the
        // slot loops run hundreds of times a block for short length codes.)
        let extra = Int(HuffmanTable.lengthExtra[symbol &- 257])
        guard extra > 0 else { return }
        let spare = HuffmanTable.literalBits &- codeLength
        // In bounds: the slots' indexes stay below 2^11, the primary table's size.
        let slots = unsafe table.baseAddress.unsafelyUnwrapped, end = 1 &<< HuffmanTable.literalBits
        let step = 1 &<< codeLength
        var index = reversed
        if extra > spare {
            while index < end {
                unsafe slots[index] |= HuffmanTable.exceptionalFlag
                index &+= step
            }
            return
        }
        // The slots go up in steps of 2^codeLength, the extra value cycling through 0..<2^extra:
        // one store and two adds a slot.
        let first = HuffmanTable.lengthBases[symbol &- 257] &<< 16 | UInt32(truncatingIfNeeded: codeLength &+ extra) | 15 &<< 8
        let values = 1 &<< extra
        while index < end {
            var entry = first
            for _ in 0..<values {
                unsafe slots[index] = entry
                entry &+= 1 &<< 16
                index &+= step
            }
        }
    }
}
