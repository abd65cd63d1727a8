/// The VP8 boolean entropy decoder (RFC 6386 section 7) reading one partition.
///
/// It keeps the arithmetic of libwebp's reader: `range` holds the interval size minus one
/// (127…254 once normalised), `value` holds the unread bits, and `bitCount` says how many bits of
/// `value` lie below the 8-bit window that is compared with the split. Past the end of its bytes the
/// reader supplies zeros and sets ``isPastEnd``, exactly once it has to invent a byte, which is the
/// moment libwebp sets `eof`: callers use it to decide whether a macroblock row is damaged.
struct VP8BoolDecoder {
    private let bytes: [UInt8]
    /// Index of the next byte to load.
    private var position: Int
    /// One past the last byte of the partition.
    let end: Int
    private var value: UInt64 = 0
    private var range: UInt32 = 255 - 1
    private var bitCount: Int = -8
    /// Whether the reader needed a byte beyond the partition (libwebp's `eof`).
    private(set) var isPastEnd = false

    /// A reader over `bytes[range]`; `range` must lie within `bytes`.
    init(_ bytes: [UInt8], range: Range<Int>) {
        self.bytes = bytes
        self.position = range.lowerBound
        self.end = range.upperBound
        loadBits()
    }

    /// Refills `value` when the window has run dry: seven bytes at once while at least eight
    /// remain (so that the final bytes are always read singly), then byte by byte, then zeros.
    private mutating func loadBits() {
        if position &+ 8 <= end {
            var chunk: UInt64 = 0
            bytes.withUnsafeBufferPointer { buffer in
                for index in position..<(position &+ 7) { chunk = chunk << 8 | UInt64(buffer[index]) }
            }
            position &+= 7
            value = value << 56 | chunk
            bitCount &+= 56
        } else if position < end {
            value = value << 8 | UInt64(bytes[position])
            position &+= 1
            bitCount &+= 8
        } else if !isPastEnd {
            value <<= 8
            bitCount &+= 8
            isPastEnd = true
        } else {
            // Reading on after the end: libwebp resets the count so shifts stay defined. Whatever
            // follows is discarded by the caller, which checks `isPastEnd`.
            bitCount = 0
        }
    }

    /// Decodes one boolean whose probability of being `false` is `probability / 256`.
    @inline(__always)
    mutating func readBit(_ probability: UInt8) -> Bool {
        if bitCount < 0 { loadBits() }
        var currentRange = range
        let split = (currentRange &* UInt32(probability)) &>> 8
        // bitCount is within 0...63 here: loading always leaves it non-negative.
        let position = UInt64(truncatingIfNeeded: bitCount)
        let window = UInt32(truncatingIfNeeded: value &>> position)
        let bit = window > split
        if bit {
            currentRange &-= split
            value &-= UInt64(split &+ 1) &<< position
        } else {
            currentRange = split &+ 1
        }
        // Renormalise so that the interval size (1…255 here) is back in 128…255.
        let shift = currentRange.leadingZeroBitCount &- 24
        currentRange &<<= UInt32(truncatingIfNeeded: shift)
        bitCount &-= shift
        range = currentRange &- 1
        return bit
    }

    /// An unsigned `count`-bit literal, most significant bit first, each bit at probability 1/2.
    mutating func readLiteral(_ count: Int) -> Int {
        var result = 0
        for _ in 0..<count { result = result << 1 | (readBit(0x80) ? 1 : 0) }
        return result
    }

    /// A `count`-bit magnitude followed by a sign bit (set = negative).
    mutating func readSignedLiteral(_ count: Int) -> Int {
        let magnitude = readLiteral(count)
        return readBit(0x80) ? -magnitude : magnitude
    }

    /// A flag coded at probability 1/2.
    mutating func readFlag() -> Bool { readBit(0x80) }

    /// `readFlag() ? readSignedLiteral(count) : 0`, the header's "optional signed value".
    mutating func readOptionalSigned(_ count: Int) -> Int {
        readFlag() ? readSignedLiteral(count) : 0
    }
}
