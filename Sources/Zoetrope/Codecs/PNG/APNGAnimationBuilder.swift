/// Collects an APNG's animation chunks (`acTL`, `fcTL`, `fdAT`) during the chunk walk and checks
/// them: sequence numbers, frame count, frame regions, op values, frame data.
struct APNGAnimationBuilder {
    enum Outcome {
        /// A valid animation: its frame table, and where each frame's zlib data lies.
        case animated(FrameTable, [[Range<Int>]])
        /// A broken animation: why, and the warnings met before it broke.
        case broken(String, [ZoetropeError])
    }

    /// One `fcTL` and the data that follows it.
    private struct Frame {
        var control: APNGFrameControl
        var offset: Int
        var data: [Range<Int>] = []
        var usesIDAT = false
    }

    /// The file, during the chunk walk (the builder does not outlive it).
    private let bytes: ByteView
    private let canvas: PNGHeader
    private var table: FrameTableBuilder
    /// Offset of the `acTL` chunk.
    let offset: Int
    /// `acTL`'s `num_frames`; `nil` when a streaming writer left it unfilled (see ``unfilledFrameCount``).
    private let declaredFrames: Int?
    private let numPlays: Int
    private var frames: [Frame] = []
    private var nextSequence: UInt32 = 0
    private var problems: [String] = []
    private var stoppedAtLimit = false

    init(bytes: ByteView, chunk: PNGChunk, canvas: PNGHeader, options: DecodingOptions) throws(ZoetropeError) {
        self.bytes = bytes
        self.canvas = canvas
        self.table = try FrameTableBuilder(format: .apng, width: canvas.width, height: canvas.height,
                                           options: options, offset: chunk.offset)
        self.offset = chunk.offset
        if chunk.data.count == 8 {
            let stored = PNGBytes.bigEndian32(bytes, chunk.data.lowerBound)
            declaredFrames = stored == Self.unfilledFrameCount ? nil : Int(stored)
            numPlays = Int(PNGBytes.bigEndian32(bytes, chunk.data.lowerBound + 4))
            if declaredFrames == nil {
                table.warn(ZoetropeError(.malformed, format: .apng, offset: chunk.offset,
                                         "acTL num_frames left unfilled (0xFFFFFFFF, as a streaming writer such as "
                                         + "ffmpeg on a pipe leaves it): playing the frames present"))
            }
        } else {
            declaredFrames = 0
            numPlays = 0
            problems.append("acTL has \(chunk.data.count) bytes instead of 8")
        }
        if declaredFrames == 0 { problems.append("acTL num_frames is 0") }
    }

    /// The `num_frames` a writer that cannot seek back leaves in `acTL` (ffmpeg writing APNG to a
    /// pipe): not a PNG integer (those stop at 2³¹ − 1), so no real count. The frames present are
    /// played, as ffmpeg and apngdis do, rather than the still default image; any other count
    /// that differs from the frames present still breaks the animation.
    static let unfilledFrameCount: UInt32 = 0xFFFF_FFFF

    /// Whether any `fdAT` has been seen (kept as a flag: the chunk walk asks for every `IDAT`, and a
    /// scan over all frames each time would make hostile files quadratic).
    private(set) var hasFrameData = false

    mutating func markBroken(_ reason: String) { problems.append(reason) }

    mutating func add(_ chunk: PNGChunk, defaultImageSeen: Bool) {
        guard problems.isEmpty, !stoppedAtLimit else { return }
        if chunk.isTruncated && chunk.data.count <= 4 { return } // the file ends here: no data to add
        guard chunk.data.count >= 4 else {
            problems.append("\(chunk.name) too short for a sequence number")
            return
        }
        let sequence = PNGBytes.bigEndian32(bytes, chunk.data.lowerBound)
        guard sequence == nextSequence else {
            problems.append("sequence number \(sequence) where \(nextSequence) expected (\(chunk.name))")
            return
        }
        nextSequence &+= 1
        if chunk.type == PNGChunk.fdat {
            guard let last = frames.indices.last, !frames[last].usesIDAT else {
                problems.append("fdAT without a preceding fcTL of its own")
                return
            }
            frames[last].data.append(chunk.data.lowerBound + 4..<chunk.data.upperBound)
            if chunk.data.count > 4 { hasFrameData = true }
            return
        }
        guard chunk.data.count == 26 else {
            problems.append("fcTL has \(chunk.data.count) bytes instead of 26")
            return
        }
        let control = APNGFrameControl(bytes, at: chunk.data.lowerBound)
        if let problem = control.problem(canvas: canvas, isDefaultImage: !defaultImageSeen) {
            problems.append("frame \(frames.count): \(problem)")
            return
        }
        if !defaultImageSeen && !frames.isEmpty {
            problems.append("a second fcTL before the IDAT image")
            return
        }
        let rect = PixelRect(x: control.x, y: control.y, width: control.width, height: control.height)
        do {
            guard try table.admit(rect, offset: chunk.offset) else {
                stoppedAtLimit = true
                return
            }
        } catch {
            problems.append(error.message)
            return
        }
        // An fcTL before the IDAT image makes that image frame 0.
        frames.append(Frame(control: control, offset: chunk.offset, usesIDAT: !defaultImageSeen))
    }

