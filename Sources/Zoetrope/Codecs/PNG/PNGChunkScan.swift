/// The one pass over a PNG file's chunks after `IHDR`: where the palette, transparency and image
/// data lie, and the animation chunks handed to an ``APNGAnimationBuilder``.
struct PNGChunkScan {
    var plte: Range<Int>?
    var trns: Range<Int>?
    /// The `IDAT` payloads, in order.
    var idat: [Range<Int>] = []
    /// The animation, when an `acTL` precedes the first `IDAT`.
    var animation: APNGAnimationBuilder?
    var warnings: [ZoetropeError] = []

    /// Scans `chunks` (the first is `IHDR`).
    /// - Throws: a critical chunk with a bad CRC, or an unknown critical chunk.
    init(_ chunks: [PNGChunk], bytes: ByteView, header: PNGHeader, options: DecodingOptions) throws(ZoetropeError) {
        // The file is animated when an acTL precedes the first IDAT (fcTL may come before acTL).
        let firstIDAT = chunks.firstIndex { $0.type == PNGChunk.idat } ?? chunks.endIndex
        let animationControl = chunks[..<firstIDAT].first { $0.type == PNGChunk.actl && $0.isCRCValid }
        if let animationControl {
            animation = try APNGAnimationBuilder(bytes: bytes, chunk: animationControl, canvas: header, options: options)
        }
        for chunk in chunks.dropFirst() {
            // The file ends inside this chunk: only image data is worth keeping from it.
            if chunk.isTruncated && chunk.type != PNGChunk.idat && chunk.type != PNGChunk.fdat { break }
            if !chunk.isCRCValid && !chunk.isTruncated {
                if chunk.type == PNGChunk.iend { break }
                try skipCorrupt(chunk)
                continue
            }
            try take(chunk, animationControlOffset: animationControl?.offset)
        }
    }

    /// A chunk whose CRC does not match: fatal when critical, skipped with a warning otherwise.
    private mutating func skipCorrupt(_ chunk: PNGChunk) throws(ZoetropeError) {
        if chunk.isCritical {
            throw ZoetropeError(.checksumMismatch, format: .png, offset: chunk.offset, "\(chunk.name) CRC does not match")
        }
        warnings.append(ZoetropeError(.checksumMismatch, format: .png, offset: chunk.offset,
                                      "\(chunk.name) CRC does not match; chunk skipped"))
    }

    private mutating func take(_ chunk: PNGChunk, animationControlOffset: Int?) throws(ZoetropeError) {
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
                warnings.append(ZoetropeError(.malformed, format: .png, offset: chunk.offset,
                                              "acTL after IDAT ignored: the image is not animated"))
            } else if chunk.offset != animationControlOffset {
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
}
