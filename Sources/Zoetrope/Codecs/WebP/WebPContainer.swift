/// A parsed WebP file (still, lossy or lossless, or animated): its frame table, found without
/// decoding, and frame decoding on demand with libwebp's compositing rules.
struct WebPContainer: ImageContainer {
    let format = ImageFormat.webp
    let table: FrameTable
    private let bytes: ImageBytes
    private let records: [WebPFrameRecord]
    private let blending: [FrameBlending]
    private let maxPixels: Int
    private let upsampling: VP8ChromaUpsampling

    /// Parses the file's chunks; see ``WebPParser``.
    init(bytes: ImageBytes, options: DecodingOptions) throws(ZoetropeError) {
        (table, records) = try bytes.withView { (view) throws(ZoetropeError) in
            let parser = try WebPParser(bytes: view, options: options)
            return (try parser.finish(), parser.records)
        }
        self.bytes = bytes
        blending = Self.blending(frames: table.frames, records: records, canvas: table.canvasSize)
        maxPixels = options.limits.maxPixels
        upsampling = options.chromaUpsampling == .pointSampled ? .pointSampled : .fancy
    }

    func decodeFrame(at index: Int) throws(ZoetropeError) -> DecodedFrame {
        let (record, maxPixels, upsampling) = (records[index], maxPixels, upsampling)
        // Blended over the canvas, a clear pixel changes nothing: its colour need not be converted.
        let blendedOver = table.frames[index].blend == .over && blending[index] == .libwebp(keyFrame: false, unblended: nil)
        var decoded = try bytes.withView { (view) throws(ZoetropeError) in
            try WebPFrameDecoder.decode(record, bytes: view, maxPixels: maxPixels, upsampling: upsampling, blendedOver: blendedOver)
        }
        decoded.blending = blending[index]
        return decoded
    }

    /// libwebp's animation decoder, frame by frame: a key frame (the first; one that covers the
    /// canvas without alpha or without blending; or one after a frame disposed to background that
    /// covered the canvas or was itself a key frame) is drawn on a cleared canvas without blending,
    /// and after a frame disposed to background, its rectangle is not blended (it is transparent).
    static func blending(frames: [FrameInfo], records: [WebPFrameRecord], canvas: PixelSize) -> [FrameBlending] {
        var result: [FrameBlending] = []
        result.reserveCapacity(frames.count)
        var previousWasKey = false
        for (index, frame) in frames.enumerated() {
            let isFull = frame.rect.width == canvas.width && frame.rect.height == canvas.height
            let isKey: Bool
            var unblended: PixelRect?
            if index == 0 {
                isKey = true
            } else if (!records[index].hasAlpha || frame.blend == .source) && isFull {
                isKey = true
            } else {
                let previous = frames[index - 1]
                let previousFull = previous.rect.width == canvas.width && previous.rect.height == canvas.height
                isKey = previous.disposal == .background && (previousFull || previousWasKey)
                if previous.disposal == .background { unblended = previous.rect }
            }
            result.append(.libwebp(keyFrame: isKey, unblended: unblended))
            previousWasKey = isKey
        }
        return result
    }
}
