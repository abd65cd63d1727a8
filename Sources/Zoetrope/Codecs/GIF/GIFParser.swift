/// Walks a GIF file's blocks and builds its frame table without decoding any image data.
///
/// Damage after the first frame stops the walk and is kept as a warning with the frames found so
/// far; damage before any frame throws. Limits are checked from the headers before anything that
/// depends on them is allocated.
struct GIFParser {
    private(set) var table: FrameTableBuilder
    private(set) var records: [GIFFrameRecord] = []
    private(set) var storedLoopCount: Int?

    private var reader: GIFByteReader
    private var globalColorTable: GIFColorTableLocation?
    private var pendingControl: GIFGraphicControl?

    /// Parses `bytes`.
    /// - Throws: when the header is damaged, a limit is exceeded or no frame can be found.
    init(bytes: ByteView, options: DecodingOptions) throws(ZoetropeError) {
        guard GIFCodec.recognizes(Array(bytes.prefix(6))[...]) else {
            throw ZoetropeError(.unrecognizedFormat, format: .gif, offset: 0, "not a GIF87a or GIF89a signature")
        }
        reader = GIFByteReader(bytes, position: 6)
        let width = try reader.readUInt16("the logical screen descriptor")
        let height = try reader.readUInt16("the logical screen descriptor")
        let packed = try reader.readByte("the logical screen descriptor")
        try reader.skip(2, "the logical screen descriptor") // background index and aspect ratio: ignored
        table = try FrameTableBuilder(format: .gif, width: width, height: height, options: options, offset: 6)
        if packed & 0x80 != 0 {
            globalColorTable = try readColorTable(sizeField: packed, what: "the global colour table")
        }
        do {
            try readBlocks()
        } catch {
            try table.recordDamage(error)
        }
    }

    /// The finished frame table.
    func finish() throws(ZoetropeError) -> FrameTable {
        try table.finish(storedLoopCount: storedLoopCount, rule: .repetitions, endOffset: reader.position)
    }

    private mutating func readColorTable(sizeField packed: UInt8, what: String) throws(ZoetropeError) -> GIFColorTableLocation {
        let count = 2 << Int(packed & 0x07)
        let location = GIFColorTableLocation(offset: reader.position, count: count)
        try reader.skip(count * 3, what)
        return location
    }

    private mutating func readBlocks() throws(ZoetropeError) {
        while true {
            let blockOffset = reader.position
            guard !reader.isAtEnd else {
                try table.recordDamage(ZoetropeError(.truncated, format: .gif, offset: blockOffset,
                                                     "the file ends without a trailer"))
                return
            }
            guard !table.isClosed else { return }
            let introducer = try reader.readByte("a block")
            switch introducer {
            case 0x3B:
                return
            case 0x21:
                try readExtension()
            case 0x2C:
                try readImage(descriptorOffset: blockOffset)
            default:
                throw ZoetropeError(.malformed, format: .gif, offset: blockOffset,
                                    "unknown block introducer 0x\(String(introducer, radix: 16, uppercase: true))")
            }
        }
    }

    private mutating func readExtension() throws(ZoetropeError) {
        let label = try reader.readByte("an extension")
        switch label {
        case 0xF9:
            // The last control extension before an image applies to it.
            if let control = try GIFGraphicControl.read(&reader) { pendingControl = control }
        case 0xFF:
            let loopCount = try GIFApplicationExtension.readLoopCount(&reader)
            // Some files repeat the loop extension; the first one counts (as the corpus reference does).
            if storedLoopCount == nil { storedLoopCount = loopCount }
        default:
            // Comment (0xFE), plain text (0x01) and unknown extensions carry nothing we show.
            try reader.skipSubBlocks("an extension")
        }
    }

    private mutating func readImage(descriptorOffset: Int) throws(ZoetropeError) {
        let x = try reader.readUInt16("an image descriptor")
        let y = try reader.readUInt16("an image descriptor")
        let width = try reader.readUInt16("an image descriptor")
        let height = try reader.readUInt16("an image descriptor")
        let packed = try reader.readByte("an image descriptor")
        let rect = PixelRect(x: x, y: y, width: width, height: height)
        guard try table.admit(rect, offset: descriptorOffset) else { return }

        var colorTable = globalColorTable
        if packed & 0x80 != 0 {
            colorTable = try readColorTable(sizeField: packed, what: "a local colour table")
        }
        let codeSizeOffset = reader.position
        let minimumCodeSize = Int(try reader.readByte("an image's LZW minimum code size"))
        guard LZWDecoder.supportedMinimumCodeSizes.contains(minimumCodeSize) else {
            throw ZoetropeError(.malformed, format: .gif, offset: codeSizeOffset,
                                "invalid LZW minimum code size \(minimumCodeSize)")
        }
        let control = pendingControl
        pendingControl = nil
        var record = GIFFrameRecord(rect: rect, colorTable: colorTable, transparentIndex: control?.transparentIndex,
                                    isInterlaced: packed & 0x40 != 0, minimumCodeSize: minimumCodeSize,
                                    dataOffset: reader.position, dataEndOffset: reader.bytes.count)
        let storedDelay = control.map { Duration.milliseconds($0.delayCentiseconds * 10) }
        let info = FrameInfo(rect: rect, disposal: control?.frameDisposal ?? .unspecified,
                             storedDisposal: control?.disposal ?? 0, blend: .over,
                             hasTransparency: control?.transparentIndex != nil,
                             isInterlaced: record.isInterlaced, storedDuration: storedDelay,
                             duration: storedDelay ?? .zero, offset: descriptorOffset)
        if colorTable == nil {
            table.warn(ZoetropeError(.malformed, format: .gif, offset: descriptorOffset,
                                     "frame \(table.frames.count) has no colour table; its pixels are transparent"))
        }
        do {
            try reader.skipSubBlocks("an image's data")
            record.dataEndOffset = reader.position
        } catch {
            // A frame cut inside its data keeps the rows it has, when it has any data at all.
            if reader.bytes.count > record.dataOffset + 1 {
                table.append(info)
                records.append(record)
            }
            throw error
        }
        table.append(info)
        records.append(record)
    }
}
