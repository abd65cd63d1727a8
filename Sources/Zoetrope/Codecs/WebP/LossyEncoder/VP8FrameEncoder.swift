/// Encodes one picture as a VP8 key frame: analysis and segments, the quantisers of the quality,
/// every macroblock's modes and tokens (with the token probabilities re-estimated a few times
/// while coding, so that later rate estimates use them), then the final probabilities, whether
/// a per-macroblock skip flag pays, the loop-filter levels, and the bitstream.
@unsafe final class VP8FrameEncoder {
    let settings: VP8EncoderSettings
    let planes: VP8SourcePlanes
    let columns: Int
    let rows: Int
    private(set) var setup: VP8FrameSetup
    private var analysis: VP8Analysis
    private(set) var model = VP8TokenModel(adapts: false)
    /// Per macroblock: its modes as written (with whether it has no level), its 4×4 modes.
    var modes: [VP8MacroblockModes]
    private(set) var subblockModes: [UInt8]
    /// Token buffers per partition, and the token ranges of macroblocks without levels.
    private(set) var buffers: [VP8TokenBuffer] = unsafe []
    private(set) var emptyRanges: [[Range<Int>]] = []
    /// Method 0 codes tokens as it goes, with probabilities from the first macroblocks' tokens
    /// (a quarter of the frame, at least 50 macroblocks: libwebp's statistics pass at its lowest
    /// method), which it records as the other methods record all of theirs. Present once it
    /// codes directly: a coder per partition, and whether empty macroblocks are skipped.
    private(set) var tokenCoders: [VP8TokenCoder]?
    private(set) var skipsEmpty = false
    /// The 4×4 mode bits a macroblock may spend (halved when the first partition overflows).
    private var maximumSubblockHeaderBits = 256 * 16 * 16
    /// The frame-header fields of the last frame written (segments, loop filter, quantisers):
    /// what the encoder chose, for tests that read the header back.
    var writtenHeader: VP8FrameWriter?

    init(planes: VP8SourcePlanes, settings: VP8EncoderSettings) {
        unsafe self.planes = planes
        unsafe self.settings = settings
        unsafe columns = (planes.width + 15) >> 4
        unsafe rows = (planes.height + 15) >> 4
        unsafe analysis = VP8Analysis.run(planes, settings: settings, columns: columns, rows: rows)
        unsafe setup = VP8FrameSetup(settings: settings, analysis: analysis, segmentCount: settings.segmentCount)
        for i in unsafe analysis.segments.indices { unsafe analysis.segments[i] = UInt8(setup.segmentMap[Int(analysis.segments[i])]) }
        unsafe modes = [VP8MacroblockModes](repeating: VP8MacroblockModes(), count: columns * rows)
        unsafe subblockModes = [UInt8](repeating: 0, count: columns * rows * 16)
    }

    /// The `VP8 ` chunk payload.
    func encode() -> [UInt8] {
        while true {
            let segments = unsafe codeMacroblocks()
            if let frame = unsafe write(segments: segments) { return frame }
            // The modes overflowed the first partition: spend fewer bits on 4×4 modes.
            unsafe maximumSubblockHeaderBits >>= 1
        }
    }

