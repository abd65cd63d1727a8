/// Writes a VP8 key frame (RFC 6386 sections 9 and 19): the frame tag and picture header, the
/// first partition (frame header, token probability updates, every macroblock's modes) and the
/// token partitions with their size table. It writes exactly what ``VP8FrameHeader`` and
/// ``VP8ModeParser`` read.
struct VP8FrameWriter {
    var width: Int
    var height: Int
    var segmentation = VP8Segmentation()
    var filter = VP8FilterSettings()
    var baseQuantizer = 0
    var deltas = VP8QuantDeltas()
    /// Present when macroblocks code a "no coefficients" flag.
    var skipProbability: UInt8?

    /// The largest first partition the 19-bit size field holds.
    static let maximumFirstPartitionSize = (1 << 19) - 1

    /// The first partition: header fields, the probabilities in `probabilities` (coded as updates
    /// of the defaults), then each macroblock's modes (`modes`, with 16 4×4 modes per macroblock
    /// in `subblockModes`).
    func firstPartition(probabilities: UnsafePointer<UInt8>, partitionCount: Int, columns: Int,
                        modes: [VP8MacroblockModes], subblockModes: [UInt8]) -> [UInt8] {
        var writer = VP8BoolEncoder(reservingCapacity: modes.count + 2048)
        writer.putFlag(false) // colour space
        writer.putFlag(false) // clamping required
        writeSegmentation(&writer)
        writeFilter(&writer)
        writer.putLiteral(partitionCount.trailingZeroBitCount, 2)
        writer.putLiteral(baseQuantizer, 7)
        for delta in [deltas.lumaDC, deltas.secondOrderDC, deltas.secondOrderAC, deltas.chromaDC, deltas.chromaAC] {
            writer.putOptionalSigned(delta, 4)
        }
        writer.putFlag(false) // refresh entropy probabilities: meaningless for one frame
        let defaults = VP8Tables.defaultCoefficientProbabilities, updates = VP8Tables.coefficientUpdateProbabilities
        for i in 0..<VP8TokenModel.nodeCount {
            let changed = unsafe probabilities[i] != defaults[i]
            writer.put(changed, updates[i])
            if changed { unsafe writer.putLiteral(Int(probabilities[i]), 8) }
        }
        writer.putFlag(skipProbability != nil)
        if let skipProbability { writer.putLiteral(Int(skipProbability), 8) }
        var modeWriter = VP8ModeWriter(columns: columns, segmentation: segmentation, skipProbability: skipProbability)
        for (index, macroblock) in modes.enumerated() {
            if index % columns == 0 { modeWriter.startRow() }
            modeWriter.write(macroblock, column: index % columns, subblockModes: subblockModes[(index * 16)..<(index * 16 + 16)],
                             to: &writer)
        }
        return writer.finish()
    }

    private func writeSegmentation(_ writer: inout VP8BoolEncoder) {
        writer.putFlag(segmentation.isEnabled)
        guard segmentation.isEnabled else { return }
        writer.putFlag(segmentation.updatesMap)
        writer.putFlag(true) // segment data follow
        writer.putFlag(segmentation.isAbsolute)
        for value in segmentation.quantizer { writer.putOptionalSigned(value, 7) }
        for value in segmentation.filterLevel { writer.putOptionalSigned(value, 6) }
        if segmentation.updatesMap {
            for probability in segmentation.mapProbabilities {
                writer.putFlag(probability != 255)
                if probability != 255 { writer.putLiteral(Int(probability), 8) }
            }
        }
    }

    private func writeFilter(_ writer: inout VP8BoolEncoder) {
        writer.putFlag(filter.isSimple)
        writer.putLiteral(filter.level, 6)
        writer.putLiteral(filter.sharpness, 3)
        writer.putFlag(false) // no level adjustments by mode or reference
    }

