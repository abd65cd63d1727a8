/// What is known of an image's frames at one moment: read from the image outside every lock (an
/// image may take its own), then handed to the animator's state.
struct ImageFrames: Sendable {
    /// One duration per frame known complete.
    var durations: [Duration]
    /// Whether those are all the frames.
    var isComplete: Bool
    /// The image's own number of plays.
    var playCount: PlayCount
    /// Bytes one decoded frame takes.
    var bytesPerFrame: Int

    /// The number of frames known.
    var count: Int { durations.count }

    /// Reads `image`. The durations in `known` are taken as the first frames' (only later frames
    /// are read) unless the image now has fewer frames.
    init(_ image: any AnimatableImage, known: [Duration] = []) {
        // Completeness first: once an image says it is complete, the count read after is final.
        isComplete = image.isComplete
        let count = max(image.frameCount, 0)
        durations = count >= known.count ? known : []
        durations.reserveCapacity(count)
        for index in durations.count..<count { durations.append(image.duration(at: index)) }
        playCount = image.playCount
        bytesPerFrame = image.bytesPerFrame
    }

    /// A cursor at the start of these frames, playing by `style` once they are complete.
    func cursor(style: PlaybackStyle) -> PlaybackCursor {
        PlaybackCursor(durations: durations, mode: style.mode, plays: style.plays(imageCount: playCount),
                       isComplete: isComplete)
    }
}
