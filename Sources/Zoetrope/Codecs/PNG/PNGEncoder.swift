/// Writes RGBA images as PNG files.
///
/// The encoder picks the smallest lossless sample format (palette for up to 256 colours, grey,
/// grey + alpha, RGB or RGBA), chooses a filter per row, and compresses with zlib (deflate).
///
/// ```swift
/// let bytes = PNGEncoder.encode(image)            // level 6
/// let small = PNGEncoder.encode(image, level: 9)  // slower, smaller
/// ```
public enum PNGEncoder {
    /// Encodes `image` as a PNG file.
    /// - Parameters:
    ///   - image: the image to encode.
    ///   - level: compression level, 0 (stored, fastest) to 9 (smallest).
    public static func encode(_ image: RGBAImage, level: Int = 6) -> [UInt8] {
        encode(image, level: level, interlaced: false)
    }

    /// Encodes `image`, optionally Adam7-interlaced.
    static func encode(_ image: RGBAImage, level: Int, interlaced: Bool) -> [UInt8] {
        let plan = PNGColorPlan(images: [image])
        let header = plan.header(width: image.width, height: image.height, interlaced: interlaced)
        let data = unsafe PNGWriter.compressedImageData(header: header, width: image.width, height: image.height,
                                                 level: level, packRow: plan.packer(for: image))
        return file(header: header, plte: plan.plte, trns: plan.trns, imageData: data)
    }

    /// Encodes raw samples in any PNG format: `samples` holds `channels` values per pixel, row by
    /// row, each below `2^bitDepth` (palette indices for colour type 3). For tests and tools that
    /// need a particular colour type, bit depth or interlacing.
    static func encode(header: PNGHeader, samples: [UInt16], plte: [UInt8]? = nil, trns: [UInt8]? = nil,
                       level: Int = 6) -> [UInt8] {
        let channels = header.colorType.channels
        let width = header.width
        let data = unsafe PNGWriter.compressedImageData(header: header, width: width, height: header.height, level: level) {
            y, x0, dx, count, output in
            unsafe PNGWriter.packSamples(count: count * channels, depth: header.bitDepth, into: output) { i in
                samples[((y * width) + x0 + (i / channels) * dx) * channels + i % channels]
            }
        }
        return file(header: header, plte: plte, trns: trns, imageData: data)
    }

    /// A complete file: signature, IHDR, optional PLTE and tRNS, the image data, IEND.
    static func file(header: PNGHeader, plte: [UInt8]?, trns: [UInt8]?, imageData: [UInt8]) -> [UInt8] {
        var out = ByteWriter()
        out.append(contentsOf: PNGCodec.signature)
        PNGWriter.appendChunk(PNGChunk.ihdr, header.chunkData, to: &out)
        if let plte { PNGWriter.appendChunk(PNGChunk.plte, plte, to: &out) }
        if let trns { PNGWriter.appendChunk(PNGChunk.trns, trns, to: &out) }
        var sequence: UInt32 = 0
        PNGWriter.appendImageData(imageData, asFrameData: false, sequence: &sequence, to: &out)
        PNGWriter.appendChunk(PNGChunk.iend, [], to: &out)
        return out.bytes
    }
}