    /// The `VP8 ` chunk payload: tag, picture header, first partition, size table, partitions.
    /// Nil when the first partition is too large for the tag's size field.
    func assemble(firstPartition: [UInt8], tokenPartitions: [[UInt8]]) -> [UInt8]? {
        guard firstPartition.count <= Self.maximumFirstPartitionSize else { return nil }
        // Version: 0 with the normal loop filter, 1 with the simple one, 2 without filtering.
        let version = filter.level == 0 ? 2 : filter.isSimple ? 1 : 0
        let tag = (version << 1) | (1 << 4) | (firstPartition.count << 5)
        var out: [UInt8] = []
        out.reserveCapacity(10 + firstPartition.count + tokenPartitions.reduce(3 * tokenPartitions.count) { $0 + $1.count })
        out += [UInt8(tag & 0xff), UInt8((tag >> 8) & 0xff), UInt8(tag >> 16), 0x9d, 0x01, 0x2a]
        out += [UInt8(width & 0xff), UInt8(width >> 8), UInt8(height & 0xff), UInt8(height >> 8)]
        out += firstPartition
        for partition in tokenPartitions.dropLast() {
            out += [UInt8(partition.count & 0xff), UInt8((partition.count >> 8) & 0xff), UInt8(partition.count >> 16)]
        }
        for partition in tokenPartitions { out += partition }
        return out
    }
}

/// Writes the per-macroblock modes of the first partition, keeping the 4×4 mode contexts
/// (the modes above and to the left) as ``VP8ModeParser`` does when reading them.
struct VP8ModeWriter {
    private var aboveModes: [UInt8]
    private var leftModes: [UInt8] = [0, 0, 0, 0]
    private let segmentation: VP8Segmentation
    private let skipProbability: UInt8?

    init(columns: Int, segmentation: VP8Segmentation, skipProbability: UInt8?) {
        aboveModes = [UInt8](repeating: 0, count: columns * 4)
        self.segmentation = segmentation
        self.skipProbability = skipProbability
    }

    mutating func startRow() {
        for i in 0..<4 { leftModes[i] = 0 }
    }

    mutating func write(_ modes: VP8MacroblockModes, column: Int, subblockModes: ArraySlice<UInt8>, to writer: inout VP8BoolEncoder) {
        if segmentation.updatesMap {
            let p = segmentation.mapProbabilities
            writer.put(modes.segment >= 2, p[0])
            writer.put(modes.segment & 1 == 1, modes.segment >= 2 ? p[2] : p[1])
        }
        if let skipProbability { writer.put(modes.skipsCoefficients, skipProbability) }
        writer.put(!modes.usesSubblocks, 145)
        if modes.usesSubblocks {
            writeSubblockModes(subblockModes, column: column, to: &writer)
        } else {
            let mode = modes.lumaMode
            if writer.putReturning(mode == .trueMotion || mode == .horizontal, 156) {
                writer.put(mode == .trueMotion, 128)
            } else {
                writer.put(mode == .vertical, 163)
            }
            for i in 0..<4 {
                aboveModes[column * 4 + i] = mode.rawValue
                leftModes[i] = mode.rawValue
            }
        }
        let chroma = modes.chromaMode
        if writer.putReturning(chroma != .dc, 142), writer.putReturning(chroma != .vertical, 114) {
            writer.put(chroma == .trueMotion, 183)
        }
    }

    private mutating func writeSubblockModes(_ modes: ArraySlice<UInt8>, column: Int, to writer: inout VP8BoolEncoder) {
        let probabilities = VP8Tables.subblockModeProbabilities
        var index = modes.startIndex
        for row in 0..<4 {
            var left = leftModes[row]
            for x in 0..<4 {
                let mode = modes[index], above = aboveModes[column * 4 + x]
                let offset = (Int(above) * 10 + Int(left)) * 9
                for step in VP8CostTables.subblockModePaths[Int(mode)] {
                    writer.put(step.bit, probabilities[offset + step.node])
                }
                aboveModes[column * 4 + x] = mode
                left = mode
                index += 1
            }
            leftModes[row] = left
        }
    }
}

extension VP8BoolEncoder {
    /// Encodes `bit` and returns it, for writing trees as conditions.
    @inline(__always)
    mutating func putReturning(_ bit: Bool, _ probability: UInt8) -> Bool {
        put(bit, probability)
        return bit
    }
}
