/// An LSB-first bit reader over one payload of a byte array, as VP8L streams are packed
/// (RFC 9649 §3.1: bits are read from the least significant bit of each byte upwards).
///
/// The reader keeps up to 64 bits in a buffer. Reading past the payload supplies zero bits and is
/// only reported through ``isPastEnd``, which the decoder checks at the places libwebp does, so
/// that exactly the same streams are accepted.
///
/// This is a stand-in for the shared compression-core reader: the decoder uses only ``fill()``,
/// ``peek``, ``consume(_:)``, ``readBits(_:)``, ``isPastEnd`` and ``byteOffset``.
struct VP8LBitReader {
    private let bytes: [UInt8]
    /// Absolute index of the payload's first byte.
    let start: Int
    /// Absolute index just after the payload.
    let end: Int
    /// Bits not yet consumed; the next bit of the stream is bit 0.
    private var buffer: UInt64 = 0
    /// How many bits of `buffer` hold stream data.
    private var bufferedBits = 0
    /// Absolute index of the next byte to move into `buffer` (it runs past `end` when the reader
    /// supplies the zero bits after the data).
    private var nextByte: Int
    /// The number of bits that may be consumed before the stream counts as overrun.
    ///
    /// libwebp preloads 64 bits and only flags the end of stream once more than
    /// max(8 × length, 64) bits were consumed, so a stream shorter than 8 bytes may read zero bits
    /// past its end. Keeping the same bound accepts the same tiny streams.
    private let bitLimit: Int

    /// A reader for `bytes[payload]`.
    init(_ bytes: [UInt8], payload: Range<Int>) {
        self.bytes = bytes
        start = payload.lowerBound
        end = payload.upperBound
        nextByte = payload.lowerBound
        bitLimit = max(payload.count * 8, 64)
        fill()
    }

    /// Bits consumed since the payload's start.
    var consumedBits: Int { (nextByte - start) * 8 - bufferedBits }

    /// Whether more bits were consumed than the stream holds (see ``bitLimit``).
    @inline(__always)
    var isPastEnd: Bool {
        // Before the last byte has been loaded, fewer bits than the payload holds were consumed;
        // testing that first keeps the per-pixel check to one comparison.
        nextByte >= end && consumedBits > bitLimit
    }

    /// Absolute offset of the byte holding the next unread bit, clamped to the payload: where an
    /// error is reported.
    var byteOffset: Int { min(start + consumedBits / 8, end) }

    /// Tops the buffer up to at least 56 bits.
    @inline(__always)
    mutating func fill() {
        guard bufferedBits < 32 else { return }
        refill()
    }

    private mutating func refill() {
        if nextByte &+ 8 <= end {
            // Fast path: one unaligned 8-byte load. Only whole bytes that fit are counted; the
            // partial byte shifted in above them is the stream's next byte and is ORed again,
            // unchanged, by the next refill.
            let word = bytes.withUnsafeBytes { raw in
                UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: nextByte, as: UInt64.self))
            }
            buffer |= word << UInt64(bufferedBits)
            let taken = (63 - bufferedBits) >> 3
            nextByte += taken
            bufferedBits += taken * 8
            return
        }
        while bufferedBits <= 56 {
            let byte: UInt64 = nextByte < end ? UInt64(bytes[nextByte]) : 0
            buffer |= byte << UInt64(bufferedBits)
            nextByte += 1
            bufferedBits += 8
        }
    }

    /// The buffered bits, next bit first; at least 32 are valid after ``fill()``.
    @inline(__always)
    var peek: UInt64 { buffer }

    /// Drops `count` bits (at most the buffered number, which ``fill()`` makes at least 32).
    @inline(__always)
    mutating func consume(_ count: Int) {
        buffer >>= UInt64(count)
        bufferedBits -= count
    }

    /// The next `count` bits (0...32) as a number, first bit least significant.
    @inline(__always)
    mutating func readBits(_ count: Int) -> UInt32 {
        fill()
        let value = UInt32(truncatingIfNeeded: buffer & ((UInt64(1) << UInt64(count)) - 1))
        consume(count)
        return value
    }

    /// The next bit as a Boolean.
    @inline(__always)
    mutating func readFlag() -> Bool { readBits(1) != 0 }
}
