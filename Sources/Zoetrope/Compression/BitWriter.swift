/// Writes bit fields least-significant bit first, as deflate (RFC 1951 §3.1.1) and WebP lossless
/// (VP8L, RFC 9649) pack them: the deflate and VP8L encoders share it, as their decoders share
/// ``LSBBitReader``.
struct BitWriter: Sendable {
    private(set) var bytes: [UInt8] = []
    private var buffer: UInt64 = 0
    private var count = 0

    init(reservingCapacity capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// The bits written so far.
    var bitCount: Int { bytes.count * 8 + count }

    /// Appends the low `bitCount` bits of `value` (at most 32).
    @inline(__always)
    mutating func write(_ value: UInt32, bits bitCount: Int) {
        buffer |= UInt64(value) << UInt64(count)
        count += bitCount
        if count >= 32 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            bytes.append(UInt8(truncatingIfNeeded: buffer >> 8))
            bytes.append(UInt8(truncatingIfNeeded: buffer >> 16))
            bytes.append(UInt8(truncatingIfNeeded: buffer >> 24))
            buffer >>= 32
            count -= 32
        }
    }

    /// Pads with zero bits to the next byte boundary and flushes the buffer.
    mutating func alignToByte() {
        while count > 0 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            count = max(0, count - 8)
        }
        buffer = 0
    }

    /// Appends whole bytes; the writer must be byte-aligned.
    mutating func appendAligned<Bytes: Collection<UInt8>>(_ other: Bytes) {
        bytes.append(contentsOf: other)
    }
}
