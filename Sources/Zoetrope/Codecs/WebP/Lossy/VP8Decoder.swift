/// How the 4:2:0 chroma of a lossy WebP is brought to full resolution.
enum VP8ChromaUpsampling: Sendable {
    /// libwebp's default 9:3:3:1 interpolation.
    case fancy
    /// One chroma sample per 2×2 block, as `dwebp -nofancy`.
    case pointSampled
}

/// A decoded VP8 frame: RGBA8, straight alpha (A = 255 everywhere decoded; rows never reached
/// stay 0,0,0,0).
struct VP8DecodedFrame: Sendable {
    var image: RGBAImage
    /// Set when the data ran out partway: the rows before the damaged macroblock row are kept.
    var damage: ZoetropeError?
}

/// Decoder of the lossy bitstream in a WebP `VP8 ` chunk: one VP8 key frame (RFC 6386), converted
/// to RGBA exactly as libwebp converts it.
enum VP8Decoder {
    /// Reads only the frame header's size (the 10-byte key-frame header). Cheap.
    static func readSize(_ bytes: [UInt8], payload: Range<Int>) throws(ZoetropeError) -> PixelSize {
        let tag = try VP8FrameTag.parse(bytes, payload: payload)
        return PixelSize(width: tag.width, height: tag.height)
    }

    /// Decodes the key frame in `bytes[payload]`. `maxPixels` is checked before any allocation.
    ///
    /// Throws when the headers are unusable or when not even the first macroblock row decodes;
    /// data that runs out later gives a frame with ``VP8DecodedFrame/damage`` set.
    static func decode(_ bytes: [UInt8], payload: Range<Int>, upsampling: VP8ChromaUpsampling = .fancy,
                       maxPixels: Int) throws(ZoetropeError) -> VP8DecodedFrame {
        let tag = try VP8FrameTag.parse(bytes, payload: payload)
        let (pixels, overflow) = tag.width.multipliedReportingOverflow(by: tag.height)
        guard !overflow, pixels <= maxPixels else {
            throw ZoetropeError(.limitExceeded, format: .webp, offset: payload.lowerBound + 6,
                                "VP8 frame of \(tag.width)×\(tag.height) pixels exceeds the limit of \(maxPixels)")
        }
        // All reading happens inside this scope: the bool decoders point into the buffer.
        let (planes, visibleRows, damage) = try bytes.withUnsafeBufferPointer { buffer throws(ZoetropeError) in
            let (header, modeReader) = try VP8FrameHeader.parse(buffer, payload: payload, tag: tag)
            var frame = VP8FrameDecoder(header: header, modeReader: modeReader, bytes: buffer)
            let damage = frame.decodeRows()
            return (frame.planes, min(tag.height, frame.completedMacroblockRows * 16), damage)
        }
        if let damage, visibleRows == 0 { throw damage }
        let rowBytes = tag.width * 4
        // Every byte is written: decoded rows by the conversion, rows never reached with zeros
        // (transparent). Not zero-filling the whole image first saves a pass over it.
        let rgba = [UInt8](unsafeUninitializedCapacity: rowBytes * tag.height) { buffer, initializedCount in
            (buffer.baseAddress! + rowBytes * visibleRows).initialize(repeating: 0, count: rowBytes * (tag.height - visibleRows))
            ChromaUpsampler.convert(planes, width: tag.width, rows: visibleRows, upsampling: upsampling, into: buffer)
            initializedCount = rowBytes * tag.height
        }
        return VP8DecodedFrame(image: RGBAImage(width: tag.width, height: tag.height, pixels: rgba), damage: damage)
    }
}

/// Decodes the macroblock rows of one frame into ``VP8Planes``: modes from the first partition,
/// tokens from the row's partition, reconstruction, then the loop filter over the finished row.
struct VP8FrameDecoder {
    private let header: VP8FrameHeader
    private var modeReader: VP8BoolDecoder
    private var tokenReaders: [VP8BoolDecoder]
    private var modeParser: VP8ModeParser
    private var residuals: VP8ResidualDecoder
    private var macroblocks: VP8MacroblockDecoder
    private let filterStrengths: [[VP8FilterStrength]]
    private let columns: Int
    private let rows: Int
    /// Rows fully decoded (and filtered) so far.
    private(set) var completedMacroblockRows = 0

    var planes: VP8Planes { macroblocks.planes }

