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
    static func readHeader(_ bytes: [UInt8], payload: Range<Int>) throws(ZoetropeError) -> (size: PixelSize, alphaHint: Bool) {
        let header = try VP8LHeader.read(bytes, payload: payload)
        return (header.size, header.alphaHint)
    }

    /// Decodes a whole VP8L chunk payload to straight RGBA8.
    ///
    /// The decoded alpha is kept even when the header's alpha hint says the image is opaque, as
    /// libwebp does. Damaged pixel data gives the rows before the damage, transformed, with
    /// `damage` set; damage elsewhere throws.
    /// - Parameter maxPixels: the largest width × height to decode, checked before allocating.
    static func decode(_ bytes: [UInt8], payload: Range<Int>, maxPixels: Int) throws(ZoetropeError) -> VP8LDecodedFrame {
        let header = try VP8LHeader.read(bytes, payload: payload)
        let size = header.size
        guard size.area <= maxPixels else {
            throw ZoetropeError(.limitExceeded, format: .webp, offset: payload.lowerBound,
                                "VP8L image \(size) exceeds the limit of \(maxPixels) pixels")
        }
        // The bit reader starts at the payload's first byte, as libwebp's does, so that its
        // end-of-data rule (see VP8LBitReader) counts the same bits; the header is skipped.
        var reader = VP8LBitReader(bytes, payload: payload)
        _ = reader.readBits(32)
        _ = reader.readBits(8)
        var stream = VP8LImageStream(reader: reader, pixelCount: size.area, payloadCount: payload.count)
        let decoded = try stream.decodeMainImage(width: size.width, height: size.height)
        return VP8LDecodedFrame(image: rgbaImage(decoded), damage: decoded.damage)
    }

    /// Decodes a headerless VP8L image stream of `width × height` (the ALPH chunk's form) to ARGB.
    static func decodeStream(_ bytes: [UInt8], payload: Range<Int>, width: Int, height: Int) throws(ZoetropeError) -> VP8LImageStream.Decoded {
        var stream = VP8LImageStream(reader: VP8LBitReader(bytes, payload: payload), pixelCount: width * height,
                                     payloadCount: payload.count)
        return try stream.decodeMainImage(width: width, height: height)
    }

    /// ARGB words to RGBA bytes.
    static func rgbaImage(_ decoded: VP8LImageStream.Decoded) -> RGBAImage {
        let count = decoded.pixels.count
        let bytes = [UInt8](unsafeUninitializedCapacity: count * 4) { output, initialized in
            decoded.pixels.withUnsafeBufferPointer { input in
                let raw = UnsafeMutableRawBufferPointer(output)
                for index in 0..<count {
                    // R, G, B, A in memory is the little-endian word A<<24 | B<<16 | G<<8 | R:
                    // ARGB with red and blue swapped.
                    let argb = input[index]
                    let abgr = (argb & 0xff00_ff00) | (argb >> 16 & 0xff) | (argb & 0xff) << 16
                    raw.storeBytes(of: abgr.littleEndian, toByteOffset: index * 4, as: UInt32.self)
                }
            }
            initialized = count * 4
        }
        return RGBAImage(width: decoded.width, height: decoded.height, pixels: bytes)
    }
}
