/// Writes lossless WebP files (VP8L, RFC 9649): still images and animations.
///
/// Every pixel survives exactly, transparent ones' colours included. An image is coded with the
/// transforms that pay for it (a palette for few colours, else subtract-green, spatial prediction
/// and cross-colour decorrelation), LZ77 backward references with 2-D distance codes and a colour
/// cache. An animation stores each frame after the first as the rectangle that differs from the
/// canvas the decoder holds, blending it over that canvas or replacing it and disposing it
/// whichever way makes the next rectangle smallest; decoding gives back every frame exactly.
///
/// ```swift
/// let still = try WebPEncoder.encode(image)
/// let animation = try WebPEncoder.encode(frames: frames, durations: delays, playCount: .infinite)
/// ```
public enum WebPEncoder {
    /// The largest width or height VP8L can store.
    public static let maximumDimension = VP8LEncoder.maximumDimension

    /// Encodes one image as a lossless WebP still.
    /// - Parameters:
    ///   - image: the image, 1 to 16 384 pixels each way.
    ///   - level: effort, 0 (fastest) to 9 (smallest output); 6 by default.
    /// - Throws: ``ZoetropeError`` with kind `.invalidArgument` for an empty or too large image, or
    ///   `.limitExceeded` when encoding it needs more memory than the process can get.
    public static func encode(_ image: RGBAImage, level: Int = 6) throws(ZoetropeError) -> [UInt8] {
        try EncodingRules.webp.checkCanvas(image.size)
        try EncodingMemory.reserve(.webp, canvas: image.size)
        let body = WebPFileWriter.chunk(RIFFChunk.vp8l, VP8LEncoder.encode(image, settings: VP8LEncoderSettings(level: level)))
        return WebPFileWriter.riffHeader(bodySize: body.count) + body
    }

    /// Encodes `frames` (all the same size) as a lossless WebP file: an animation, or a still
    /// when there is one frame.
    /// - Parameters:
    ///   - frames: the frames, in order.
    ///   - durations: how long each frame shows: one per frame, or one for all (none negative);
    ///     stored in milliseconds (rounded, at most 16 777 215 ms).
    ///   - playCount: how many times the animation plays (`ANIM` loop count; forever is 0).
    ///   - level: effort, 0 (fastest) to 9 (smallest output); 6 by default.
    /// - Throws: ``ZoetropeError`` with kind `.invalidArgument` for no frames, frames of different
    ///   sizes or larger than 16 384 pixels each way, a duration count that does not match or a
    ///   negative duration, or a play count outside 1…65 535.
    public static func encode(frames: [RGBAImage], durations: [Duration], playCount: PlayCount,
                              level: Int = 6) throws(ZoetropeError) -> [UInt8] {
        guard frames.allSatisfy({ $0.size == frames.first?.size }) else {
            throw ZoetropeError(.invalidArgument, format: .webp, "all frames must have the same size")
        }
        return try encodeCollecting(.webp) { output in
            try encode(FrameArray(frames: frames), durations: durations, playCount: playCount, level: level, to: output)
        }
    }

    /// Encodes the frames of `source` as a lossless WebP file, reading the source once and
    /// holding only a few canvases besides the compressed frames. The RIFF header states the
    /// file's size, so `output` receives the file after the last frame is encoded.
    /// - Parameters:
    ///   - source: the frames, all of its canvas size.
    ///   - durations: how long each frame shows: one per frame, or one for all.
    ///   - playCount: how many times the animation plays (forever is 0).
    ///   - level: effort, 0 (fastest) to 9 (smallest output).
    ///   - output: receives the file's bytes in order.
    /// - Throws: ``ZoetropeError`` with kind `.invalidArgument` for no frames, a frame of another
    ///   size, a canvas larger than 16 384 pixels each way, a duration count that does not
    ///   match or a negative duration, or a play count outside 1…65 535; and whatever `source` or
    ///   `output` throw.
    public static func encode(_ source: some FrameSource, durations: [Duration], playCount: PlayCount,
                              level: Int = 6, to output: EncodedBytesSink) throws {
        try encode(source, durations: durations, playCount: playCount, level: level, workers: nil, to: output)
    }

