import Dispatch
import Zoetrope

/// Plays an image through the real `Animator` and `SharedFrameCache` on a simulated clock: the
/// timing a fast enough machine shows, without a screen, identical on every run.
///
/// Decoding takes no simulated time: before each tick the cache finishes the work asked of it
/// so far, and measures decodes on the simulated clock (so an automatic budget's window is its
/// smallest). Frames the animator did not ask for in time still miss.
public enum PlaybackSimulation {
    /// Plays `image` on a clock ticking `ticksPerSecond` times a second, for `duration` of clock
    /// time or until the animation finishes.
    /// - Parameters:
    ///   - image: the animation to play.
    ///   - ticksPerSecond: the simulated display's refresh rate.
    ///   - duration: how much clock time to simulate at most.
    ///   - configuration: how the animator plays.
    ///   - byteLimit: the frame cache's process-wide limit; automatic by default.
    /// - Throws: the error decoding the first frame.
    public static func run(_ image: any AnimatableImage, ticksPerSecond: Double, duration: Duration,
                           configuration: Animator.Configuration = Animator.Configuration(),
                           byteLimit: Int? = nil) throws -> PlaybackReport {
        let clock = ManualClock()
        let scheduler = ManualDecodeScheduler()
        let cache = SharedFrameCache(byteLimit: byteLimit, scheduler: scheduler, timeSource: { clock.now })
        let animator = Animator(clock: clock, cache: cache, configuration: configuration)
        try animator.prepare(image)
        let report = LockedState(PlaybackReport(firstFrame: animator.currentFrame))
        animator.observe { event in
            let now = clock.now // read before the report's lock: one lock at a time
            report.withLock { $0.record(event, at: now) }
        }
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
        return finalReport(report, animator: animator)
    }

    /// Plays `image` on a `TimerClock` ticking `ticksPerSecond` times a second, with decoding on
    /// a background queue, for `duration` of real time or until the animation finishes: the
    /// timing this machine manages, misses and all. Blocks the calling thread meanwhile.
    /// - Throws: the error decoding the first frame.
    public static func runInRealTime(_ image: any AnimatableImage, ticksPerSecond: Double, duration: Duration,
                                     configuration: Animator.Configuration = Animator.Configuration(),
                                     byteLimit: Int? = nil) throws -> PlaybackReport {
        let cache = SharedFrameCache(byteLimit: byteLimit, scheduler: DispatchDecodeScheduler())
        let animator = Animator(clock: TimerClock(ticksPerSecond: ticksPerSecond), cache: cache,
                                configuration: configuration)
        try animator.prepare(image)
        let start = ContinuousClock.now
        let report = LockedState(PlaybackReport(firstFrame: animator.currentFrame))
        let finished = DispatchSemaphore(value: 0)
        animator.observe { event in
            let now = ContinuousClock.now - start
            report.withLock { $0.record(event, at: now) }
            if event == .finished { finished.signal() }
        }
        animator.play()
        let nanoseconds = Int(min((duration / .nanoseconds(1)).rounded(.up), 1e17))
        _ = finished.wait(timeout: .now() + .nanoseconds(max(nanoseconds, 0)))
        animator.pause()
        return finalReport(report, animator: animator)
    }

    /// The report with the buffer figures, read from the animator before the report's lock is taken.
    private static func finalReport(_ report: LockedState<PlaybackReport>, animator: Animator) -> PlaybackReport {
        let misses = animator.bufferMisses, statistics = animator.cache.statistics
        return report.withLock { report in
            report.record(bufferMisses: misses, cache: statistics)
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