    /// A decoder for the frame whose header was parsed from `bytes`; use it while `bytes` is alive.
    init(header: VP8FrameHeader, modeReader: VP8BoolDecoder, bytes: UnsafeBufferPointer<UInt8>) {
        self.header = header
        self.modeReader = modeReader
        columns = (header.tag.width + 15) >> 4
        rows = (header.tag.height + 15) >> 4
        tokenReaders = header.tokenPartitions.map { VP8BoolDecoder(bytes, range: $0) }
        modeParser = VP8ModeParser(macroblockColumns: columns, segmentation: header.segmentation,
                                   skipProbability: header.skipProbability)
        residuals = VP8ResidualDecoder(macroblockColumns: columns, probabilities: header.coefficientProbabilities)
        macroblocks = VP8MacroblockDecoder(macroblockColumns: columns, rows: rows)
        filterStrengths = header.filter.level == 0 ? [] : VP8FilterStrength.table(header.filter, segmentation: header.segmentation)
    }

    /// Decodes every row; returns the damage that stopped it early, if any.
    mutating func decodeRows() -> ZoetropeError? {
        var modes = [VP8MacroblockModes](repeating: VP8MacroblockModes(), count: columns)
        var subblockModes = [VP8PredictionMode](repeating: .dc, count: columns * 16)
        var coefficients = [Int16](repeating: 0, count: 384)
        var blockCodes = [UInt8](repeating: 0, count: 24)
        var strengths = [VP8FilterStrength](repeating: VP8FilterStrength(), count: columns)
        for y in 0..<rows {
            modeParser.parseRow(&modeReader, into: &modes, subblockModes: &subblockModes)
            if modeReader.isPastEnd {
                return ZoetropeError(.truncated, format: .webp, offset: modeReader.end,
                                     "VP8 first partition ends before macroblock row \(y)")
            }
            let partition = y & (tokenReaders.count - 1)
            var tokens = tokenReaders[partition]
            residuals.startRow()
            macroblocks.startRow(y)
            for x in 0..<columns {
                let hasCoefficients = decodeResiduals(x: x, modes: modes[x], tokens: &tokens,
                                                      coefficients: &coefficients, blockCodes: &blockCodes)
                if tokens.isPastEnd {
                    return ZoetropeError(.truncated, format: .webp, offset: tokens.end,
                                         "VP8 token partition \(partition) ends inside macroblock row \(y)")
                }
                if !filterStrengths.isEmpty {
                    strengths[x] = filterStrengths[modes[x].segment][modes[x].usesSubblocks ? 1 : 0]
                    strengths[x].filtersInnerEdges = strengths[x].filtersInnerEdges || hasCoefficients
                }
                coefficients.withUnsafeBufferPointer { coefficientBuffer in
                    blockCodes.withUnsafeBufferPointer { codeBuffer in
                        macroblocks.reconstruct(x: x, y: y, modes: modes[x], subblockModes: subblockModes[(x * 16)..<(x * 16 + 16)],
                                                coefficients: coefficientBuffer.baseAddress!, blockCodes: codeBuffer.baseAddress!)
                    }
                }
            }
            tokenReaders[partition] = tokens
            if !filterStrengths.isEmpty {
                for x in 0..<columns {
                    VP8LoopFilter.filterMacroblock(x: x, y: y, strength: strengths[x], isSimple: header.filter.isSimple,
                                                   planes: &macroblocks.planes)
                }
            }
            completedMacroblockRows = y + 1
        }
        return nil
    }

    /// Reads one macroblock's coefficients (or notes that it has none); returns whether any block
    /// has something to add, which also decides whether inner edges get filtered.
    private mutating func decodeResiduals(x: Int, modes: VP8MacroblockModes, tokens: inout VP8BoolDecoder,
                                          coefficients: inout [Int16], blockCodes: inout [UInt8]) -> Bool {
        if header.skipProbability != nil && modes.skipsCoefficients {
            residuals.skipMacroblock(column: x, usesSubblocks: modes.usesSubblocks)
            for i in 0..<24 { blockCodes[i] = 0 }
            return false
        }
        let quant = header.quantMatrices[modes.segment]
        return coefficients.withUnsafeMutableBufferPointer { coefficientBuffer in
            blockCodes.withUnsafeMutableBufferPointer { codeBuffer in
                residuals.decodeMacroblock(column: x, usesSubblocks: modes.usesSubblocks, quant: quant, reader: &tokens,
                                           coefficients: coefficientBuffer.baseAddress!, blockCodes: codeBuffer.baseAddress!)
            }
        }
    }
}
