/// How many decoded frames an ``Animator`` may keep ahead of the frame being shown (the frame on
/// screen is kept besides: its pixels are the view's).
public enum BufferBudget: Sendable, Hashable {
    /// As far ahead as playback needs, decided from the animation rather than from how much memory
    /// the machine has.
    ///
    /// - A small animation (every frame decoded fits in 32 MiB, and in a quarter of
    ///   ``SystemMemory/automaticBudget``) keeps all its frames: each is decoded once.
    /// - Otherwise the animator decodes a window ahead that covers twice the measured decode time
    ///   per frame (a moving average per image, kept by the ``SharedFrameCache``, starting from a
    ///   conservative estimate) plus 50 ms for the decoding thread to be scheduled, at the current
    ///   rate, counted on the durations of the frames that come next, plus one frame, and at least
    ///   3 frames. Each buffer miss doubles that lead (up to 16 times); it
    ///   halves again after every 5 s of playback without a miss.
    /// - Never beyond ``SystemMemory/automaticBudget`` (at most 256 MiB, lowered by cgroup and
    ///   resource limits) nor the cache's own limit.
    case automatic
    /// As many frames as fit in this many bytes (at least one frame).
    case bytes(Int)
    /// This many frames (at least one).
    case frames(Int)
    /// Every frame of the image: decode once, keep all.
    case allFrames

    /// Every frame is kept automatically when all of them decoded fit in this many bytes (and in a
    /// quarter of the automatic ceiling).
    package static let smallAnimationBytes = 32 << 20

    /// The number of frames ahead the budget allows for an image of `frameCount` frames of
    /// `bytesPerFrame` bytes each: between 1 and `frameCount − 1` (all the others). For
    /// ``automatic`` it is the ceiling the animator's window adapts under, or all the others when the
    /// animation is small.
    public func frameLimit(bytesPerFrame: Int, frameCount: Int,
                           memory: @autoclosure () -> SystemMemory = .current()) -> Int {
        frameLimit(bytesPerFrame: bytesPerFrame, frameCount: frameCount, automaticCeiling: memory().automaticBudget)
    }

    /// ``frameLimit(bytesPerFrame:frameCount:memory:)`` with the automatic ceiling given in bytes.
    func frameLimit(bytesPerFrame: Int, frameCount: Int, automaticCeiling: Int) -> Int {
        let frameBytes = max(bytesPerFrame, 1)
        let limit: Int
        switch self {
        case .automatic:
            limit = keepsEveryFrame(bytesPerFrame: bytesPerFrame, frameCount: frameCount, automaticCeiling: automaticCeiling)
                ? frameCount : automaticCeiling / frameBytes
        case .bytes(let bytes): limit = bytes / frameBytes
        case .frames(let frames): limit = frames
        case .allFrames: limit = frameCount
        }
        return min(max(limit, 1), max(frameCount - 1, 1))
    }

    /// Whether the budget is ``automatic`` and the animation small enough to keep whole.
    func keepsEveryFrame(bytesPerFrame: Int, frameCount: Int, automaticCeiling: Int) -> Bool {
        guard self == .automatic else { return false }
        let (total, overflow) = max(bytesPerFrame, 0).multipliedReportingOverflow(by: max(frameCount, 0))
        return !overflow && total <= min(Self.smallAnimationBytes, automaticCeiling / 4)
    }

    /// Whether the animator's window follows playback's needs (``automatic`` on an animation too big
    /// to keep whole) rather than a fixed size.
    func adapts(bytesPerFrame: Int, frameCount: Int, automaticCeiling: Int) -> Bool {
        self == .automatic && !keepsEveryFrame(bytesPerFrame: bytesPerFrame, frameCount: frameCount,
                                               automaticCeiling: automaticCeiling)
    }
}
