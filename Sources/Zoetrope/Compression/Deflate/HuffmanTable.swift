/// A deflate decode table: a canonical Huffman code (RFC 1951 §3.2.2) as a lookup table whose
/// entries say everything the hot loop needs in one 32-bit word, so that a literal, a length or a
/// distance costs one load (two for a code longer than the primary table's index):
///
/// | bits  | meaning |
/// |-------|---------|
/// | 0–7   | bits to consume: the code's length plus its extra bits (for a link: the primary width) |
/// | 8–11  | the code's length (for a link: the subtable's index width; 15 for a length resolved with its extra bits) |
/// | 12    | ``linkFlag``: the next bits index the subtable at the payload's offset |
/// | 13    | ``endOfBlockFlag`` |
/// | 14    | ``exceptionalFlag``: a link, the end of block, or a code no symbol has (invalid) |
/// | 15    | ``literalFlag`` |
/// | 16–31 | the literal byte, the length or distance base, or the subtable's offset |
///
/// A length or distance is then `base + extra`, where the extra bits are the consumed bits above
/// the code: `(bits & mask(consumed)) >> codeLength` (``value(_:consumedFrom:)``). A block's
/// literal/length table holds most lengths already resolved, one entry per extra value
/// (``BlockDecodeTables``).
///
/// The primary table is indexed by the next ``primaryBits`` bits; each primary index that longer
/// codes start with links to a subtable of one common width (the longest code's length less the
/// primary width), indexed by the bits after the primary ones. Tables are rebuilt in place for
/// every dynamic block (``build(lengths:symbols:)``), so a stream allocates them once.
struct HuffmanTable: Sendable {
    static let linkFlag: UInt32 = 0x1000
    static let endOfBlockFlag: UInt32 = 0x2000
    static let exceptionalFlag: UInt32 = 0x4000
    static let literalFlag: UInt32 = 0x8000
    /// The entry of codes no symbol has.
    static let invalidEntry: UInt32 = exceptionalFlag

    /// Primary entries, then the subtables (written by ``build(lengths:symbols:)`` only).
    var entries: [UInt32]
    /// How many bits index the primary table.
    let primaryBits: Int

    /// Bits an entry consumes: its code and extra bits (a link: the primary bits).
    @inline(__always) static func consumed(_ entry: UInt32) -> Int { Int(entry & 0xFF) }
    /// An entry's code length (a link: its subtable's index width).
    @inline(__always) static func codeLength(_ entry: UInt32) -> Int { Int((entry >> 8) & 15) }
    /// The literal byte, base value or subtable offset.
    @inline(__always) static func payload(_ entry: UInt32) -> Int { Int(entry >> 16) }
    @inline(__always) static func isLiteral(_ entry: UInt32) -> Bool { entry & literalFlag != 0 }
    @inline(__always) static func isExceptional(_ entry: UInt32) -> Bool { entry & exceptionalFlag != 0 }
    @inline(__always) static func isLink(_ entry: UInt32) -> Bool { entry & linkFlag != 0 }
    @inline(__always) static func isEndOfBlock(_ entry: UInt32) -> Bool { entry & endOfBlockFlag != 0 }
    /// Exceptional but neither a link nor the end of block, with no payload: a code no symbol has.
    /// (With a payload: a length whose extra bits are not resolved in the table, see
    /// ``BlockDecodeTables``.)
    @inline(__always) static func isInvalid(_ entry: UInt32) -> Bool {
        entry & (exceptionalFlag | linkFlag | endOfBlockFlag) == exceptionalFlag && entry >> 16 == 0
    }

    /// A length or distance: the entry's base plus the extra bits that follow its code in `bits`
    /// (the bit buffer as it was before the entry's ``consumed(_:)`` bits were dropped). The entry
    /// is a length or distance (not exceptional).
    @inline(__always)
    static func value(_ entry: UInt32, consumedFrom bits: UInt64) -> Int {
        // Shifts by the entry itself, which a shift takes modulo 64: its low 6 bits are `consumed`
        // (at most 15 + 13 bits, so bits 6 and 7 are clear), and from bit 8 the code length (bits
        // 8–11) with the link and end-of-block flags above it, which a length or distance lacks.
        let mask = (UInt64(1) &<< UInt64(truncatingIfNeeded: entry)) &- 1
        return payload(entry) &+ Int(truncatingIfNeeded: (bits & mask) &>> UInt64(truncatingIfNeeded: entry >> 8))
    }

    /// The primary entry for the bits at the bottom of `bits` (which may be a link), of the
    /// primary table at `start` in `table`.
    @inline(__always)
    static func primary(_ table: UnsafeBufferPointer<UInt32>, _ bits: UInt64, mask: UInt64, at start: Int = 0) -> UInt32 {
        // In bounds: the mask is the primary size less one, and that many entries follow `start`.
        unsafe table[start &+ Int(truncatingIfNeeded: bits & mask)]
    }

    /// The subtable entry a link entry points to, for `bits` with the link's primary bits dropped
    /// (`table` is the whole buffer the link's offset counts in).
    @inline(__always)
    static func subtable(_ table: UnsafeBufferPointer<UInt32>, link: UInt32, _ bits: UInt64) -> UInt32 {
        // In bounds: the builder made the subtable at the link's offset as wide as the link says.
        let mask = (UInt64(1) &<< UInt64((link >> 8) & 15)) &- 1
        return unsafe table[payload(link) &+ Int(truncatingIfNeeded: bits & mask)]
    }

    /// An empty table (every code invalid) of `capacity` entries, to be built with
    /// ``build(lengths:symbols:)``.
    init(primaryBits: Int, capacity: Int) {
        precondition(primaryBits >= 1 && primaryBits <= 15 && capacity >= 1 << primaryBits)
        self.primaryBits = primaryBits
        entries = [UInt32](repeating: Self.invalidEntry, count: capacity)
    }

    /// The most entries a table of `symbols` symbols with codes up to 15 bits can need: the primary
    /// table and one full-width subtable per symbol at most.
    static func capacity(primaryBits: Int, symbols: Int) -> Int {
        (1 << primaryBits) + symbols << (15 - primaryBits)
    }

    /// `code`'s low `bits` bits (at most 16) in reverse order: deflate sends Huffman codes most
    /// significant bit first into an LSB-first stream.
    @inline(__always)
    static func reverse(_ code: Int, bits: Int) -> Int { PrefixCodeTable.reverse(code, bits: bits) }
}
