/// The 5-byte header that starts a VP8L chunk payload (RFC 9649 §3.2): the signature byte 0x2f,
/// then, LSB-first, 14 bits of width − 1, 14 bits of height − 1, the alpha hint bit and a 3-bit
/// version that must be 0.
struct VP8LHeader: Sendable, Equatable {
    static let signature: UInt8 = 0x2f
    static let byteCount = 5

    /// Image size (each side 1...16384).
    var size: PixelSize
    /// The encoder's hint that some pixel is not opaque. Informative only: decoded alpha is kept.
    var alphaHint: Bool

    /// Parses the header at the start of `bytes[payload]`.
    static func read(_ bytes: ByteView, payload: Range<Int>) throws(ZoetropeError) -> VP8LHeader {
        guard payload.lowerBound >= 0, payload.upperBound <= bytes.count, payload.count >= byteCount else {
            throw ZoetropeError(.truncated, format: .webp, offset: payload.lowerBound,
                                "VP8L header needs 5 bytes")
        }
        guard bytes[payload.lowerBound] == signature else {
            throw ZoetropeError(.malformed, format: .webp, offset: payload.lowerBound,
                                "VP8L signature byte is not 0x2f")
        }
        // The four bytes after the signature, LSB first, are one little-endian 32-bit field.
        var fields: UInt32 = 0
        for index in 1 ..< byteCount { fields |= UInt32(bytes[payload.lowerBound + index]) << (8 * UInt32(index - 1)) }
        let width = Int(fields & 0x3fff) + 1
        let height = Int((fields >> 14) & 0x3fff) + 1
        let alphaHint = (fields >> 28) & 1 != 0
        guard fields >> 29 == 0 else {
            throw ZoetropeError(.malformed, format: .webp, offset: payload.lowerBound + 4,
                                "VP8L version is not 0")
        }
        return VP8LHeader(size: PixelSize(width: width, height: height), alphaHint: alphaHint)
    }
}
