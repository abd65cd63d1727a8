/// Lossy WebP images and frames: the VP8 bitstream of the colours, with an `ALPH` chunk beside
/// it when the image has transparency.
enum WebPLossyWriter {
    /// The chunks of one lossy image: `ALPH` (when some pixel is not opaque) and `VP8 `.
    /// `alphaQuality` 100 keeps alpha exact.
    static func imageChunks(_ image: RGBAImage, settings: VP8EncoderSettings, alphaQuality: Int) -> (bytes: [UInt8], hasAlpha: Bool) {
        let isOpaque = image.isOpaque
        let planes = RGBAToYUV.convert(image, isOpaque: isOpaque)
        let vp8 = VP8Encoder.encode(planes, settings: settings)
        guard !isOpaque else { return (WebPFileWriter.chunk(RIFFChunk.vp8, vp8), false) }
        let alpha = WebPAlphaEncoder.encode(image, quality: alphaQuality, effort: settings.method)
        return (WebPFileWriter.chunk(RIFFChunk.alph, alpha) + WebPFileWriter.chunk(RIFFChunk.vp8, vp8), true)
    }

    /// A lossy still: a simple `VP8 ` file, or `VP8X` + `ALPH` + `VP8 ` with transparency.
    static func still(_ image: RGBAImage, settings: VP8EncoderSettings, alphaQuality: Int) -> [UInt8] {
        let (chunks, hasAlpha) = imageChunks(image, settings: settings, alphaQuality: alphaQuality)
        let body = hasAlpha ? WebPFileWriter.stillHeader(width: image.width, height: image.height, hasAlpha: true) + chunks : chunks
        return WebPFileWriter.riffHeader(bodySize: body.count) + body
    }
}

extension WebPFileWriter {
    /// `VP8X` for a still image: the alpha flag and the canvas size.
    static func stillHeader(width: Int, height: Int, hasAlpha: Bool) -> [UInt8] {
        var features = ByteWriter()
        features.append(hasAlpha ? 0x10 : 0)
        features.append(contentsOf: [0, 0, 0])
        for value in [width - 1, height - 1] {
            features.append(UInt8(truncatingIfNeeded: value))
            features.append(UInt8(truncatingIfNeeded: value >> 8))
            features.append(UInt8(truncatingIfNeeded: value >> 16))
        }
        return chunk(RIFFChunk.vp8x, features.bytes)
    }
}
