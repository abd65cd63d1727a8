/// Decodes the macroblock rows of one frame: modes from the first partition, tokens from the
/// row's partition, reconstruction into the row cache ``VP8Planes``, the loop filter over the
/// finished row, then conversion to RGBA of the rows that are final.
///
/// A row is kept only if both its partitions still had data at its end, as libwebp decides: a
/// reader that needed bytes past its partition marks the row (and everything after) as damaged.
@unsafe struct VP8FrameDecoder {
    private let header: VP8FrameHeader
    private var modeReader: VP8BoolDecoder
    private var tokenReaders: [VP8BoolDecoder]
    private var modeParser: VP8ModeParser
    private var residuals: VP8ResidualDecoder
    private var macroblocks: VP8MacroblockDecoder
    /// Per segment and 16×16/4×4 prediction; empty when the frame is not filtered.
    private let filterStrengths: [[VP8FilterStrength]]
    private let columns: Int
    private let rows: Int
    /// Rows fully decoded (and filtered) so far.
    private(set) var completedMacroblockRows = 0
    private var converter: ChromaUpsampler

    // Per-row and per-macroblock scratch, allocated once.
    private var modes: [VP8MacroblockModes]
    private var subblockModes: [VP8PredictionMode]
    private var strengths: [VP8FilterStrength]
    private var coefficients = [Int16](repeating: 0, count: 384)
    private var blockCodes = [UInt8](repeating: 0, count: 24)

    /// A decoder for the frame whose header was parsed from `bytes`; use it while `bytes` is alive.
    /// `alpha` and `skipsClear` are the conversion's (``ChromaUpsampler``).
    init(header: VP8FrameHeader, modeReader: VP8BoolDecoder, bytes: UnsafeBufferPointer<UInt8>,
         upsampling: VP8ChromaUpsampling, alpha: [UInt8] = [], skipsClear: Bool = false) {
        unsafe self.header = header
        unsafe self.modeReader = modeReader
        unsafe columns = (header.tag.width + 15) >> 4
        unsafe rows = (header.tag.height + 15) >> 4
        unsafe tokenReaders = header.tokenPartitions.map { unsafe VP8BoolDecoder(bytes, range: $0) }
        unsafe modeParser = VP8ModeParser(macroblockColumns: columns, segmentation: header.segmentation,
                                   skipProbability: header.skipProbability)
        unsafe residuals = VP8ResidualDecoder(macroblockColumns: columns, probabilities: header.coefficientProbabilities)
        unsafe macroblocks = VP8MacroblockDecoder(macroblockColumns: columns)
        unsafe filterStrengths = header.filter.level == 0 ? [] : VP8FilterStrength.table(header.filter, segmentation: header.segmentation)
        unsafe modes = [VP8MacroblockModes](repeating: VP8MacroblockModes(), count: columns)
        unsafe subblockModes = [VP8PredictionMode](repeating: .dc, count: columns * 16)
        unsafe strengths = [VP8FilterStrength](repeating: VP8FilterStrength(), count: columns)
        unsafe converter = ChromaUpsampler(width: header.tag.width, upsampling: upsampling, alpha: alpha, skipsClear: skipsClear)
    }

    /// Decodes every row into `output` (RGBA, the frame's size); returns the damage that stopped it
    /// early, if any, and how many rows of the picture were decoded. Every byte of `output` is
    /// written: rows never reached are left transparent (zero).
    mutating func decode(into output: UnsafeMutableBufferPointer<UInt8>) -> (damage: ZoetropeError?, decodedRows: Int) {
        let destination = output.baseAddress!, rowBytes = unsafe header.tag.width * 4
        var damage: ZoetropeError?
        for y in unsafe 0..<rows {
            damage = unsafe decodeRow(y)
            if damage != nil { break }
            unsafe filterRow(y)
            unsafe completedMacroblockRows = y + 1
            if unsafe y == rows - 1 { break }
            // The next row's loop filter can still change this row's last few samples.
            unsafe converter.emit(from: macroblocks.planes, finalRows: 16 * y + 8, isComplete: false, into: destination)
            unsafe macroblocks.planes.advance()
        }
        let decodedRows = unsafe min(header.tag.height, completedMacroblockRows * 16)
        // The picture ends after the last decoded row (the bottom when nothing was damaged).
        unsafe converter.emit(from: macroblocks.planes, finalRows: decodedRows, isComplete: true, into: destination)
        unsafe (destination + decodedRows * rowBytes).initialize(repeating: 0, count: (header.tag.height - decodedRows) * rowBytes)
        return (damage, decodedRows)
    }

