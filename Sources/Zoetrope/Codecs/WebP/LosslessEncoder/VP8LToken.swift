/// One entropy-coded element of a VP8L image (RFC 9649 §5.2.2): a literal ARGB pixel, a colour
/// cache index, or a backward reference of `length` pixels.
///
/// Eight bytes (a 1080p frame's tokens are the largest buffer the encoder holds): the value, the
/// length in 16 bits and the kind.
struct VP8LToken: Sendable, Equatable {
    enum Kind: UInt8, Sendable { case literal, cacheIndex, copy }

    /// The ARGB pixel, the cache index, or the distance code (≥ 1, see ``VP8LDistanceCodes``).
    var value: UInt32
    private var storedLength: UInt16
    var kind: Kind

    /// Pixels covered: 1 for literals and cache indices, 1...4096 for copies.
    var length: Int {
        @inline(__always) get { Int(storedLength) }
        set { storedLength = UInt16(newValue) }
    }

    init(kind: Kind, value: UInt32, length: Int) {
        self.value = value
        storedLength = UInt16(length)
        self.kind = kind
    }

    static func literal(_ argb: UInt32) -> VP8LToken { VP8LToken(kind: .literal, value: argb, length: 1) }
    static func copy(length: Int, distanceCode: Int) -> VP8LToken {
        VP8LToken(kind: .copy, value: UInt32(distanceCode), length: length)
    }
}

/// The prefix coding of LZ77 lengths and distance codes (RFC 9649 §5.2.2): the inverse of
/// ``VP8LDistanceMap/value(prefix:reader:)``.
enum VP8LPrefixEncoding {
    /// The longest backward reference.
    static let maximumLength = 4096

    /// The prefix symbol of `value` (≥ 1), and the extra bits that follow it.
    @inline(__always)
    static func split(_ value: Int) -> (prefix: Int, extraBits: Int, extra: UInt32) {
        let offset = value - 1
        if offset < 4 { return (offset, 0, 0) }
        let highest = Int.bitWidth - 1 - offset.leadingZeroBitCount
        let second = (offset >> (highest - 1)) & 1
        let extraBits = highest - 1
        return (2 * highest + second, extraBits, UInt32(offset & ((1 << extraBits) - 1)))
    }
}
