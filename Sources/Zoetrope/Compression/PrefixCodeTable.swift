/// A canonical prefix (Huffman) code, built from code lengths, as a lookup table for LSB-first bit
/// streams: deflate (RFC 1951 §3.2.2) and WebP lossless (VP8L) send codes this way.
///
/// The primary table is indexed by the next `primaryBits` bits of the stream; a code longer than
/// that has a link there to a subtable indexed by the bits that follow. One lookup (two for a long
/// code) gives an entry packing all that decoding needs:
///
/// | bits  | meaning |
/// |-------|---------|
/// | 0–4   | bits to consume: the whole code length (for a link, `primaryBits`) |
/// | 5–7   | kind: 0…5 chosen by the user, ``kindInvalid`` or ``kindLink`` |
/// | 8–31  | payload: the user's (by default the symbol), or a link's subtable width (8–11) and offset (16–31) |
///
/// Decoding a symbol: ``lookup(_:_:primaryBits:)`` with the bit reader's buffered bits, then consume
/// ``length(_:)`` bits (0 for a single-symbol VP8L code) and read ``payload(_:)``.
struct PrefixCodeTable: Sendable {
    /// The kind of entries no code reaches (incomplete codes), and of the empty table.
    static let kindInvalid: UInt32 = 6
    /// The kind of primary entries that link to a subtable.
    static let kindLink: UInt32 = 7
    /// The longest code length allowed (deflate and VP8L both stop at 15).
    static let maximumCodeLength = 15

    /// How a code that does not fill its code space is treated.
    enum IncompleteCodes: Sendable {
        /// Rejected: the lengths must form a complete code.
        case rejected
        /// deflate (as zlib): no code at all, or a single code, is accepted; the bit patterns no
        /// code uses look up as ``kindInvalid``.
        case allowNoneOrOne
        /// VP8L: exactly one used symbol is a code of zero bits (every lookup gives it and consumes
        /// nothing); any other incomplete code, and no code at all, is rejected.
        case singleSymbolIsZeroBits
    }

    /// Primary entries, then the subtables.
    private(set) var entries: [UInt32]
    /// How many bits index the primary table.
    let primaryBits: Int

    @inline(__always) static func length(_ entry: UInt32) -> UInt32 { entry & 31 }
    @inline(__always) static func kind(_ entry: UInt32) -> UInt32 { (entry >> 5) & 7 }
    @inline(__always) static func payload(_ entry: UInt32) -> UInt32 { entry >> 8 }

    /// An entry: `length` bits to consume, `kind` (0…7) and `payload` (24 bits).
    @inline(__always)
    static func entry(length: Int, kind: UInt32, payload: UInt32) -> UInt32 {
        UInt32(length) | kind << 5 | payload << 8
    }

    /// The entry for the code at the bottom of `bits`, following a subtable link if there is one.
    /// `table` points at a table's ``entries`` and `primaryBits` is its ``primaryBits``. (A plain
    /// pointer, not a buffer: unoptimised, a buffer's subscript is a generic call per lookup.)
    @inline(__always)
    static func lookup(_ table: UnsafePointer<UInt32>, _ bits: UInt64, primaryBits: UInt64) -> UInt32 {
        // Wrapping operators: `primaryBits` is 0…15 and the masked indices are within the table
        // (the builder makes every subtable as wide as its link says).
        let entry = unsafe table[Int(truncatingIfNeeded: bits & ((1 &<< primaryBits) &- 1))]
        guard kind(entry) == kindLink else { return entry }
        let subMask = (UInt64(1) &<< UInt64(payload(entry) & 15)) &- 1
        return unsafe table[Int(entry >> 16) &+ Int(truncatingIfNeeded: (bits &>> primaryBits) & subMask)]
    }

