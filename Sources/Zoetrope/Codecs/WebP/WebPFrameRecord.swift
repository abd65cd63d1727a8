/// Where one WebP frame's data lies, found while walking the file: its image chunk (`VP8 ` or
/// `VP8L`), its `ALPH` chunk if any, and what their headers say.
struct WebPFrameRecord: Sendable {
    /// `.vp8` (lossy) or `.vp8l` (lossless).
    var compression: FrameCompression
    /// The image chunk's payload (what of it is present).
    var image: Range<Int>
    /// The `ALPH` chunk's payload, for a lossy frame with alpha.
    var alpha: Range<Int>?
    /// The bitstream's own size, which is the frame's size.
    var size: PixelSize
    /// libwebp's "has alpha": an `ALPH` chunk, or the VP8L header's alpha hint.
    var hasAlpha: Bool

    init(compression: FrameCompression, image: Range<Int>, alpha: Range<Int>?, size: PixelSize, hasAlpha: Bool) {
        self.compression = compression
        self.image = image
        self.alpha = alpha
        self.size = size
        self.hasAlpha = hasAlpha
    }

    /// Reads the image chunk's header (and notes the alpha chunk before it).
    /// - Throws: when the bitstream header is missing or invalid.
    init(image chunk: RIFFChunk, alpha: RIFFChunk?, bytes: ByteView) throws(ZoetropeError) {
        image = chunk.payload
        if chunk.fourCC == RIFFChunk.vp8l {
            compression = .vp8l
            let header = try VP8LDecoder.readHeader(bytes, payload: chunk.payload)
            size = header.size
            hasAlpha = header.alphaHint
            self.alpha = nil
        } else {
            compression = .vp8
            size = try VP8Decoder.readSize(bytes, payload: chunk.payload)
            self.alpha = alpha?.payload
            hasAlpha = alpha != nil
        }
    }
}
