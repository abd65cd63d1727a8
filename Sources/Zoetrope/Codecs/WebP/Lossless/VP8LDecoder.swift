/// A decoded VP8L image.
struct VP8LDecodedFrame: Sendable {
    /// The pixels, straight RGBA. With `damage`, the rows after the damage are transparent black.
    var image: RGBAImage
    /// Why decoding stopped before the last row, or `nil` for a complete image.
    var damage: ZoetropeError?
}

/// Decodes WebP lossless (VP8L) bitstreams, bit-exact with libwebp (RFC 9649).
enum VP8LDecoder {
    /// Reads the 5-byte VP8L header (signature 0x2f, 14-bit width − 1 and height − 1, alpha hint,
    /// 3-bit version that must be 0).
    static func readHeader(_ bytes: ByteView, payload: Range<Int>) throws(ZoetropeError) -> (size: PixelSize, alphaHint: Bool) {
        let header = try VP8LHeader.read(bytes, payload: payload)
        return (header.size, header.alphaHint)
    }

    /// Decodes a whole VP8L chunk payload to straight RGBA8.
    ///
    /// The decoded alpha is kept even when the header's alpha hint says the image is opaque, as
    /// libwebp does. Damaged pixel data gives the rows before the damage, transformed, with
    /// `damage` set; damage elsewhere throws.
    /// - Parameter maxPixels: the largest width × height to decode, checked before allocating.
    static func decode(_ bytes: ByteView, payload: Range<Int>, maxPixels: Int) throws(ZoetropeError) -> VP8LDecodedFrame {
        let header = try VP8LHeader.read(bytes, payload: payload)
        let size = header.size
        guard size.area <= maxPixels else {
            throw ZoetropeError(.limitExceeded, format: .webp, offset: payload.lowerBound,
                                "VP8L image \(size) exceeds the limit of \(maxPixels) pixels")
        }
        // The image, decoded in one buffer (transform sub-images are far smaller).
        try MemoryHeadroom.reserve(MemoryHeadroom.bytes(pixels: size.area), for: "a \(size) VP8L image",
                                   format: .webp, offset: payload.lowerBound)
        let decoded = unsafe try withReader(bytes, payload: payload, skipping: VP8LHeader.byteCount) { (reader) throws(ZoetropeError) in
            var stream = unsafe VP8LImageStream(reader: reader, pixelCount: size.area, payloadCount: payload.count)
            return unsafe try stream.decodeMainImage(width: size.width, height: size.height)
        }
        return VP8LDecodedFrame(image: RGBAImage(width: decoded.width, height: decoded.height, pixels: decoded.rgba),
                                damage: decoded.damage)
    }

    /// Decodes a headerless VP8L image stream of `width × height` as an ALPH plane: the green
    /// byte of every pixel (see ``VP8LImageStream/decodeAlphaPlane(width:height:)``).
    static func decodeAlphaStream(_ bytes: ByteView, payload: Range<Int>, width: Int,
                                  height: Int) throws(ZoetropeError) -> (plane: [UInt8], damage: ZoetropeError?) {
        // The ARGB words (or palette indices) the stream decodes to, then the plane made from them.
        try MemoryHeadroom.reserve(MemoryHeadroom.bytes(pixels: width * height, bytesPerPixel: 5),
                                   for: "a \(width)×\(height) alpha plane", format: .webp, offset: payload.lowerBound)
        return unsafe try withReader(bytes, payload: payload, skipping: 0) { (reader) throws(ZoetropeError) in
            var stream = unsafe VP8LImageStream(reader: reader, pixelCount: width * height, payloadCount: payload.count)
            return unsafe try stream.decodeAlphaPlane(width: width, height: height)
        }
    }

    /// Runs `body` with a reader over `bytes[payload]` that starts `skipped` bytes into it.
    ///
    /// VP8L decodes one buffer, so the reader lives for the whole decode inside one
    /// `withUnsafeBufferPointer`. It sees the bytes from the buffer's start to the payload's end,
    /// so that it stops at the payload's end and its ``LSBBitReader/byteOffset`` is already an
    /// offset in `bytes`, as errors report it. (Skipping a VP8L chunk's header this way instead of
    /// reading it leaves the end-of-stream rule unchanged: ``VP8LStreamEnd`` depends only on the
    /// payload's size.)
    private static func withReader<Result>(_ bytes: ByteView, payload: Range<Int>, skipping skipped: Int,
                                           _ body: (LSBBitReader) throws(ZoetropeError) -> Result) throws(ZoetropeError) -> Result {
        precondition(payload.lowerBound >= 0 && payload.upperBound <= bytes.count && skipped <= payload.count)
        return unsafe try bytes.withUnsafeBufferPointer { (buffer) throws(ZoetropeError) -> Result in
            let upToEnd = unsafe UnsafeBufferPointer(rebasing: buffer[..<payload.upperBound])
            let start = LSBBitReader.State(position: payload.lowerBound + skipped, bits: 0, bitCount: 0)
            return unsafe try body(LSBBitReader(upToEnd, resuming: start))
        }
    }
}
