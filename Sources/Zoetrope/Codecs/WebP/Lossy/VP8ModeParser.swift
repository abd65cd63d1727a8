/// What the first partition says about one macroblock (RFC 6386 sections 10–11).
struct VP8MacroblockModes: Sendable {
    var segment = 0
    /// The macroblock's "no non-zero coefficient" flag (only meaningful when the frame codes it).
    var skipsCoefficients = false
    /// Whether luma is predicted per 4×4 block (modes in the row's subblock list) or as one 16×16.
    var usesSubblocks = false
    var lumaMode = VP8PredictionMode.dc
    var chromaMode = VP8PredictionMode.dc
}

/// Reads the per-macroblock modes of one row from the first partition.
///
/// The 4×4 luma modes are coded with probabilities that depend on the modes of the blocks above
/// and to the left, so the parser keeps the bottom modes of the row above and the right-hand
/// modes of the macroblock to the left. A 16×16 macroblock counts as four blocks of its own mode
/// (its numbering matches the 4×4 modes DC, TM, V, H), and outside the image the context is DC.
struct VP8ModeParser {
    private var aboveModes: [UInt8]
    private var leftModes: [UInt8] = [0, 0, 0, 0]
    private let segmentation: VP8Segmentation
    private let skipProbability: UInt8?

    init(macroblockColumns: Int, segmentation: VP8Segmentation, skipProbability: UInt8?) {
        aboveModes = [UInt8](repeating: 0, count: macroblockColumns * 4)
        self.segmentation = segmentation
        self.skipProbability = skipProbability
    }

    /// Parses a whole row: `modes[x]` for each macroblock and its 16 luma modes (raster order)
    /// in `subblockModes[16x ..< 16x+16]`.
    mutating func parseRow(_ reader: inout VP8BoolDecoder, into modes: inout [VP8MacroblockModes],
                           subblockModes: inout [VP8PredictionMode]) {
        for i in 0..<4 { leftModes[i] = 0 }
        for x in 0..<modes.count {
            modes[x] = unsafe parseMacroblock(&reader, column: x, subblockModes: &subblockModes)
        }
    }

    private mutating func parseMacroblock(_ reader: inout VP8BoolDecoder, column: Int,
                                          subblockModes: inout [VP8PredictionMode]) -> VP8MacroblockModes {
        var modes = VP8MacroblockModes()
        if segmentation.updatesMap {
            let p = segmentation.mapProbabilities
            modes.segment = unsafe !reader.readBit(p[0]) ? (reader.readBit(p[1]) ? 1 : 0) : (reader.readBit(p[2]) ? 3 : 2)
        }
        if let skipProbability { modes.skipsCoefficients = unsafe reader.readBit(skipProbability) }
        modes.usesSubblocks = unsafe !reader.readBit(145)
        if modes.usesSubblocks {
            unsafe parseSubblockModes(&reader, column: column, into: &subblockModes)
        } else {
            let mode: VP8PredictionMode = unsafe reader.readBit(156)
                ? (reader.readBit(128) ? .trueMotion : .horizontal)
                : (reader.readBit(163) ? .vertical : .dc)
            modes.lumaMode = mode
            for i in 0..<4 {
                aboveModes[column * 4 + i] = mode.rawValue
                leftModes[i] = mode.rawValue
            }
        }
        modes.chromaMode = unsafe !reader.readBit(142) ? .dc
            : !reader.readBit(114) ? .vertical
            : reader.readBit(183) ? .trueMotion : .horizontal
        return modes
    }

    private mutating func parseSubblockModes(_ reader: inout VP8BoolDecoder, column: Int,
                                             into subblockModes: inout [VP8PredictionMode]) {
        for y in 0..<4 {
            var left = leftModes[y]
            for x in 0..<4 {
                let above = aboveModes[column * 4 + x]
                let mode = unsafe Self.readSubblockMode(&reader, probabilityOffset: (Int(above) * 10 + Int(left)) * 9)
                subblockModes[column * 16 + y * 4 + x] = mode
                aboveModes[column * 4 + x] = mode.rawValue
                left = mode.rawValue
            }
            leftModes[y] = left
        }
    }

    /// The 4×4 mode tree of RFC 6386 section 11.2, walked with the nine context probabilities.
    private static func readSubblockMode(_ reader: inout VP8BoolDecoder, probabilityOffset o: Int) -> VP8PredictionMode {
        let p = VP8Tables.subblockModeProbabilities
        if unsafe !reader.readBit(p[o]) { return .dc }
        if unsafe !reader.readBit(p[o + 1]) { return .trueMotion }
        if unsafe !reader.readBit(p[o + 2]) { return .vertical }
        if unsafe !reader.readBit(p[o + 3]) {
            if unsafe !reader.readBit(p[o + 4]) { return .horizontal }
            return unsafe reader.readBit(p[o + 5]) ? .verticalRight : .downRight
        }
        if unsafe !reader.readBit(p[o + 6]) { return .downLeft }
        if unsafe !reader.readBit(p[o + 7]) { return .verticalLeft }
        return unsafe reader.readBit(p[o + 8]) ? .horizontalUp : .horizontalDown
    }
}