    /// ``encode(_:durations:playCount:level:to:)`` with frames compressed on `workers` threads
    /// (`nil`: one per core, ``EncodingWorkers``) while the next frames' rectangles are planned;
    /// the bytes do not depend on `workers`. With `rewrite` the frames are written as they are
    /// encoded (``WebPAnimationWriter``).
    package static func encode(_ source: some FrameSource, durations: [Duration], playCount: PlayCount,
                               level: Int = 6, workers: Int?, to output: EncodedBytesSink,
                               rewriting rewrite: EncodedBytesRewriter? = nil) throws {
        let checked = try EncodingRules.webp.check(source, durations: durations, playCount: playCount)
        if source.frameCount == 1 {
            var still: RGBAImage?
            try source.forEachCheckedFrame(format: .webp) { _, frame in still = frame }
            if let still { try output(try encode(still, level: level)) }
            return
        }
        let settings = VP8LEncoderSettings(level: level)
        var writer = WebPAnimationWriter(durations: checked.durations, canvasSize: source.canvasSize,
                                         loopCount: checked.storedPlayCount ?? 0, rewrite: rewrite)
        var planner = WebPFramePlanner()
        let count = EncodingMemory.workers(workers, format: .webp, canvas: source.canvasSize)
        // Each job holds its piece and the lossless encoder's planes (about 20 canvases at worst):
        // the window is the workers and one more, so that planning never waits for a free worker.
        // Encoded pieces reach the writer in order, on this thread.
        try OrderedFrameWork<EncodedPiece>.run(workers: count, window: count + 1, deliver: { encoded in
            try writer.append(rect: encoded.rect, blends: encoded.blends, disposesToBackground: encoded.disposesToBackground,
                              hasAlpha: encoded.hasAlpha, chunks: encoded.chunks, to: output)
        }) { work in
            func append(_ piece: WebPFramePlanner.Piece) throws {
                var pieceSettings = settings
                pieceSettings.transparentColorIsFree = piece.blends
                let frozen = pieceSettings
                try work.submit {
                    let (image, blends, bytes) = encodeChoosingBlend(piece, settings: frozen)
                    return EncodedPiece(rect: piece.rect, blends: blends, disposesToBackground: piece.disposesToBackground,
                                        hasAlpha: !image.isOpaque, chunks: WebPFileWriter.chunk(RIFFChunk.vp8l, bytes))
                }
            }
            try source.forEachCheckedFrame(format: .webp) { _, frame in
                writer.show(frame)
                if let piece = planner.add(frame) { try append(piece) }
            }
            if let piece = planner.finish() { try append(piece) }
        }
        try writer.finish(to: output)
    }

    /// The bytes of `piece`, or for a blended piece, of its rectangle of the frame replacing the
    /// canvas's instead when that codes smaller (as exact: the unchanged pixels it would keep are
    /// the frame's). Blending makes the unchanged pixels transparent, which pays when they lie in
    /// runs and costs when they are scattered among changed ones (the perf animations: replacing
    /// is about 20 % smaller; testsrc2: blending is 5 % smaller). Both ways are encoded on a strip
    /// of the piece's middle rows (a sixteenth, at least ``blendTrialRows``), and the piece the
    /// smaller way.
    static func encodeChoosingBlend(_ piece: WebPFramePlanner.Piece,
                                    settings: VP8LEncoderSettings) -> (image: RGBAImage, blends: Bool, bytes: [UInt8]) {
        guard piece.blends, piece.holes != nil else {
            return (piece.image, piece.blends, VP8LEncoder.encode(piece.image, settings: settings))
        }
        let blended = piece.blended, replaced = piece.image
        var replacing = settings
        replacing.transparentColorIsFree = false
        let height = piece.rect.height, rows = min(height, max(blendTrialRows, height / 16))
        let strip = PixelRect(x: 0, y: (height - rows) / 2, width: piece.rect.width, height: rows)
        let blendedSize = VP8LEncoder.encode(blended.cropped(to: strip), settings: settings).count
        let replacedSize = VP8LEncoder.encode(replaced.cropped(to: strip), settings: replacing).count
        guard replacedSize < blendedSize else { return (blended, true, VP8LEncoder.encode(blended, settings: settings)) }
        return (replaced, false, VP8LEncoder.encode(replaced, settings: replacing))
    }

    /// The fewest rows ``encodeChoosingBlend(_:settings:)`` tries both ways on.
    static let blendTrialRows = 16

    static func milliseconds(_ duration: Duration) -> Int {
        let components = duration.components
        guard components.seconds >= 0 else { return 0 }
        let total = components.seconds * 1000 + (components.attoseconds + 500_000_000_000_000) / 1_000_000_000_000_000
        return Int(min(total, 0xff_ffff))
    }
}

/// A planned piece of an animation, encoded (VP8L) on a worker: what the animation writer needs.
private struct EncodedPiece: Sendable {
    var rect: PixelRect
    var blends: Bool
    var disposesToBackground: Bool
    var hasAlpha: Bool
    var chunks: [UInt8]
}