    /// Checks the whole animation and builds its frame table.
    mutating func finish(fileTruncated: Bool, idat: [Range<Int>], hasTransparency: Bool) -> Outcome {
        if let problem = problems.first { return .broken(problem, table.warnings) }
        // A truncated file keeps the frames it has; otherwise the count must match acTL.
        if fileTruncated || stoppedAtLimit {
            while let last = frames.last, last.data.isEmpty && !last.usesIDAT { frames.removeLast() }
            if fileTruncated, let declaredFrames, frames.count < declaredFrames {
                table.warn(ZoetropeError(.truncated, format: .apng, offset: offset,
                                         "acTL declares \(declaredFrames) frames, the file ends after \(frames.count)"))
            }
        } else if let declaredFrames, frames.count != declaredFrames {
            return .broken("acTL num_frames \(declaredFrames) but \(frames.count) fcTL frames", table.warnings)
        }
        guard !frames.isEmpty else { return .broken("no frames", table.warnings) }
        if let empty = frames.firstIndex(where: { $0.data.isEmpty && !$0.usesIDAT }) {
            return .broken("frame \(empty) has no image data", table.warnings)
        }
        var data: [[Range<Int>]] = []
        for (index, frame) in frames.enumerated() {
            let control = frame.control
            var disposal: FrameDisposal = [.none, .background, .previous][Int(control.disposeOp)]
            if index == 0 && disposal == .previous { disposal = .background }
            let stored = control.delay
            table.append(FrameInfo(
                rect: PixelRect(x: control.x, y: control.y, width: control.width, height: control.height),
                disposal: disposal, storedDisposal: Int(control.disposeOp),
                blend: control.blendOp == 0 ? .source : .over, hasTransparency: hasTransparency,
                isInterlaced: canvas.isInterlaced, storedDuration: stored, duration: stored, offset: frame.offset,
                compression: .deflate))
            data.append(frame.usesIDAT ? idat : frame.data)
        }
        do {
            return .animated(try table.finish(storedLoopCount: numPlays, rule: .plays, endOffset: bytes.count), data)
        } catch {
            return .broken(error.message, table.warnings)
        }
    }
}

/// The fields of an `fcTL` chunk.
struct APNGFrameControl: Sendable {
    var width: Int
    var height: Int
    var x: Int
    var y: Int
    var delayNumerator: Int
    var delayDenominator: Int
    var disposeOp: UInt8
    var blendOp: UInt8

    /// Reads the 26 bytes at `start` (the sequence number is the first 4).
    init(_ bytes: ByteView, at start: Int) {
        width = Int(PNGBytes.bigEndian32(bytes, start + 4))
        height = Int(PNGBytes.bigEndian32(bytes, start + 8))
        x = Int(PNGBytes.bigEndian32(bytes, start + 12))
        y = Int(PNGBytes.bigEndian32(bytes, start + 16))
        delayNumerator = Int(PNGBytes.bigEndian16(bytes, start + 20))
        delayDenominator = Int(PNGBytes.bigEndian16(bytes, start + 22))
        disposeOp = bytes[start + 24]
        blendOp = bytes[start + 25]
    }

    /// The delay as stored: numerator / denominator seconds, a denominator of 0 meaning 100.
    var delay: Duration {
        let denominator = delayDenominator == 0 ? 100 : delayDenominator
        return .nanoseconds(Int64(delayNumerator) * 1_000_000_000 / Int64(denominator))
    }

    /// What is wrong with these fields, or `nil`.
    func problem(canvas: PNGHeader, isDefaultImage: Bool) -> String? {
        if width == 0 || height == 0 { return "zero size" }
        // Fields are 32-bit, so these sums cannot overflow Int.
        if x + width > canvas.width || y + height > canvas.height { return "region outside the canvas" }
        if disposeOp > 2 { return "invalid dispose_op \(disposeOp)" }
        if blendOp > 1 { return "invalid blend_op \(blendOp)" }
        if isDefaultImage && (x != 0 || y != 0 || width != canvas.width || height != canvas.height) {
            return "the default image's fcTL does not cover the canvas"
        }
        return nil
    }
}
