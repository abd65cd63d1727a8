/// Transcoding, animated thumbnails and posters for request handlers: frames stream from the
/// decoder through the resize to the encoder one at a time, so memory stays at a few canvases
/// whatever the frame count; the work stops between frames and between rows when its
/// ``ProcessingBudget`` runs out or its task is cancelled.
///
/// Every call works on its own ``AnimatedImage`` and takes no lock shared with other calls
/// (an image's own lock only records damage), so independent requests run in parallel.
///
/// ```swift
/// let image = try AnimatedImage(bytes: upload)
/// let thumbnail = try Transcoder.transcode(image, options: .thumbnail(fitting: PixelSize(width: 160, height: 160)))
/// let poster = try Transcoder.poster(of: image, frame: .representative, options: TranscodeOptions(format: .png))
/// ```
public enum Transcoder {
    /// Writes `image` as `options` say, handing the file to `output` in pieces (GIF and APNG a
    /// frame at a time; WebP at the end, as its header states the file's size).
    ///
    /// GIF and APNG encoders read the frames twice (to plan palettes or the sample format, then to
    /// write): the frames are decoded twice rather than held. Under
    /// ``TranscodeOptions/maxFrameRate`` frames are dropped by time: a frame is kept when it starts
    /// at least 1/rate after the last kept one, and shows until the next kept frame starts, so
    /// the total duration is the source's.
    /// - Throws: `CancellationError` when the calling task is cancelled, ``OverBudgetError`` past
    ///   the time limit, ``ZoetropeError`` from the decoder (damage before the first frame) or the
    ///   encoder (`.invalidArgument` for a size the format cannot store), and what `output` throws.
    public static func transcode(_ image: AnimatedImage, options: TranscodeOptions,
                                 to output: EncodedBytesSink) throws {
        try encode(image, options: options, to: output)
    }

    /// Writes `image` changed by `edit` (crop, rotation, flip, trim, reverse, speed, frame rate cap,
    /// plays: ``AnimationEdit``, applied before ``TranscodeOptions/fit`` and
    /// ``TranscodeOptions/maxFrameRate``) as `options` say, handing the file to `output` in pieces.
    ///
    /// Frames in their order stream from the decoder as in ``transcode(_:options:to:)``. A
    /// reversed edit asks for frames backwards: each is decoded from the nearest frame the decoder
    /// can start from (a keyframe or a replay checkpoint), so it costs more decoding than a pass
    /// forwards but holds no more frames.
    /// - Throws: as ``transcode(_:options:to:)``, and ``ZoetropeError`` with kind
    ///   `.invalidArgument` for an edit that does not fit the image or keeps no frame.
    public static func transcode(_ image: AnimatedImage, edit: AnimationEdit, options: TranscodeOptions,
                                 to output: EncodedBytesSink) throws {
        try encode(EditedImage(image, edit: edit), options: options, to: output)
    }

    /// ``transcode(_:edit:options:to:)`` collected into one file.
    public static func transcode(_ image: AnimatedImage, edit: AnimationEdit, options: TranscodeOptions) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try transcode(image, edit: edit, options: options) { bytes += $0 }
        return bytes
    }

    private static func encode(_ image: some AnimatableImage & FrameSource, options: TranscodeOptions,
                               to output: EncodedBytesSink) throws {
        let budget = ProcessingBudget(timeLimit: options.timeLimit)
        let timeline = FrameTimeline(durations: (0..<image.frameCount).map(image.duration(at:)),
                                     maxFrameRate: options.maxFrameRate)
        let frames = PipelineFrames(image: image, timeline: timeline,
                                    canvasSize: options.outputSize(for: image.canvasSize), budget: budget)
        try OutputEncoder.encode(frames, durations: timeline.durations, playCount: image.playCount,
                                 as: options.format, options: options, to: output)
    }

    /// ``transcode(_:options:to:)`` collected into one file.
    public static func transcode(_ image: AnimatedImage, options: TranscodeOptions) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try transcode(image, options: options) { bytes += $0 }
        return bytes
    }

    /// A still of one frame of `image`, chosen by `frame`, written as `options` say (its frame
    /// rate cap does not apply).
    /// - Throws: as ``transcode(_:options:to:)``.
    public static func poster(of image: AnimatedImage, frame choice: PosterFrame,
                              options: TranscodeOptions) throws -> [UInt8] {
        let budget = ProcessingBudget(timeLimit: options.timeLimit)
        let index = try choice.index(in: image, budget: budget)
        // Drawn in order up to the chosen frame, with the budget checked between frames.
        let timeline = FrameTimeline(index: index, duration: image.duration(at: index))
        let frames = PipelineFrames(image: image, timeline: timeline,
                                    canvasSize: options.outputSize(for: image.canvasSize), budget: budget)
        var chosen: [RGBAImage] = []
        try frames.forEachFrame { _, frame in chosen.append(frame) }
        let still = FrameArray(frames: chosen)
        var bytes: [UInt8] = []
        try OutputEncoder.encode(still, durations: timeline.durations, playCount: .finite(1),
                                 as: options.format == .apng ? .png : options.format, options: options) { bytes += $0 }
        return bytes
    }
}
