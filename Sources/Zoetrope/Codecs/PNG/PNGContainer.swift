/// PNG and APNG container: walks the chunks once (checking CRCs, recording where the image data
/// lies) and decodes a frame's pixels only when asked.
///
/// APNG rules: an `acTL` before the first `IDAT` makes the file animated; `fcTL` and `fdAT`
/// sequence numbers must run 0, 1, 2, … without gaps; dispose op PREVIOUS on the first frame acts as
/// BACKGROUND; the `IDAT` image is frame 0 only when an `fcTL` precedes it. A broken animation
/// (sequence errors, a frame count different from `acTL`'s, invalid `fcTL` fields, frames without
/// data) falls back to the still default image with a warning, as browsers do.
struct PNGContainer: ImageContainer {
    let format: ImageFormat
    let canvasSize: PixelSize
    let frames: [FrameInfo]
    let storedLoopCount: Int?
    let playCount: PlayCount
    let warnings: [ZoetropeError]

    private let bytes: [UInt8]
    private let header: PNGHeader
    private let converter: PNGPixelConverter
    /// Where each frame's zlib stream lies (the `IDAT` payloads, or `fdAT` payloads after the
    /// sequence number).
    private let frameData: [[Range<Int>]]

    init(bytes: [UInt8], options: DecodingOptions) throws(ZoetropeError) {
        guard bytes.count >= 8, bytes[0..<8].elementsEqual(ImageFormat.pngSignature) else {
            throw ZoetropeError(.malformed, format: .png, offset: 0, "not a PNG signature")
        }
        let (chunks, walkProblem) = PNGChunk.walk(bytes)
        guard let first = chunks.first, first.type == PNGChunk.ihdr, !first.isTruncated else {
            throw walkProblem ?? ZoetropeError(.malformed, format: .png, offset: 8, "the first chunk is not IHDR")
        }
        guard first.isCRCValid else {
            throw ZoetropeError(.checksumMismatch, format: .png, offset: first.offset, "IHDR CRC does not match")
        }
        let header = try PNGHeader(chunk: bytes[first.data], offset: first.offset, limits: options.limits)
        guard header.width * header.height <= options.limits.maxTotalDecodedBytes / 4 else {
            throw ZoetropeError(.limitExceeded, format: .png, offset: first.offset,
                                "one decoded image would exceed \(options.limits.maxTotalDecodedBytes) bytes")
        }
        var warnings: [ZoetropeError] = []
        var plte: Range<Int>?
        var trns: Range<Int>?
        var idat: [Range<Int>] = []
        // The file is animated when an acTL precedes the first IDAT (fcTL may come before acTL).
        let firstIDAT = chunks.firstIndex { $0.type == PNGChunk.idat } ?? chunks.endIndex
        let animationControl = chunks[..<firstIDAT].first { $0.type == PNGChunk.actl && $0.isCRCValid }
        var animation = animationControl.map {
            APNGAnimationBuilder(bytes: bytes, chunk: $0, canvas: header, limits: options.limits)
        }
        var animationAfterIDAT = false

        for chunk in chunks.dropFirst() {
            // The file ends inside this chunk: only image data is worth keeping from it.
            if chunk.isTruncated && chunk.type != PNGChunk.idat && chunk.type != PNGChunk.fdat { break }
            if !chunk.isCRCValid && !chunk.isTruncated {
                if chunk.type == PNGChunk.iend { break }
                if chunk.isCritical {
                    throw ZoetropeError(.checksumMismatch, format: .png, offset: chunk.offset,
                                        "\(chunk.name) CRC does not match")
                }
                warnings.append(ZoetropeError(.checksumMismatch, format: .png, offset: chunk.offset,
                                              "\(chunk.name) CRC does not match; chunk skipped"))
                continue
            }
            switch chunk.type {
            case PNGChunk.plte:
                if idat.isEmpty && plte == nil { plte = chunk.data }
            case PNGChunk.trns:
                if idat.isEmpty && trns == nil { trns = chunk.data }
            case PNGChunk.idat:
                if chunk.isTruncated && chunk.data.isEmpty { break }
                if animation?.hasFrameData == true {
                    // IDAT after fdAT: the default image is split around animation chunks.
                    animation?.markBroken("IDAT chunk after fdAT")
                }
                idat.append(chunk.data)
            case PNGChunk.actl:
                if animation == nil {
                    animationAfterIDAT = true
                } else if chunk.offset != animationControl?.offset {
                    // Like libpng-apng and ffmpeg: the first acTL counts, later ones are ignored.
                    warnings.append(ZoetropeError(.malformed, format: .apng, offset: chunk.offset,
                                                  "more than one acTL chunk; the first one counts"))
                }
            case PNGChunk.fctl, PNGChunk.fdat:
                // Without a (valid, early) acTL these chunks are ignored: the file is a still PNG.
                animation?.add(chunk, defaultImageSeen: !idat.isEmpty)
            case PNGChunk.ihdr, PNGChunk.iend:
                break
            default:
                if chunk.isCritical {
                    throw ZoetropeError(.unsupportedFeature, format: .png, offset: chunk.offset,
                                        "unknown critical chunk \(chunk.name)")
                }
            }
        }
        if let walkProblem { warnings.append(walkProblem) }
        if animationAfterIDAT {
            warnings.append(ZoetropeError(.malformed, format: .png, "acTL after IDAT ignored: the image is not animated"))
        }
        guard !idat.isEmpty else {
            throw ZoetropeError(.malformed, format: .png, offset: 8, "no IDAT chunk: the file has no image data")
        }
        if header.colorType == .palette && plte == nil {
            throw ZoetropeError(.malformed, format: .png, offset: 8, "palette image without a PLTE chunk")
        }

        self.bytes = bytes
        self.header = header
        self.converter = PNGPixelConverter(header: header, plte: plte.map { bytes[$0] }, trns: trns.map { bytes[$0] })
        self.canvasSize = PixelSize(width: header.width, height: header.height)
        self.format = animation == nil ? .png : .apng

        let stillFrame = FrameInfo(rect: PixelRect(x: 0, y: 0, width: header.width, height: header.height),
                                   disposal: .none, storedDisposal: 0, blend: .source,
                                   hasTransparency: converter.hasTransparency, isInterlaced: header.isInterlaced,
                                   storedDelay: nil, delay: options.timing.effectiveDelay(nil), offset: idat[0].lowerBound - 8)
        if var animation {
            switch animation.finish(fileTruncated: walkProblem?.kind == .truncated, idat: idat,
                                    hasTransparency: converter.hasTransparency, options: options) {
            case .animated(let animated):
                warnings += animation.warnings
                self.frames = animated.frames
                self.frameData = animated.data
                self.storedLoopCount = animated.numPlays
                self.playCount = animated.numPlays == 0 ? .infinite : .finite(animated.numPlays)
                self.warnings = warnings
                return
            case .broken(let reason):
                warnings += animation.warnings
                warnings.append(ZoetropeError(.malformed, format: .apng, offset: animation.offset,
                                              "broken animation (\(reason)): showing the still default image"))
            }
        }
        self.frames = [stillFrame]
        self.frameData = [idat]
        self.storedLoopCount = nil
        self.playCount = .finite(1)
        self.warnings = warnings
    }

    func decodeFrame(at index: Int) throws(ZoetropeError) -> DecodedFrame {
        guard frames.indices.contains(index) else {
            throw ZoetropeError(.invalidArgument, format: format, "frame index \(index) is outside 0..<\(frames.count)")
        }
        let rect = frames[index].rect
        let pieces = frameData[index]
        let decoder = PNGFrameDecoder(converter: converter, width: rect.width, height: rect.height)
        return try decoder.decode(bytes, pieces: pieces)
    }
}
