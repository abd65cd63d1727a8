import Synchronization

/// What a simulated playback showed: the frame changes and the buffer's work.
public struct PlaybackReport: Sendable, Hashable {
    /// One change of the frame shown.
    public struct Change: Sendable, Hashable {
        /// Clock time of the tick that showed the frame (0 for the first frame).
        public var time: Duration
        /// The frame's index.
        public var frame: Int
        /// The 0-based play it belongs to.
        public var loop: Int

        /// Creates a change.
        public init(time: Duration, frame: Int, loop: Int) {
            self.time = time
            self.frame = frame
            self.loop = loop
        }
    }

    /// Every change of the frame shown, in order, starting with the first frame at time 0.
    public var changes: [Change] = []
    /// Plays completed.
    public var loopsCompleted = 0
    /// Whether the last play ended.
    public var finished = false
    /// Frames that were due but not decoded in time.
    public var bufferMisses = 0
    /// The most decoded frames held at once.
    public var peakBufferedFrames = 0
    /// The most bytes of decoded frames held at once.
    public var peakBufferedBytes = 0

    /// Creates a report whose first frame is `firstFrame`, shown at time 0.
    public init(firstFrame: Int = 0) {
        changes = [Change(time: .zero, frame: firstFrame, loop: 0)]
    }

    /// Adds `event`, seen at clock time `time`.
    public mutating func record(_ event: AnimatorEvent, at time: Duration) {
        switch event {
        case .frameChanged(let frame, let loop): changes.append(Change(time: time, frame: frame, loop: loop))
        case .loopCompleted: loopsCompleted += 1
        case .finished: finished = true
        }
    }

    /// Fills in the buffer figures of a playback that has ended.
    public mutating func recordBuffer(of animator: Animator) {
        let statistics = animator.cache.statistics
        bufferMisses = animator.bufferMisses
        peakBufferedFrames = statistics.peakFrames
        peakBufferedBytes = statistics.peakBytes
    }
}

/// Plays an image through the real ``Animator`` and ``FrameBuffer`` on a simulated clock: the
/// timing a fast enough machine shows, without a screen, identical on every run.
///
/// Decoding takes no simulated time: before each tick the buffer finishes the work asked of it
/// so far. Frames the buffer was not asked for in time still miss.
public enum PlaybackSimulation {
    /// Plays `image` on a clock ticking `ticksPerSecond` times a second, for `duration` of clock
    /// time or until the animation finishes.
    /// - Parameter byteLimit: the frame cache's process-wide limit; automatic by default.
    /// - Throws: the error decoding the first frame.
    public static func run(_ image: any AnimatableImage, ticksPerSecond: Double, duration: Duration,
                           configuration: Animator.Configuration = Animator.Configuration(),
                           byteLimit: Int? = nil) throws -> PlaybackReport {
        let clock = ManualClock()
        let scheduler = ManualDecodeScheduler()
        let cache = SharedFrameCache(byteLimit: byteLimit, scheduler: scheduler)
        let animator = Animator(clock: clock, cache: cache, configuration: configuration)
        try animator.prepare(image)
        let report = Mutex(PlaybackReport(firstFrame: animator.currentFrame))
        animator.observe { event in report.withLock { $0.record(event, at: clock.now) } }
        animator.play()
        let hertz = ticksPerSecond.isFinite && ticksPerSecond > 0 ? ticksPerSecond : 60
        var tick = 1
        while animator.isPlaying {
            let time = tickTime(tick, ticksPerSecond: hertz)
            if time > duration { break }
            scheduler.runAll()
            clock.tick(at: time)
            tick += 1
        }
        animator.pause()
        return report.withLock { report in
            report.recordBuffer(of: animator)
            return report
        }
    }

    /// Tick `index`'s time: exact for whole rates (60 Hz ticks at k / 60 s to the attosecond).
    static func tickTime(_ index: Int, ticksPerSecond: Double) -> Duration {
        if ticksPerSecond == ticksPerSecond.rounded(), ticksPerSecond <= Double(Int.max) {
            return Duration.seconds(index) / Int(ticksPerSecond)
        }
        return Duration.seconds(1 / ticksPerSecond) * index
    }
}