    private mutating func filterRow(_ y: Int) {
        guard unsafe !filterStrengths.isEmpty else { return }
        #if DEBUG
        // Unoptimised, the planes' storage is taken once for the row rather than per macroblock.
        if unsafe !header.filter.isSimple {
            unsafe strengths.withUnsafeBufferPointer { strengths in
                unsafe VP8LoopFilter.filterMacroblocksTwin(from: 0, y: y, strengths: strengths, planes: &macroblocks.planes)
            }
            return
        }
        #endif
        for x in unsafe 0..<columns {
            unsafe VP8LoopFilter.filterMacroblock(x: x, y: y, strength: strengths[x], isSimple: header.filter.isSimple,
                                           planes: &macroblocks.planes)
        }
    }

    /// Parses, reads and reconstructs row `y` (unfiltered), or says why it cannot be trusted.
    private mutating func decodeRow(_ y: Int) -> ZoetropeError? {
        unsafe modeParser.parseRow(&modeReader, into: &modes, subblockModes: &subblockModes)
        if unsafe modeReader.isPastEnd {
            return unsafe ZoetropeError(.truncated, format: .webp, offset: modeReader.end,
                                 "VP8 first partition ends before macroblock row \(y)")
        }
        let partition = unsafe y & (tokenReaders.count - 1)
        var tokens = unsafe tokenReaders[partition]
        defer { unsafe tokenReaders[partition] = tokens }
        unsafe residuals.startRow()
        unsafe macroblocks.startRow(y)
        for x in unsafe 0..<columns {
            let hasCoefficients = unsafe decodeResiduals(x: x, tokens: &tokens)
            if unsafe tokens.isPastEnd {
                return unsafe ZoetropeError(.truncated, format: .webp, offset: tokens.end,
                                     "VP8 token partition \(partition) ends inside macroblock row \(y)")
            }
            if unsafe !filterStrengths.isEmpty {
                // Inner edges are filtered for 4×4 prediction and whenever there is a residual.
                unsafe strengths[x] = filterStrengths[modes[x].segment][modes[x].usesSubblocks ? 1 : 0]
                unsafe strengths[x].filtersInnerEdges = strengths[x].filtersInnerEdges || hasCoefficients
            }
            #if DEBUG // unoptimised, a `withUnsafeBufferPointer` costs hundreds of instructions: pointer arguments instead
            unsafe macroblocks.reconstruct(x: x, y: y, modes: modes[x], subblockModes: subblockModes[(x * 16)..<(x * 16 + 16)],
                                           coefficients: coefficients, blockCodes: blockCodes)
            #else
            unsafe coefficients.withUnsafeBufferPointer { coefficientBuffer in
                unsafe blockCodes.withUnsafeBufferPointer { codeBuffer in
                    unsafe macroblocks.reconstruct(x: x, y: y, modes: modes[x], subblockModes: subblockModes[(x * 16)..<(x * 16 + 16)],
                                            coefficients: coefficientBuffer.baseAddress!, blockCodes: codeBuffer.baseAddress!)
                }
            }
            #endif
        }
        return nil
    }

    /// Reads one macroblock's coefficients (or notes that it has none); returns whether any block
    /// has something to add.
    private mutating func decodeResiduals(x: Int, tokens: inout VP8BoolDecoder) -> Bool {
        let modes = unsafe self.modes[x]
        if unsafe header.skipProbability != nil && modes.skipsCoefficients {
            unsafe residuals.skipMacroblock(column: x, usesSubblocks: modes.usesSubblocks)
            for i in 0..<24 { unsafe blockCodes[i] = 0 }
            return false
        }
        let quant = unsafe header.quantMatrices[modes.segment]
        #if DEBUG // unoptimised, a `withUnsafeMutableBufferPointer` costs hundreds of instructions: pointer arguments instead
        return unsafe residuals.decodeMacroblock(column: x, usesSubblocks: modes.usesSubblocks, quant: quant, reader: &tokens,
                                                 coefficients: &coefficients, blockCodes: &blockCodes)
        #else
        return unsafe coefficients.withUnsafeMutableBufferPointer { coefficientBuffer in
            unsafe blockCodes.withUnsafeMutableBufferPointer { codeBuffer in
                unsafe residuals.decodeMacroblock(column: x, usesSubblocks: modes.usesSubblocks, quant: quant, reader: &tokens,
                                           coefficients: coefficientBuffer.baseAddress!, blockCodes: codeBuffer.baseAddress!)
            }
        }
        #endif
    }
}
