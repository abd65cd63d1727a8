/// Encodes one picture as a VP8 key frame: analysis and segments, the quantisers of the quality,
/// every macroblock's modes and tokens (with the token probabilities re-estimated a few times
/// while coding, so that later rate estimates use them), then the final probabilities, whether
/// a per-macroblock skip flag pays, the loop-filter levels, and the bitstream.
final class VP8FrameEncoder {
    let settings: VP8EncoderSettings
    let planes: VP8SourcePlanes
    let columns: Int
    let rows: Int
    private(set) var setup: VP8FrameSetup
    private var analysis: VP8Analysis
    private(set) var model = VP8TokenModel()
    /// Per macroblock: its modes as written (with whether it has no level), its 4×4 modes.
    var modes: [VP8MacroblockModes]
    private(set) var subblockModes: [UInt8]
    /// Token buffers per partition, and the token ranges of macroblocks without levels.
    private(set) var buffers: [VP8TokenBuffer] = []
    private(set) var emptyRanges: [[Range<Int>]] = []
    /// The 4×4 mode bits a macroblock may spend (halved when the first partition overflows).
    private var maximumSubblockHeaderBits = 256 * 16 * 16
    /// The frame-header fields of the last frame written (segments, loop filter, quantisers):
    /// what the encoder chose, for tests that read the header back.
    var writtenHeader: VP8FrameWriter?

    init(planes: VP8SourcePlanes, settings: VP8EncoderSettings) {
        self.planes = planes
        self.settings = settings
        columns = (planes.width + 15) >> 4
        rows = (planes.height + 15) >> 4
        analysis = VP8Analysis.run(planes, settings: settings, columns: columns, rows: rows)
        setup = VP8FrameSetup(settings: settings, analysis: analysis, segmentCount: settings.segmentCount)
        for i in analysis.segments.indices { analysis.segments[i] = UInt8(setup.segmentMap[Int(analysis.segments[i])]) }
        modes = [VP8MacroblockModes](repeating: VP8MacroblockModes(), count: columns * rows)
        subblockModes = [UInt8](repeating: 0, count: columns * rows * 16)
    }

    /// The `VP8 ` chunk payload.
    func encode() -> [UInt8] {
        while true {
            let segments = codeMacroblocks()
            if let frame = write(segments: segments) { return frame }
            // The modes overflowed the first partition: spend fewer bits on 4×4 modes.
            maximumSubblockHeaderBits >>= 1
        }
    }

    /// Codes every macroblock; returns the segments with the edge statistics gathered on the way.
    private func codeMacroblocks() -> [VP8Segment] {
        model = VP8TokenModel()
        let coder = VP8MacroblockCoder(settings: settings, columns: columns, rows: rows, model: model, segments: setup.segments)
        let partitionCount = settings.partitionCount
        buffers = (0..<partitionCount).map { _ in VP8TokenBuffer(reservingCapacity: columns * rows * 64 / partitionCount) }
        emptyRanges = Array(repeating: [], count: partitionCount)
        let refreshInterval = max((columns * rows) >> 3, 96)
        let headerLimit = 256 * 510 * 8 * 1024 / (columns * rows)
        var countdown = refreshInterval
        for y in 0..<rows {
            for x in 0..<columns {
                let index = y * columns + x
                countdown -= 1
                if countdown < 0 && settings.rateDistortionLevel > .none {
                    if model.adaptToCounts().changed { model.updateLevelCosts() }
                    countdown = refreshInterval
                }
                coder.start(x: x, y: y, segment: Int(analysis.segments[index]))
                planes.importMacroblock(x: x, y: y, into: coder.workspace.source)
                var decision = initialDecision(index)
                coder.decide(&decision, maximumHeaderBits: maximumSubblockHeaderBits, headerLimit: headerLimit)
                let partition = y & (partitionCount - 1), buffer = buffers[partition], start = buffer.count
                coder.finish(decision, into: buffer)
                if decision.isEmpty { emptyRanges[partition].append(start..<buffer.count) }
                store(decision, index: index)
            }
        }
        return coder.segments
    }

    /// The analysis's guess for macroblock `index`.
    private func initialDecision(_ index: Int) -> VP8MacroblockDecision {
        var decision = VP8MacroblockDecision()
        decision.usesSubblocks = analysis.usesSubblocks[index]
        decision.lumaMode = Int(analysis.lumaModes[index])
        decision.chromaMode = Int(analysis.chromaModes[index])
        return decision
    }

    private func store(_ decision: VP8MacroblockDecision, index: Int) {
        var macroblock = VP8MacroblockModes()
        macroblock.segment = Int(analysis.segments[index])
        macroblock.skipsCoefficients = decision.isEmpty
        macroblock.usesSubblocks = decision.usesSubblocks
        macroblock.lumaMode = VP8PredictionMode(rawValue: UInt8(decision.lumaMode))!
        macroblock.chromaMode = VP8PredictionMode(rawValue: UInt8(decision.chromaMode))!
        modes[index] = macroblock
        for n in 0..<16 { subblockModes[index * 16 + n] = decision.subblockModes[n] }
    }
}
