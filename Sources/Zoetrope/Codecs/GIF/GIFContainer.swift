/// A parsed GIF87a/GIF89a file: its frame table, found without decoding, and frame decoding on demand.
struct GIFContainer: ImageContainer {
    let format = ImageFormat.gif
    let table: FrameTable
    private let bytes: [UInt8]
    private let records: [GIFFrameRecord]

    /// Parses the file's blocks; see ``GIFParser``.
    init(bytes: [UInt8], options: DecodingOptions) throws(ZoetropeError) {
        let parser = try GIFParser(bytes: bytes, options: options)
        self.bytes = bytes
        table = try parser.finish()
        records = parser.records
    }

    func decodeFrame(at index: Int) throws(ZoetropeError) -> DecodedFrame {
        try GIFFrameDecoder.decode(records[index], frameIndex: index, file: bytes, canvas: table.canvasSize)
    }

    /// Decodes straight into the canvas through the palette (see ``GIFFrameDecoder``).
    func drawFrame(at index: Int, info: FrameInfo, onto compositor: inout Compositor,
                   scratch: inout [UInt8]) throws(ZoetropeError) -> ZoetropeError? {
        try GIFFrameDecoder.draw(records[index], frameIndex: index, file: bytes, canvas: table.canvasSize, info: info,
                                 onto: &compositor, scratch: &scratch)
    }
}