    /// Builds the table for code `lengths` (one per symbol, 0 = unused, at most 15).
    /// - Parameters:
    ///   - entries: per symbol, the kind (bits 5–7, 0…5) and payload (bits 8–31) its entry carries,
    ///     as made by ``entry(length:kind:payload:)`` with length 0; `nil`: kind 0 and the symbol
    ///     number as payload. Symbols past its end are unused.
    ///   - primaryBits: the primary table's index width, 0…15 (0: a one-entry primary table, as
    ///     for a zero-bit single-symbol code).
    ///   - incomplete: what to do when the code does not fill its code space.
    /// - Returns: `nil` when the lengths do not form a usable prefix code: over-subscribed, a length
    ///   over 15, incomplete (unless `incomplete` allows it), or a table over 65,536 entries.
    init?(lengths: [UInt8], entries symbolEntries: [UInt32]? = nil, primaryBits: Int, incomplete: IncompleteCodes) {
        precondition((0...Self.maximumCodeLength).contains(primaryBits))
        let symbolCount = min(lengths.count, symbolEntries?.count ?? lengths.count)
        guard let census = CodeCensus(lengths[..<symbolCount]) else { return nil }
        let symbolEntry: (Int) -> UInt32 = { symbolEntries?[$0] ?? UInt32($0) << 8 }
        self.primaryBits = primaryBits
        if census.unusedCodeSpace > 0 {
            switch incomplete {
            case .rejected:
                return nil
            case .allowNoneOrOne:
                guard census.usedSymbols <= 1 else { return nil }
            case .singleSymbolIsZeroBits:
                guard census.usedSymbols == 1, let symbol = lengths[..<symbolCount].firstIndex(where: { $0 != 0 }) else {
                    return nil
                }
                self.entries = [UInt32](repeating: symbolEntry(symbol), count: 1 << primaryBits)
                return
            }
        }
        var table = TableLayout(census: census, lengths: lengths[..<symbolCount], primaryBits: primaryBits)
        guard let filled = table.fill(lengths: lengths[..<symbolCount], entry: symbolEntry) else { return nil }
        self.entries = filled
    }

    /// A table in which every lookup is invalid.
    init(invalidWithPrimaryBits bits: Int) {
        primaryBits = bits
        entries = [UInt32](repeating: Self.entry(length: 0, kind: Self.kindInvalid, payload: 0), count: 1 << bits)
    }

    /// `code`'s low `bits` bits (at most 16) in reverse order: canonical codes are defined most
    /// significant bit first but arrive in an LSB-first stream.
    @inline(__always)
    static func reverse(_ code: Int, bits: Int) -> Int {
        var value = UInt16(truncatingIfNeeded: code)
        value = (value & 0x5555) << 1 | (value >> 1) & 0x5555
        value = (value & 0x3333) << 2 | (value >> 2) & 0x3333
        value = (value & 0x0F0F) << 4 | (value >> 4) & 0x0F0F
        value = value << 8 | value >> 8
        return Int(value >> UInt16(16 - bits))
    }
}

/// How many codes of each length a set of code lengths has, and whether they fit the code space.
private struct CodeCensus {
    /// `counts[n]`: symbols with an n-bit code (`counts[0]` is 0).
    var counts = [Int](repeating: 0, count: PrefixCodeTable.maximumCodeLength + 1)
    var usedSymbols = 0
    var maxLength = 0
    /// Code space left over, in units of the longest length (0: complete).
    var unusedCodeSpace = 0

    /// `nil` when a length is over 15 or the code is over-subscribed.
    init?(_ lengths: ArraySlice<UInt8>) {
        for length in lengths where length != 0 {
            guard Int(length) <= PrefixCodeTable.maximumCodeLength else { return nil }
            counts[Int(length)] += 1
            usedSymbols += 1
        }
        var left = 1
        for bits in 1...PrefixCodeTable.maximumCodeLength {
            left = left << 1 - counts[bits]
            if left < 0 { return nil } // over-subscribed
            if counts[bits] > 0 { maxLength = bits }
        }
        unusedCodeSpace = left
    }

