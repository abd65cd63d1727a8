/// The VP8 boolean entropy decoder (RFC 6386 section 7) reading one partition.
///
/// It keeps the arithmetic of libwebp's reader: `range` holds the interval size minus one
/// (127…254 once normalised), `value` holds the unread bits, and `bitCount` says how many bits of
/// `value` lie below the 8-bit window that is compared with the split. Past the end of its bytes the
/// reader supplies zeros and sets ``isPastEnd``, exactly once it has to invent a byte, which is the
/// moment libwebp sets `eof`: callers use it to decide whether a macroblock row is damaged.
///
/// The reader is a plain value (a pointer and four numbers) so that copying it is free and the
/// token loop can keep it in registers; it reads the buffer it was made from, so it must only be
/// used while that buffer is alive (decoding runs inside one `withUnsafeBufferPointer`).
@unsafe struct VP8BoolDecoder {
    private let bytes: UnsafePointer<UInt8>
    /// Index of the next byte to load.
    private var position: Int
    /// One past the last byte of the partition.
    let end: Int
    private var value: UInt64 = 0
    private var range: UInt32 = 255 - 1
    private var bitCount: Int = -8
    /// ``normalisation``, held by every reader so that the token loop keeps it in a register.
    private let normalisationTable: UnsafePointer<UInt8>

