/// The inflate fast loop's bit reader: an ``LSBBitReader`` taken apart for the loop while at least
/// eight input bytes remain, in fewer registers and fewer instructions per code.
///
/// - The input is a pointer to the next byte and a pointer to the last byte a word load may start
///   at (instead of the base address, the position and the end).
/// - Only the low 8 bits of ``count`` are the number of valid bits: consuming a code subtracts its
///   whole table entry, whose low 8 bits are the bits it consumes, with no instruction to isolate
///   them. The bits above are garbage, which nothing reads. (While the loop consumes no more bits
///   than are loaded, the low byte never borrows: it is the exact count, 0…63.)
///
/// - A refill leaves all 64 bits of ``bits`` holding the stream's next bits, beyond the count too
///   (the word shifted in reaches bit 63; the bytes past the count are loaded again, the same bits,
///   by the next refill). So after a refill, a code may be looked up from the bits that remain
///   after consuming up to 64 less its length, before the next refill.
///
/// ``LSBBitReader/resume(from:)`` hands the position and bits back when the loop ends.
@unsafe struct FastBitReader: DecodeBits {
    /// Loaded bits not consumed yet, the next one lowest.
    private(set) var bits: UInt64
    /// The valid bits in ``bits`` in the low 8 bits (see above).
    private var count: UInt32
    /// The next byte to load.
    private(set) var next: UnsafePointer<UInt8>
    /// The last byte a word load may start at: the input's end less eight.
    private let limit: UnsafePointer<UInt8>

    /// The fast reader for `reader`, or `nil` when fewer than eight bytes are left to load (or the
    /// reader is past the end).
    @inline(__always)
    init?(_ reader: LSBBitReader) {
        guard unsafe reader.hasWordAhead, unsafe reader.bitCount >= 0, let base = unsafe reader.bytes.baseAddress else { return nil }
        unsafe bits = reader.bits
        unsafe count = UInt32(truncatingIfNeeded: reader.bitCount)
        unsafe next = base + reader.position
        unsafe limit = base + (reader.end &- 8)
    }

    /// Whether ``refill()`` may run: eight bytes are left to load.
    var hasWordAhead: Bool { @inline(__always) get { unsafe next <= limit } }

    /// How far the input may advance before ``hasWordAhead`` turns false (negative past the
    /// limit). A refill leaves at least 56 bits loaded, so the next one, after `k` bits were
    /// consumed, advances by at most ⌈k / 8⌉ bytes: passes that consume at most 48 bits and refill
    /// once each can run `bytesAhead / 6` times, every refill with eight bytes ahead.
    var bytesAhead: Int { @inline(__always) get { unsafe limit - next } }

    /// Valid bits (0…63).
    var bitCount: Int { @inline(__always) get { unsafe Int(count & 0xFF) } }

    /// Tops the bit buffer up to at least 56 bits with one unaligned 8-byte load and no branches
    /// (as ``LSBBitReader/refillWord()``). Requires ``hasWordAhead``.
    @inline(__always)
    mutating func refill() {
        let word = unsafe UInt64(littleEndian: UnsafeRawPointer(next).loadUnaligned(as: UInt64.self))
        // The shift takes the count's low 6 bits, which are all of it (the count is below 64).
        unsafe bits |= word &<< UInt64(truncatingIfNeeded: count)
        // Whole bytes that fit: 7 less the whole bytes loaded.
        unsafe next += 7 &- Int(truncatingIfNeeded: (count &>> 3) & 7)
        unsafe count |= 56
    }

    @inline(__always)
    mutating func consume(entry: UInt32) {
        // The shift takes the entry's low 6 bits: the bits to consume (at most 28, so bits 6 and 7
        // are clear).
        unsafe bits &>>= UInt64(truncatingIfNeeded: entry)
        unsafe count &-= entry
    }
}

extension LSBBitReader {
    /// Goes on from where `fast`, made from this reader, stopped.
    @inline(__always)
    mutating func resume(from fast: FastBitReader) {
        // `bytes` is not empty: the fast reader was made over at least eight bytes of it.
        unsafe position = unsafe bytes.baseAddress.unsafelyUnwrapped.distance(to: fast.next)
        unsafe bits = fast.bits
        unsafe bitCount = fast.bitCount
    }
}