    /// The first canonical code of each length: each length's codes follow the previous length's,
    /// shifted left by one.
    var firstCodes: [Int] {
        var first = [Int](repeating: 0, count: counts.count)
        var code = 0
        for bits in 1..<counts.count {
            first[bits] = code
            code = (code + counts[bits]) << 1
        }
        return first
    }
}

/// Where each code goes: the primary table, and one subtable (of one common width) per primary
/// index that long codes start with.
private struct TableLayout {
    let primaryBits: Int
    let subtableBits: Int
    let subtableCount: Int
    var nextCode: [Int]

    init(census: CodeCensus, lengths: ArraySlice<UInt8>, primaryBits: Int) {
        self.primaryBits = primaryBits
        nextCode = census.firstCodes
        subtableBits = max(0, census.maxLength - primaryBits)
        var count = 0
        if subtableBits > 0 {
            // Count the primary indices long codes share, so the table is allocated once.
            let primaryMask = (1 << primaryBits) - 1
            var hasSubtable = [Bool](repeating: false, count: 1 << primaryBits)
            var code = nextCode
            for length8 in lengths where Int(length8) > primaryBits {
                let length = Int(length8)
                let prefix = PrefixCodeTable.reverse(code[length], bits: length) & primaryMask
                code[length] += 1
                if !hasSubtable[prefix] { hasSubtable[prefix] = true; count += 1 }
            }
        }
        subtableCount = count
    }

    /// The filled table, or `nil` when it would have more than 65,536 entries (a link's offset has
    /// 16 bits).
    mutating func fill(lengths: ArraySlice<UInt8>, entry symbolEntry: (Int) -> UInt32) -> [UInt32]? {
        let primarySize = 1 << primaryBits
        let subtableSize = 1 << subtableBits
        guard primarySize + subtableCount * subtableSize <= 65_536 else { return nil }
        let invalid = PrefixCodeTable.entry(length: 0, kind: PrefixCodeTable.kindInvalid, payload: 0)
        var table = [UInt32](repeating: invalid, count: primarySize + subtableCount * subtableSize)
        var linkOffset = [Int](repeating: -1, count: primarySize)
        var nextSubtable = primarySize
        // Every index below is masked to the primary size or bounded by its subtable's size.
        unsafe table.withUnsafeMutableBufferPointer { table in
            for symbol in lengths.indices where lengths[symbol] != 0 {
                let length = Int(lengths[symbol])
                let reversed = PrefixCodeTable.reverse(nextCode[length], bits: length)
                nextCode[length] += 1
                let entry = symbolEntry(symbol) | UInt32(length)
                guard length > primaryBits else {
                    unsafe Self.replicate(entry, into: table, from: reversed, step: 1 << length, below: primarySize)
                    continue
                }
                let prefix = reversed & (primarySize - 1)
                if linkOffset[prefix] < 0 {
                    linkOffset[prefix] = nextSubtable
                    unsafe table[prefix] = PrefixCodeTable.entry(length: primaryBits, kind: PrefixCodeTable.kindLink,
                                                          payload: UInt32(subtableBits) | UInt32(nextSubtable) << 8)
                    nextSubtable += subtableSize
                }
                let subtable = unsafe UnsafeMutableBufferPointer(rebasing: table[linkOffset[prefix]...])
                unsafe Self.replicate(entry, into: subtable, from: reversed >> primaryBits,
                               step: 1 << (length - primaryBits), below: subtableSize)
            }
        }
        return table
    }

    /// Stores `entry` at every index from `first` in steps of `step` below `limit`: every index
    /// whose low bits are the (reversed) code, whatever the bits after it.
    @inline(__always)
    private static func replicate(_ entry: UInt32, into table: UnsafeMutableBufferPointer<UInt32>,
                                  from first: Int, step: Int, below limit: Int) {
        var index = first
        while index < limit {
            unsafe table[index] = entry
            index += step
        }
    }
}
