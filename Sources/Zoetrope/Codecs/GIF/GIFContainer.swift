/// A parsed GIF87a/GIF89a file: its frame table, found without decoding, and frame decoding on demand.
struct GIFContainer: ImageContainer {
    let format = ImageFormat.gif
    let table: FrameTable
    private let bytes: ImageBytes
    private let records: [GIFFrameRecord]

    /// Parses the file's blocks; see ``GIFParser``.
    init(bytes: ImageBytes, options: DecodingOptions) throws(ZoetropeError) {
        (table, records) = try bytes.withView { (view) throws(ZoetropeError) in
            let parser = try GIFParser(bytes: view, options: options)
            return (try parser.finish(), parser.records)
        }
        self.bytes = bytes
    }

    func decodeFrame(at index: Int) throws(ZoetropeError) -> DecodedFrame {
        try bytes.withView { (file) throws(ZoetropeError) in
            try GIFFrameDecoder.decode(records[index], frameIndex: index, file: file, canvas: table.canvasSize)
        }
    }

    /// Indices go to `scratch`, colours straight onto the canvas.
    var drawsFramesInPlace: Bool { true }

    /// The LZW decoder's literal room (byte indices: at most 256), then an index a pixel.
    func scratchBytes(frameArea area: Int) -> Int { LZWDecoder.literalRoom(minimumCodeSize: 8) + area }

    /// Decodes straight into the canvas through the palette (see ``GIFFrameDecoder``).
    func drawFrame(at index: Int, info: FrameInfo, onto compositor: inout Compositor,
                   scratch: inout [UInt8]) throws(ZoetropeError) -> DrawnFrame {
        try bytes.withView { (file) throws(ZoetropeError) in
            try GIFFrameDecoder.draw(records[index], frameIndex: index, file: file, canvas: table.canvasSize, info: info,
                                     onto: &compositor, scratch: &scratch)
        }
    }
}
