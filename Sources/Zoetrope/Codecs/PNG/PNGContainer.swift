/// PNG and APNG container: walks the chunks once (checking CRCs, recording where the image data
/// lies) and decodes a frame's pixels only when asked.
///
/// APNG rules: an `acTL` before the first `IDAT` makes the file animated; `fcTL` and `fdAT`
/// sequence numbers must run 0, 1, 2, … without gaps; dispose op PREVIOUS on the first frame acts as
/// BACKGROUND; the `IDAT` image is frame 0 only when an `fcTL` precedes it. A broken animation
/// (sequence errors, a frame count different from `acTL`'s, invalid `fcTL` fields, frames without
/// data) falls back to the still default image with a warning, as browsers do. The exception is a
/// frame count left unfilled by a streaming writer (`0xFFFFFFFF`, ffmpeg writing to a pipe): the
/// frames present play, with a warning.
struct PNGContainer: ImageContainer {
    let format: ImageFormat
    let table: FrameTable

    private let bytes: ImageBytes
    private let converter: PNGPixelConverter
    /// Where each frame's zlib stream lies (the `IDAT` payloads, or `fdAT` payloads after the
    /// sequence number).
    private let frameData: [[Range<Int>]]

    init(bytes: ImageBytes, options: DecodingOptions) throws(ZoetropeError) {
        let parsed = try bytes.withView { (view) throws(ZoetropeError) in try Self.parse(view, options: options) }
        self.bytes = bytes
        (format, table, converter, frameData) = (parsed.format, parsed.table, parsed.converter, parsed.frameData)
    }

    /// The walk over the chunks: the format (PNG or APNG), the frame table, how pixels convert, and
    /// where each frame's data lies.
    private static func parse(_ bytes: ByteView, options: DecodingOptions) throws(ZoetropeError)
        -> (format: ImageFormat, table: FrameTable, converter: PNGPixelConverter, frameData: [[Range<Int>]]) {
        guard PNGCodec.recognizes(Array(bytes.prefix(8))[...]) else {
            throw ZoetropeError(.malformed, format: .png, offset: 0, "not a PNG signature")
        }
        let (chunks, walkProblem) = PNGChunk.walk(bytes)
        let header = try readHeader(chunks, bytes: bytes, walkProblem: walkProblem)
        var still = try FrameTableBuilder(format: .png, width: header.width, height: header.height,
                                          options: options, offset: 8)
        var scan = try PNGChunkScan(chunks, bytes: bytes, header: header, options: options)
        if let walkProblem { scan.warnings.append(walkProblem) }
        guard let firstIDAT = scan.idat.first else {
            // A damaged chunk before any IDAT hides the rest of the file: report that, not a missing IDAT.
            if let walkProblem { throw walkProblem }
            throw ZoetropeError(.malformed, format: .png, offset: 8, "no IDAT chunk: the file has no image data")
        }
        if header.colorType == .palette && scan.plte == nil {
            throw ZoetropeError(.malformed, format: .png, offset: 8, "palette image without a PLTE chunk")
        }
        let converter = PNGPixelConverter(header: header, plte: scan.plte.map { Array(bytes[$0])[...] },
                                          trns: scan.trns.map { Array(bytes[$0])[...] })
        if let (animated, data) = animation(&scan, truncated: walkProblem?.kind == .truncated,
                                            hasTransparency: converter.hasTransparency) {
            return (.apng, animated, converter, data)
        }
        let canvas = PixelRect(x: 0, y: 0, width: header.width, height: header.height)
        _ = try still.admit(canvas, offset: firstIDAT.lowerBound - 8)
        still.append(FrameInfo(rect: canvas, disposal: .none, storedDisposal: 0, blend: .source,
                               hasTransparency: converter.hasTransparency, isInterlaced: header.isInterlaced,
                               storedDuration: nil, duration: .zero, offset: firstIDAT.lowerBound - 8,
                               compression: .deflate))
        scan.warnings.forEach { still.warn($0) }
        let table = try still.finish(storedLoopCount: nil, rule: .plays, endOffset: bytes.count)
        return (scan.animation == nil ? .png : .apng, table, converter, [scan.idat])
    }

    /// The `IHDR` chunk's fields, which must come first with a valid CRC.
    private static func readHeader(_ chunks: [PNGChunk], bytes: ByteView,
                                   walkProblem: ZoetropeError?) throws(ZoetropeError) -> PNGHeader {
        guard let first = chunks.first, first.type == PNGChunk.ihdr, !first.isTruncated else {
            throw walkProblem ?? ZoetropeError(.malformed, format: .png, offset: 8, "the first chunk is not IHDR")
        }
        guard first.isCRCValid else {
            throw ZoetropeError(.checksumMismatch, format: .png, offset: first.offset, "IHDR CRC does not match")
        }
        return try PNGHeader(chunk: Array(bytes[first.data])[...], offset: first.offset)
    }

    /// The animation's frame table and data, or `nil` for a still PNG and for a broken animation
    /// (which shows the still default image, with a warning added to the scan's).
    private static func animation(_ scan: inout PNGChunkScan, truncated: Bool,
                                  hasTransparency: Bool) -> (FrameTable, [[Range<Int>]])? {
        guard var animation = scan.animation else { return nil }
        switch animation.finish(fileTruncated: truncated, idat: scan.idat, hasTransparency: hasTransparency) {
        case .animated(var table, let data):
            table.warnings = scan.warnings + table.warnings
            return (table, data)
        case .broken(let reason, let warnings):
            scan.warnings += warnings
            scan.warnings.append(ZoetropeError(.malformed, format: .apng, offset: animation.offset,
                                               "broken animation (\(reason)): showing the still default image"))
            return nil
        }
    }

    func decodeFrame(at index: Int) throws(ZoetropeError) -> DecodedFrame {
        let rect = table.frames[index].rect
        let decoder = PNGFrameDecoder(converter: converter, width: rect.width, height: rect.height)
        let pieces = frameData[index]
        var decoded = try bytes.withView { (view) throws(ZoetropeError) in try decoder.decode(view, pieces: pieces) }
        // Without alpha or tRNS every sample converts to alpha 255.
        decoded.isOpaque = !converter.hasTransparency
        return decoded
    }
}