    /// Codes every macroblock; returns the segments with the edge statistics gathered on the way.
    private func codeMacroblocks() -> [VP8Segment] {
        unsafe model = VP8TokenModel(adapts: settings.rateDistortionLevel > .none)
        let coder = unsafe VP8MacroblockCoder(settings: settings, columns: columns, rows: rows, model: model, segments: setup.segments)
        let partitionCount = unsafe settings.partitionCount
        unsafe buffers = (0..<partitionCount).map { _ in unsafe VP8TokenBuffer(reservingCapacity: columns * rows * 64 / partitionCount) }
        unsafe emptyRanges = Array(repeating: [], count: partitionCount)
        let refreshInterval = unsafe max((columns * rows) >> 3, 96)
        let headerLimit = unsafe 256 * 510 * 8 * 1024 / (columns * rows)
        var countdown = refreshInterval
        unsafe tokenCoders = nil
        let total = unsafe columns * rows
        let directStart = unsafe settings.method == 0 ? (total > 200 ? total >> 2 : min(total, 50)) : total
        for y in unsafe 0..<rows {
            for x in unsafe 0..<columns {
                let index = unsafe y * columns + x
                if index == directStart { unsafe startCodingDirectly(recorded: index) }
                countdown -= 1
                if unsafe countdown < 0 && settings.rateDistortionLevel > .none {
                    if unsafe model.adaptToCounts().changed { unsafe model.updateLevelCosts() }
                    countdown = refreshInterval
                }
                unsafe coder.start(x: x, y: y, segment: Int(analysis.segments[index]))
                unsafe planes.importMacroblock(x: x, y: y, into: coder.workspace.source)
                var decision = unsafe initialDecision(index)
                unsafe coder.decide(&decision, maximumHeaderBits: maximumSubblockHeaderBits, headerLimit: headerLimit)
                let partition = y & (partitionCount - 1)
                if unsafe tokenCoders != nil {
                    unsafe codeDirectly(decision, partition: partition, coder: coder)
                } else {
                    let buffer = unsafe buffers[partition], start = unsafe buffer.count
                    unsafe coder.finish(decision, into: buffer)
                    if decision.isEmpty { unsafe emptyRanges[partition].append(start..<buffer.count) }
                }
                unsafe store(decision, index: index)
            }
        }
        return coder.segments
    }

    /// Chooses the probabilities and the skip flag from the tokens recorded so far, and codes
    /// them; the next macroblocks' tokens are coded as they come.
    private func startCodingDirectly(recorded: Int) {
        unsafe skipsEmpty = chooseTokenProbabilities(macroblocks: recorded) != nil
        let probabilities = unsafe UnsafePointer(model.probabilities)
        unsafe tokenCoders = unsafe buffers.enumerated().map { index, buffer in
            var encoder = unsafe VP8BoolEncoder(reservingCapacity: buffer.count)
            unsafe buffer.emit(into: &encoder, probabilities: probabilities, skipping: skipsEmpty ? emptyRanges[index] : [])
            return unsafe VP8TokenCoder(encoder: encoder, probabilities: probabilities)
        }
    }

    /// Codes the decided macroblock's tokens in partition `partition` (none when it is empty and
    /// empty macroblocks are skipped).
    private func codeDirectly(_ decision: VP8MacroblockDecision, partition: Int, coder: VP8MacroblockCoder) {
        if unsafe skipsEmpty && decision.isEmpty {
            var discard = VP8TokenDiscard()
            coder.finish(decision, into: &discard)
        } else {
            unsafe coder.finish(decision, into: &tokenCoders![partition])
        }
    }

    /// The analysis's guess for macroblock `index`.
    private func initialDecision(_ index: Int) -> VP8MacroblockDecision {
        var decision = VP8MacroblockDecision()
        decision.usesSubblocks = unsafe analysis.usesSubblocks[index]
        decision.lumaMode = unsafe Int(analysis.lumaModes[index])
        decision.chromaMode = unsafe Int(analysis.chromaModes[index])
        return decision
    }

    private func store(_ decision: VP8MacroblockDecision, index: Int) {
        var macroblock = VP8MacroblockModes()
        macroblock.segment = unsafe Int(analysis.segments[index])
        macroblock.skipsCoefficients = decision.isEmpty
        macroblock.usesSubblocks = decision.usesSubblocks
        macroblock.lumaMode = VP8PredictionMode(rawValue: UInt8(decision.lumaMode))!
        macroblock.chromaMode = VP8PredictionMode(rawValue: UInt8(decision.chromaMode))!
        unsafe modes[index] = macroblock
        for n in 0..<16 { unsafe subblockModes[index * 16 + n] = decision.subblockModes[n] }
    }
}
