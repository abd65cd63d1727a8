/// Reads a bit stream least-significant bit first (the order of deflate, GIF's LZW and WebP's VP8L)
/// from one contiguous byte buffer, through a 64-bit bit buffer.
///
/// The reader is a view: it holds a pointer into bytes its creator keeps alive, so it lives inside
/// a `withUnsafeBufferPointer` scope. A stream that arrives in pieces (``Inflater``) keeps the
/// reader's ``state`` between pieces and makes a new reader over the grown input for each run.
/// All methods inline, so a hot loop that keeps the reader in a local variable works on registers.
///
/// Typical use: ``refill()``, then ``peek`` the buffered bits for a table lookup and ``consume(_:)``
/// the code's length, or ``read(_:)`` a field. Reading past the end yields zero bits and is
/// reported by ``isPastEnd`` (checked once after a run of reads, not per read).
@unsafe struct LSBBitReader {
    /// Where a reader stands: enough to resume over the same bytes, or over a longer copy of them.
    struct State: Sendable, Equatable {
        /// The next byte to load into the bit buffer.
        var position: Int
        /// Loaded bits not consumed yet, the next one lowest.
        var bits: UInt64
        /// How many of `bits` are valid: 0…63 (never 64, which the word refill relies on); below
        /// zero once more bits were consumed than the input held.
        var bitCount: Int
    }

    /// The input. Only `bytes.baseAddress` is used for word loads, when `end - position >= 8`.
    let bytes: UnsafeBufferPointer<UInt8>
    /// `bytes.count`.
    let end: Int
    /// The next byte to load.
    var position: Int
    /// Loaded bits not consumed yet.
    var bits: UInt64
    /// Valid bits in ``bits`` (negative past the end; see ``State/bitCount``).
    var bitCount: Int

    /// A reader at the start of `bytes`.
    @inline(__always)
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        unsafe self.init(bytes, resuming: State(position: 0, bits: 0, bitCount: 0))
    }

    /// A reader over `bytes` that goes on from `state` (taken from a reader over a prefix of them).
    @inline(__always)
    init(_ bytes: UnsafeBufferPointer<UInt8>, resuming state: State) {
        unsafe self.bytes = bytes
        unsafe self.end = bytes.count
        unsafe self.position = state.position
        unsafe self.bits = state.bits
        unsafe self.bitCount = state.bitCount
    }

    /// Where the reader stands, to resume later or to rewind to (``rewind(to:)``).
    var state: State {
        @inline(__always) get { unsafe State(position: position, bits: bits, bitCount: bitCount) }
    }

    /// Goes back to (or on to) `state`, taken from this reader.
    @inline(__always)
    mutating func rewind(to state: State) {
        unsafe position = state.position
        unsafe bits = state.bits
        unsafe bitCount = state.bitCount
    }

    /// How many bytes the bits consumed so far span, a partly consumed byte counting: the offset
    /// just past the last bit read (for error messages; `bytes.count` once past the end).
    var byteOffset: Int { unsafe position - (max(bitCount, 0) >> 3) }

    /// Bits consumed since the start of `bytes`, the zeros read past the end included. (VP8L
    /// compares this with libwebp's limit, max(8 × size, 64), instead of using ``isPastEnd``.)
    var bitsConsumed: Int { unsafe position * 8 - bitCount }

    /// Whether more bits were consumed than the input held (those read as zeros).
    var isPastEnd: Bool { @inline(__always) get { unsafe bitCount < 0 } }

    /// Whether ``refillWord()`` may run: eight bytes are left to load.
    var hasWordAhead: Bool { @inline(__always) get { unsafe end &- position >= 8 } }

    /// Tops the bit buffer up to at least 56 bits with one unaligned 8-byte load and no branches.
    /// Requires ``hasWordAhead`` and a ``bitCount`` of 0…63.
    @inline(__always)
    mutating func refillWord() {
        // `bytes` is not empty here (8 bytes remain), so its base address exists.
        let word = unsafe UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + position)
            .loadUnaligned(as: UInt64.self))
        // Wrapping operators: the counts are in range (0…63, positions within `bytes`), and the
        // checks would cost as much as the refill.
        unsafe bits |= word &<< UInt64(truncatingIfNeeded: bitCount)
        // Whole bytes that fit: (63 - count) / 8 of them; the bits of the last one that did not fit
        // are shifted out above bit 63 and loaded again next time.
        unsafe position &+= (63 &- bitCount) &>> 3
        unsafe bitCount |= 56
    }

    /// Tops the bit buffer up to at least 56 bits, or with all that is left of the input.
    @inline(__always)
    mutating func refill() {
        if unsafe hasWordAhead {
            unsafe refillWord()
        } else {
            unsafe refillBytes(upTo: 56)
        }
    }

    /// ``refill()`` when fewer than `count` (≤ 56) bits are buffered: a hot loop that decodes
    /// several codes of known greatest length per refill tests once instead of loading every time.
    @inline(__always)
    mutating func refill(ifBelow count: Int) {
        if unsafe bitCount < count { unsafe refill() }
    }

    /// Loads whole bytes while the buffer holds fewer than `target` (≤ 56) bits and input is left.
    @inline(__always)
    mutating func refillBytes(upTo target: Int) {
        while unsafe bitCount < target && position < end {
            unsafe bits |= UInt64(bytes[position]) << UInt64(bitCount)
            unsafe position += 1
            unsafe bitCount += 8
        }
    }

    /// The next `count` (≤ 32) bits without consuming them. Needs `count` bits loaded.
    @inline(__always)
    func peek(_ count: Int) -> UInt32 {
        unsafe UInt32(truncatingIfNeeded: bits & ((1 &<< UInt64(count)) &- 1))
    }

    /// Drops `count` (≤ 63) bits. Consume only loaded bits (``bitCount`` of them, after a refill):
    /// once the input is exhausted, consuming more is reading zeros past the end, which
    /// ``isPastEnd`` then reports; before that it would skip bits the next refill loads.
    @inline(__always)
    mutating func consume(_ count: Int) {
        unsafe bits &>>= UInt64(truncatingIfNeeded: count)
        unsafe bitCount &-= count
    }

    /// Reads `count` (0…32) bits as a number, the first bit lowest. Refills as needed; past the end
    /// of the input the missing bits read as 0 and ``isPastEnd`` becomes true.
    @inline(__always)
    mutating func read(_ count: Int) -> UInt32 {
        if unsafe bitCount < count { unsafe refill() }
        let value = unsafe peek(count)
        unsafe consume(count)
        return value
    }

    /// Drops the bits up to the next byte boundary and hands the whole bytes still in the bit
    /// buffer back to the input, so that ``position`` is the next byte-aligned byte. (Past the end
    /// it stays past the end.)
    @inline(__always)
    mutating func alignToByte() {
        if unsafe bitCount > 0 { unsafe position -= bitCount >> 3 }
        unsafe bits = 0
        unsafe bitCount = min(bitCount, 0)
    }
}
