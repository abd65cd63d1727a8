/// How the 4:2:0 chroma of a lossy WebP is brought to full resolution.
enum VP8ChromaUpsampling: Sendable {
    /// libwebp's default 9:3:3:1 interpolation.
    case fancy
    /// One chroma sample per 2×2 block, as `dwebp -nofancy`.
    case pointSampled
}

/// A decoded VP8 frame: RGBA8, straight alpha (255 everywhere decoded, or the `ALPH` plane's;
/// rows never reached stay 0,0,0,0).
struct VP8DecodedFrame: Sendable {
    var image: RGBAImage
    /// Set when the data ran out partway: the rows before the damaged macroblock row are kept.
    var damage: ZoetropeError?
}

/// Decoder of the lossy bitstream in a WebP `VP8 ` chunk: one VP8 key frame (RFC 6386), converted
/// to RGBA exactly as libwebp converts it.
enum VP8Decoder {
    /// Reads only the frame header's size (the 10-byte key-frame header). Cheap.
    static func readSize(_ bytes: ByteView, payload: Range<Int>) throws(ZoetropeError) -> PixelSize {
        let tag = try VP8FrameTag.parse(bytes, payload: payload)
        return PixelSize(width: tag.width, height: tag.height)
    }

    /// The frame's key-frame header, its size checked against `maxPixels` and the memory the
    /// process may still take.
    static func checkedTag(_ bytes: ByteView, payload: Range<Int>, maxPixels: Int) throws(ZoetropeError) -> VP8FrameTag {
        let tag = try VP8FrameTag.parse(bytes, payload: payload)
        let (pixels, overflow) = tag.width.multipliedReportingOverflow(by: tag.height)
        guard !overflow, pixels <= maxPixels else {
            throw ZoetropeError(.limitExceeded, format: .webp, offset: payload.lowerBound + 6,
                                "VP8 frame of \(tag.width)×\(tag.height) pixels exceeds the limit of \(maxPixels)")
        }
        try MemoryHeadroom.reserve(MemoryHeadroom.bytes(pixels: pixels), for: "a \(tag.width)×\(tag.height) VP8 image",
                                   format: .webp, offset: payload.lowerBound)
        return tag
    }

    /// Decodes the key frame in `bytes[payload]`. `maxPixels` is checked before any allocation.
    /// `alpha`, when not empty, is the frame's `ALPH` plane (one byte per pixel), written into the
    /// pixels' alpha; with `skipsClear`, pixels whose alpha is 0 may be left transparent black
    /// unconverted (for a frame blended over the canvas, where they change nothing).
    ///
    /// Throws when the headers are unusable or when not even the first macroblock row decodes;
    /// data that runs out later gives a frame with ``VP8DecodedFrame/damage`` set.
    static func decode(_ bytes: ByteView, payload: Range<Int>, upsampling: VP8ChromaUpsampling = .fancy,
                       alpha: [UInt8] = [], skipsClear: Bool = false, maxPixels: Int) throws(ZoetropeError) -> VP8DecodedFrame {
        let tag = try checkedTag(bytes, payload: payload, maxPixels: maxPixels)
        let pixels = tag.width * tag.height
        precondition(alpha.isEmpty || alpha.count == pixels, "the alpha plane is the frame's size")
        // All reading happens inside this scope: the bool decoders point into the buffer.
        return unsafe try bytes.withUnsafeBufferPointer { buffer throws(ZoetropeError) in
            let (header, modeReader) = unsafe try VP8FrameHeader.parse(buffer, payload: payload, tag: tag)
            var frame = unsafe VP8FrameDecoder(header: header, modeReader: modeReader, bytes: buffer, upsampling: upsampling,
                                               alpha: alpha, skipsClear: skipsClear)
            var outcome: (damage: ZoetropeError?, decodedRows: Int) = (nil, 0)
            // The frame decoder writes every byte: decoded rows as it goes, the rest as zeros.
            let rgba = unsafe [UInt8](unsafeUninitializedCapacity: pixels * 4) { output, initializedCount in
                outcome = unsafe frame.decode(into: output)
                initializedCount = pixels * 4
            }
            if let damage = outcome.damage, outcome.decodedRows == 0 { throw damage }
            return VP8DecodedFrame(image: RGBAImage(width: tag.width, height: tag.height, pixels: rgba), damage: outcome.damage)
        }
    }
}
