/// Walks a WebP file's RIFF chunks and builds its frame table without decoding pixels, following
/// libwebp's demuxer: the simple forms (one `VP8 ` or `VP8L` chunk) and the extended form (`VP8X`
/// with `ICCP`, `ANIM`, `ANMF`, `ALPH`, `EXIF`, `XMP `; unknown chunks skipped).
///
/// Sizes are checked against the data present: a file cut short keeps the frames before the cut,
/// with a warning; damage before the first frame throws.
struct WebPParser {
    /// The file, while it is walked (the parser does not outlive the walk).
    let bytes: ByteView
    /// Where the RIFF data ends: its declared end, or the end of the bytes if that comes first.
    let end: Int
    var table: FrameTableBuilder
    var records: [WebPFrameRecord] = []
    private(set) var storedLoopCount: Int?
    private(set) var metadata = ImageMetadata.none
    private var isAnimated = false
    private var seenAnimationHeader = false

    /// Parses `bytes`.
    /// - Throws: when the RIFF header or first chunk is damaged, a limit is exceeded, or no frame
    ///   can be found.
    init(bytes: ByteView, options: DecodingOptions) throws(ZoetropeError) {
        guard WebPCodec.recognizes(Array(bytes.prefix(12))[...]) else {
            throw ZoetropeError(.unrecognizedFormat, format: .webp, offset: 0, "not a RIFF WEBP signature")
        }
        let riffSize = Int(WebPBytes.littleEndian32(bytes, 4))
        guard riffSize >= 12 else {
            throw ZoetropeError(.malformed, format: .webp, offset: 4, "RIFF size \(riffSize) is too small for a WebP file")
        }
        self.bytes = bytes
        end = min(bytes.count, 8 + riffSize)
        guard let first = RIFFChunk.read(bytes, at: 12, end: end) else {
            throw ZoetropeError(.truncated, format: .webp, offset: 12, "the file ends before its first chunk")
        }
        if first.fourCC == RIFFChunk.vp8x {
            table = try Self.extendedTable(first, bytes: bytes, options: options)
            isAnimated = bytes[first.payload.lowerBound] & 0x02 != 0
            try walkExtended(from: first.end)
        } else if first.fourCC == RIFFChunk.vp8 || first.fourCC == RIFFChunk.vp8l {
            let record = try WebPFrameRecord(image: first, alpha: nil, bytes: bytes)
            table = try FrameTableBuilder(format: .webp, width: record.size.width, height: record.size.height,
                                          options: options, offset: first.offset)
            try addStill(record, offset: first.offset, truncated: first.isTruncated)
        } else {
            throw ZoetropeError(.malformed, format: .webp, offset: 12,
                                "the first chunk is \(first.name), not VP8, VP8L or VP8X")
        }
        if 8 + riffSize > bytes.count {
            try table.recordDamage(ZoetropeError(.truncated, format: .webp, offset: bytes.count,
                                                 "the file ends \(8 + riffSize - bytes.count) bytes before its RIFF size says"))
        }
    }

    /// The finished frame table.
    func finish() throws(ZoetropeError) -> FrameTable {
        try table.finish(storedLoopCount: storedLoopCount, rule: .plays, metadata: metadata, endOffset: end)
    }

    /// The frame table of an extended file, from its `VP8X` chunk: flags and canvas size.
    private static func extendedTable(_ chunk: RIFFChunk, bytes: ByteView,
                                      options: DecodingOptions) throws(ZoetropeError) -> FrameTableBuilder {
        guard chunk.payload.count >= 10, chunk.declaredSize >= 10 else {
            throw ZoetropeError(.malformed, format: .webp, offset: chunk.offset, "VP8X chunk too short")
        }
        let start = chunk.payload.lowerBound
        let width = WebPBytes.littleEndian24(bytes, start + 4) + 1
        let height = WebPBytes.littleEndian24(bytes, start + 7) + 1
        return try FrameTableBuilder(format: .webp, width: width, height: height, options: options, offset: chunk.offset)
    }

    /// Walks the chunks after `VP8X`. Damage after the first frame ends the walk with a warning.
    private mutating func walkExtended(from start: Int) throws(ZoetropeError) {
        var offset = start
        while let chunk = RIFFChunk.read(bytes, at: offset, end: end), !table.isClosed {
            do {
                offset = try take(chunk)
            } catch {
                try table.recordDamage(error)
                return
            }
            if chunk.isTruncated { return }
        }
        if records.isEmpty {
            throw ZoetropeError(.malformed, format: .webp, offset: offset,
                                isAnimated ? "an animated WebP without frames" : "no VP8 or VP8L image chunk")
        }
    }

    /// Takes one top-level chunk; returns where the walk goes on.
    private mutating func take(_ chunk: RIFFChunk) throws(ZoetropeError) -> Int {
        switch chunk.fourCC {
        case RIFFChunk.anim:
            guard chunk.payload.count >= 6 else { throw truncatedOrShort(chunk, "ANIM") }
            if !seenAnimationHeader {
                seenAnimationHeader = true
                // The background colour is a hint browsers ignore; only the loop count counts.
                storedLoopCount = WebPBytes.littleEndian16(bytes, chunk.payload.lowerBound + 4)
            }
        case RIFFChunk.anmf:
            guard seenAnimationHeader else {
                throw ZoetropeError(.malformed, format: .webp, offset: chunk.offset, "ANMF before ANIM")
            }
            // libwebp's demuxer goes on after the frame's image chunks, not at the end the ANMF
            // declares: bytes the ANMF declares beyond its image are read as chunks of their own.
            if isAnimated { return try addAnimationFrame(chunk) }
        case RIFFChunk.alph, RIFFChunk.vp8, RIFFChunk.vp8l:
            guard !isAnimated else {
                throw ZoetropeError(.malformed, format: .webp, offset: chunk.offset,
                                    "\(chunk.name) outside ANMF in an animated file")
            }
            return try addExtendedStill(startingWith: chunk)
        case RIFFChunk.iccp: metadata.hasICCProfile = true
        case RIFFChunk.exif: metadata.hasEXIF = true
        case RIFFChunk.xmp: metadata.hasXMP = true
        case RIFFChunk.vp8x:
            throw ZoetropeError(.malformed, format: .webp, offset: chunk.offset, "a second VP8X chunk")
        default:
            break // unknown chunks are skipped
        }
        return chunk.end
    }

    func truncatedOrShort(_ chunk: RIFFChunk, _ what: String) -> ZoetropeError {
        chunk.isTruncated
            ? ZoetropeError(.truncated, format: .webp, offset: chunk.offset, "the file ends inside the \(what) chunk")
            : ZoetropeError(.malformed, format: .webp, offset: chunk.offset, "\(what) chunk too short")
    }
}
