/// A parsed GIF87a/GIF89a file: its frame table, found without decoding, and frame decoding on demand.
struct GIFContainer: ImageContainer {
    let format = ImageFormat.gif
    let canvasSize: PixelSize
    let frames: [FrameInfo]
    let storedLoopCount: Int?
    let warnings: [ZoetropeError]
    private let bytes: [UInt8]
    private let records: [GIFFrameRecord]

    /// Parses the file's blocks; see ``GIFParser``.
    init(bytes: [UInt8], options: DecodingOptions) throws(ZoetropeError) {
        let parser = try GIFParser(bytes: bytes, options: options)
        self.bytes = bytes
        canvasSize = parser.canvasSize
        frames = parser.frames
        records = parser.records
        storedLoopCount = parser.storedLoopCount
        warnings = parser.warnings
    }

    /// Browsers count NETSCAPE2.0 loops as repetitions: absent → 1 play, 0 → forever, N → N + 1.
    var playCount: PlayCount {
        switch storedLoopCount {
        case nil: return .finite(1)
        case 0?: return .infinite
        case let loops?: return .finite(loops + 1)
        }
    }

    func decodeFrame(at index: Int) throws(ZoetropeError) -> DecodedFrame {
        guard records.indices.contains(index) else {
            throw ZoetropeError(.invalidArgument, format: .gif, "frame index \(index) is outside 0..<\(records.count)")
        }
        return try GIFFrameDecoder.decode(records[index], frameIndex: index, file: bytes)
    }
}
