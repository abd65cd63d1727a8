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
    ///
    /// The row is parsed on raw pointers with the reader in a local variable (kept in registers;
    /// an `inout` reader is written back and re-read around every bit).
    mutating func parseRow(_ sharedReader: inout VP8BoolDecoder, into modes: inout [VP8MacroblockModes],
                           subblockModes: inout [VP8PredictionMode]) {
        precondition(subblockModes.count >= modes.count * 16 && aboveModes.count >= modes.count * 4,
                     "mode rows shorter than the macroblock row")
        var reader = unsafe sharedReader
        defer { unsafe sharedReader = reader }
        let segmentation = self.segmentation, skipProbability = self.skipProbability
        unsafe leftModes.withUnsafeMutableBufferPointer { left in
            unsafe aboveModes.withUnsafeMutableBufferPointer { above in
                unsafe subblockModes.withUnsafeMutableBufferPointer { subblocks in
                    unsafe VP8Tables.subblockModeProbabilities.withUnsafeBufferPointer { probabilities in
                        let context = unsafe ModeContext(left: left.baseAddress!, above: above.baseAddress!,
                                                         subblocks: subblocks.baseAddress!,
                                                         probabilities: probabilities.baseAddress!)
                        unsafe context.left.update(repeating: 0, count: 4)
                        for x in 0..<modes.count {
                            modes[x] = unsafe Self.parseMacroblock(&reader, column: x, context, segmentation: segmentation,
                                                                   skipProbability: skipProbability)
                        }
                    }
                }
            }
        }
    }

    /// Pointers ``parseRow(_:into:subblockModes:)`` works with: the 4 left and the row's
    /// above contexts, the row's 4×4 modes and the 4×4 mode probabilities.
    @unsafe private struct ModeContext {
        let left: UnsafeMutablePointer<UInt8>
        let above: UnsafeMutablePointer<UInt8>
        let subblocks: UnsafeMutablePointer<VP8PredictionMode>
        let probabilities: UnsafePointer<UInt8>
    }

    @inline(__always)
    private static func parseMacroblock(_ reader: inout VP8BoolDecoder, column: Int, _ context: ModeContext,
                                        segmentation: VP8Segmentation, skipProbability: UInt8?) -> VP8MacroblockModes {
        var modes = VP8MacroblockModes()
        if segmentation.updatesMap {
            let p = segmentation.mapProbabilities
            modes.segment = unsafe !reader.readBit(p[0]) ? (reader.readBit(p[1]) ? 1 : 0) : (reader.readBit(p[2]) ? 3 : 2)
        }
        if let skipProbability { modes.skipsCoefficients = unsafe reader.readBit(skipProbability) }
        modes.usesSubblocks = unsafe !reader.readBit(145)
        let above = unsafe context.above + column * 4
        if modes.usesSubblocks {
            let target = unsafe context.subblocks + column * 16
            for y in 0..<4 {
                var left = unsafe context.left[y]
                for x in 0..<4 {
                    let offset = (Int(unsafe above[x]) &* 10 &+ Int(left)) &* 9
                    let mode = unsafe readSubblockMode(&reader, context.probabilities + offset)
                    unsafe target[y &* 4 &+ x] = mode
                    unsafe above[x] = mode.rawValue
                    left = mode.rawValue
                }
                unsafe context.left[y] = left
            }
        } else {
            let mode: VP8PredictionMode = unsafe reader.readBit(156)
                ? (reader.readBit(128) ? .trueMotion : .horizontal)
                : (reader.readBit(163) ? .vertical : .dc)
            modes.lumaMode = mode
            unsafe above.update(repeating: mode.rawValue, count: 4)
            unsafe context.left.update(repeating: mode.rawValue, count: 4)
        }
        modes.chromaMode = unsafe !reader.readBit(142) ? .dc
            : !reader.readBit(114) ? .vertical
            : reader.readBit(183) ? .trueMotion : .horizontal
        return modes
    }

    #if !DEBUG
    /// The 4×4 mode tree of RFC 6386 section 11.2, walked with the nine context probabilities at `p`
    /// (modes are below 10, so a context's nine lie within the table).
    @inline(__always)
    private static func readSubblockMode(_ reader: inout VP8BoolDecoder, _ p: UnsafePointer<UInt8>) -> VP8PredictionMode {
        unsafe readSubblockModePerBit(&reader, p)
    }
    #endif

    /// ``readSubblockMode(_:_:)`` with a call per bit, as optimised builds run it (inlined into
    /// one walk of the tree over a reader kept in registers).
    @inline(__always)
    static func readSubblockModePerBit(_ reader: inout VP8BoolDecoder, _ p: UnsafePointer<UInt8>) -> VP8PredictionMode {
        if unsafe !reader.readBit(p[0]) { return .dc }
        if unsafe !reader.readBit(p[1]) { return .trueMotion }
        if unsafe !reader.readBit(p[2]) { return .vertical }
        if unsafe !reader.readBit(p[3]) {
            if unsafe !reader.readBit(p[4]) { return .horizontal }
            return unsafe reader.readBit(p[5]) ? .verticalRight : .downRight
        }
        if unsafe !reader.readBit(p[6]) { return .downLeft }
        if unsafe !reader.readBit(p[7]) { return .verticalLeft }
        return unsafe reader.readBit(p[8]) ? .horizontalUp : .horizontalDown
    }
}

#if DEBUG
extension VP8ModeParser {
    /// Debug builds' ``readSubblockModePerBit(_:_:)``: one loop over the tree with the reader's
    /// interval in local variables (unoptimised, a call per bit zeroes nine locals with a `memset`
    /// call each). `node` is a node of the tree below 16, a mode + 16 at a leaf; each node's
    /// children for a 0 and a 1 bit are packed 5 bits a node. The tests compare the two.
    @_transparent
    static func readSubblockMode(_ reader: inout VP8BoolDecoder, _ p: UnsafePointer<UInt8>) -> VP8PredictionMode {
        var bits = unsafe reader.interval, node = 0
        while node < 16 {
            node = unsafe (readBit(p[node], &bits, refilling: &reader) ? 0x1941_ea53_0c41 : 0x18bd_a932_4a30) &>> (node &* 5) & 31
        }
        unsafe reader.interval = bits
        return VP8PredictionMode(rawValue: UInt8(truncatingIfNeeded: node &- 16)) ?? .dc
    }

    /// ``VP8BoolDecoder/readBit(_:)`` on `bits`, the interval taken from `reader` (refilled from it
    /// when dry): the same arithmetic, with the renormalisation computed rather than looked up.
    /// In this file so that the loop above inlines it (an unoptimised build inlines a
    /// `@_transparent` function only into callers in the same file).
    @_transparent
    private static func readBit(_ probability: UInt8, _ bits: inout VP8BoolDecoder.Interval,
                                refilling reader: inout VP8BoolDecoder) -> Bool {
        if bits.bitCount < 0 { unsafe reader.refill(&bits) }
        let position = UInt64(truncatingIfNeeded: bits.bitCount)
        let split = (bits.range &* UInt32(probability)) &>> 8
        let bit = UInt32(truncatingIfNeeded: bits.value &>> position) > split
        let size = bit ? bits.range &- split : split &+ 1
        bits.value &-= bit ? UInt64(split &+ 1) &<< position : 0
        let shift = size.leadingZeroBitCount ^ 24
        bits.range = (size &<< UInt32(truncatingIfNeeded: shift)) &- 1
        bits.bitCount &-= shift
        return bit
    }
}
#endif
