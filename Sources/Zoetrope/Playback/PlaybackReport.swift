/// What a simulated playback showed: the frame changes and the buffer's work.
public struct PlaybackReport: Sendable, Hashable {
    /// One change of the frame shown.
    public struct Change: Sendable, Hashable {
        /// Clock time of the tick that showed the frame (0 for the first frame).
        public var time: Duration
        /// The frame's index.
        public var frame: Int
        /// The 0-based play it belongs to.
        public var play: Int

        /// Creates a change.
        public init(time: Duration, frame: Int, play: Int) {
            self.time = time
            self.frame = frame
            self.play = play
        }
    }

    /// Every change of the frame shown, in order, starting with the first frame at time 0.
    public var changes: [Change] = []
    /// Plays completed.
    public var playsCompleted = 0
    /// Whether the last play ended.
    public var finished = false
    /// Frames that were due but not decoded in time.
    public var bufferMisses = 0
    /// The most decoded frames held at once.
    public var peakBufferedFrames = 0
    /// The most bytes of decoded frames held at once.
    public var peakBufferedBytes = 0
    /// Frames that could not be decoded, in the order they were met (the picture before each
    /// stayed for its time).
    public var failures: [FrameFailure] = []

    /// Creates a report whose first frame is `firstFrame`, shown at time 0.
    public init(firstFrame: Int = 0) {
        changes = [Change(time: .zero, frame: firstFrame, play: 0)]
    }

    /// Adds `event`, seen at clock time `time`.
    public mutating func record(_ event: AnimatorEvent, at time: Duration) {
        switch event {
        case .frameChanged(let frame, let play): changes.append(Change(time: time, frame: frame, play: play))
        case .playCompleted: playsCompleted += 1
        case .finished: finished = true
        case .frameFailed(let frame, let error): failures.append(FrameFailure(frame: frame, error: error))
        }
    }

    /// Fills in the buffer figures of a playback that has ended.
    public mutating func recordBuffer(of animator: Animator) {
        record(bufferMisses: animator.bufferMisses, cache: animator.cache.statistics)
    }

    /// Fills in the buffer figures: the animator's misses and the cache's peaks.
    package mutating func record(bufferMisses misses: Int, cache statistics: SharedFrameCache.Statistics) {
        bufferMisses = misses
        peakBufferedFrames = statistics.peakFrames
        peakBufferedBytes = statistics.peakBytes
    }
}