    /// Renormalisation looked up rather than computed, for an interval size `s` of 1…255 (what
    /// ``readBit(_:)`` leaves before renormalising): the shift `s.leadingZeroBitCount ^ 24` (as
    /// UInt32) at `[s]`, the new stored range `(s << shift) − 1` at `[256 + s]`. Two byte loads
    /// instead of a bit scan (which x86-64's baseline must guard against a zero input), an
    /// exclusive or, a shift and a decrement: three instructions fewer for each of the tens of
    /// millions of bits an animation decodes. Allocated once, never freed.
    nonisolated(unsafe) private static let normalisation: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 512)
        unsafe table.initialize(repeating: 0, count: 512)
        for size in 1 ... 255 {
            let shift = UInt32(size).leadingZeroBitCount ^ 24
            unsafe table[size] = UInt8(shift)
            unsafe table[256 + size] = UInt8((size << shift) - 1)
        }
        return unsafe UnsafePointer(table)
    }()

    /// Whether the reader needed a byte beyond the partition (libwebp's `eof`): `position` is
    /// then one past `end`, which only ``loadFinalBits`` sets. (A stored flag would be one more
    /// value the token loop carries in its registers.)
    var isPastEnd: Bool { unsafe position > end }

    /// A reader over `buffer[range]`; `range` must lie within the (non-empty) buffer.
    init(_ buffer: UnsafeBufferPointer<UInt8>, range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= buffer.count && buffer.count > 0,
                     "partition outside its buffer")
        unsafe self.bytes = buffer.baseAddress!
        unsafe self.position = range.lowerBound
        unsafe self.end = range.upperBound
        unsafe normalisationTable = Self.normalisation
        unsafe loadBits()
    }

    /// Refills `value` when the window has run dry: seven bytes at once (one 8-byte load) while
    /// at least eight remain, so that the final bytes are always read singly.
    ///
    /// Inlined, and the rare tail case is a static function taking and returning values, so that
    /// a reader held in a local variable never has its address taken and can live in registers.
    @inline(__always)
    private mutating func loadBits() {
        if unsafe position &+ 8 <= end {
            let word = unsafe UnsafeRawPointer(bytes + position).loadUnaligned(as: UInt64.self)
            unsafe value = value &<< 56 | UInt64(bigEndian: word) &>> 8
            unsafe position &+= 7
            unsafe bitCount &+= 56
        } else {
            unsafe (value, bitCount, position) = unsafe Self.loadFinalBits(
                bytes, position: position, end: end, value: value, bitCount: bitCount)
        }
    }

    /// Byte by byte near the end, then one byte of zeros that marks the reader as past the end
    /// (`position` one past `end`).
    @inline(never)
    private static func loadFinalBits(_ bytes: UnsafePointer<UInt8>, position: Int, end: Int, value: UInt64,
                                      bitCount: Int) -> (UInt64, Int, Int) {
        if position < end {
            return unsafe (value &<< 8 | UInt64(bytes[position]), bitCount &+ 8, position &+ 1)
        }
        if position == end { return (value &<< 8, bitCount &+ 8, end &+ 1) }
        // Reading on after the end: libwebp resets the count so shifts stay defined. Whatever
        // follows is discarded by the caller, which checks `isPastEnd`.
        return (value, 0, position)
    }

    /// Decodes one boolean whose probability of being `false` is `probability / 256`.
    ///
    /// Debug builds make it `@_transparent`: unoptimised, a function that is not zeroes each of its
    /// nine parameters and locals with a `memset` call of its own on every call. (Optimised builds
    /// run more instructions with it transparent than inlined.)
    #if DEBUG
    @_transparent
    #else
    @inline(__always)
    #endif
    mutating func readBit(_ probability: UInt8) -> Bool {
        if unsafe bitCount < 0 { unsafe loadBits() }
        // In 64-bit registers throughout (the range is 0…255, the split 0…254), so that the
        // threshold and the table index need no zero extension.
        let currentRange = unsafe Int(range)
        let split = (currentRange &* Int(probability)) &>> 8
        // bitCount is within 0...55 here: loading always leaves it non-negative, and below 56.
        // The window `value >> bitCount` is compared with the split in 32 bits, as libwebp does.
        // In a stream an encoder wrote, the window stays below the interval size and the
        // truncation changes nothing; a damaged stream can push it past 2³², and then only the
        // truncated comparison decodes the bits libwebp decodes.
        let position = unsafe UInt64(truncatingIfNeeded: bitCount)
        let window = unsafe UInt32(truncatingIfNeeded: value &>> position)
        let bit = window > UInt32(truncatingIfNeeded: split)
        // The interval size left: 1…255 (the stored range stays within 126…255, see also
        // `applySign`).
        let size: Int
        if bit {
            size = currentRange &- split
            unsafe value &-= UInt64(truncatingIfNeeded: split &+ 1) &<< position
        } else {
            size = split &+ 1
        }
        // Renormalise so that the interval size is back in 128…255, by table (see `normalisation`).
        unsafe bitCount &-= Int(normalisationTable[size])
        unsafe range = UInt32(normalisationTable[256 &+ size])
        return bit
    }

    /// Applies a sign bit (probability 1/2; set = negative) to `magnitude`, without branching.
    ///
    /// The same result as `readBit(0x80) ? -magnitude : magnitude` except on a fresh reader
    /// (range 255), which never happens here: signs always follow other bits. With the range
    /// below 255, halving it always needs exactly one bit of renormalisation (libwebp's
    /// `VP8GetSigned`).
    @inline(__always)
    mutating func applySign(to magnitude: Int) -> Int {
        if unsafe bitCount < 0 { unsafe loadBits() }
        let position = unsafe UInt64(truncatingIfNeeded: bitCount)
        let split = unsafe range &>> 1
        let window = unsafe UInt32(truncatingIfNeeded: value &>> position)
        // All ones when the bit is 1 (window above the split), else zero.
        let mask = UInt32(bitPattern: Int32(bitPattern: split &- window) &>> 31)
        unsafe bitCount &-= 1
        unsafe range = (range &+ mask) | 1
        unsafe value &-= UInt64((split &+ 1) & mask) &<< position
        let signMask = Int(Int32(bitPattern: mask))
        return (magnitude ^ signMask) &- signMask
    }

    /// An unsigned `count`-bit literal, most significant bit first, each bit at probability 1/2.
    mutating func readLiteral(_ count: Int) -> Int {
        var result = 0
        for _ in 0..<count { result = unsafe result << 1 | (readBit(0x80) ? 1 : 0) }
        return result
    }

    /// A `count`-bit magnitude followed by a sign bit (set = negative).
    mutating func readSignedLiteral(_ count: Int) -> Int {
        let magnitude = unsafe readLiteral(count)
        return unsafe readBit(0x80) ? -magnitude : magnitude
    }

    /// A flag coded at probability 1/2.
    mutating func readFlag() -> Bool { unsafe readBit(0x80) }

    /// `readFlag() ? readSignedLiteral(count) : 0`, the header's "optional signed value".
    mutating func readOptionalSigned(_ count: Int) -> Int {
        unsafe readFlag() ? readSignedLiteral(count) : 0
    }
}

#if DEBUG
extension VP8BoolDecoder {
    /// The interval alone (`value`, `range`, `bitCount`), for debug builds' token loop
    /// (``VP8ResidualDecoder/readCoefficients(_:_:zigzag:context:dcFactor:acFactor:first:into:)``),
    /// which decodes with it in local variables and hands it back once per block.
    typealias Interval = (value: UInt64, range: UInt32, bitCount: Int)

    /// `@_transparent`: unoptimised, accessors that are not zero their locals with a `memset` call
    /// apiece and copy the tuple through `memcpy`, twice per block.
    var interval: Interval {
        @_transparent get { unsafe (value, range, bitCount) }
        @_transparent set { unsafe (value, range, bitCount) = newValue }
    }

    /// Refills `interval` (taken from this reader) the way ``readBit(_:)`` refills when it has run dry.
    mutating func refill(_ interval: inout Interval) {
        unsafe self.interval = interval
        unsafe loadBits()
        interval = unsafe self.interval
    }
}
#endif
