/// A clock driven by someone else's ticks: a display link's (`CADisplayLink`, `NSView.displayLink`)
/// or any other source that knows when each frame will reach the screen.
///
/// The source calls ``tick(timestamp:targetTimestamp:)`` with the time the current frame was shown
/// and the time the frame being prepared will be shown. Playback advances to the target, so the
/// picture matches the moment it appears. Each tick carries the time between consecutive targets —
/// 8.3 ms at 120 Hz, 16.7 ms at 60 Hz, two periods after a dropped frame — and the animator's
/// accumulator turns that into frames, whatever the refresh rate. The first tick after
/// ``start(_:)`` carries one period (target − timestamp).
///
/// Ticks are delivered synchronously on the thread that calls ``tick(timestamp:targetTimestamp:)``
/// (the main thread for a display link), and only while the clock runs.
public final class TickSourceClock: AnimationClock {
    private struct State {
        var meter: TickMeter
        var handler: (@Sendable (ClockTick) -> Void)?
        var needsReset = true
    }

    /// The longest time one tick may carry.
    public let maximumTickInterval: Duration
    private let state: LockedState<State>
    private let runningChanged: (@Sendable (Bool) -> Void)?

    /// Creates a stopped clock.
    /// - Parameters:
    ///   - maximumTickInterval: the longest time one tick may carry (1 s by default), so that a
    ///     stall, or a source resumed after a long pause, does not fast-forward.
    ///   - runningChanged: called with `true` by ``start(_:)`` and `false` by ``stop()``, outside
    ///     the clock's lock, on the caller's thread: a display link pauses itself there while no
    ///     animation needs it.
    public init(maximumTickInterval: Duration = .seconds(1),
                runningChanged: (@Sendable (Bool) -> Void)? = nil) {
        self.maximumTickInterval = maximumTickInterval
        self.runningChanged = runningChanged
        state = LockedState(State(meter: TickMeter(maximumInterval: maximumTickInterval)))
    }

    /// Whether ticks are delivered.
    public var isRunning: Bool { state.withLock { $0.handler != nil } }

    /// Delivers the source's ticks to `onTick` from now on; the first carries one period.
    public func start(_ onTick: @escaping @Sendable (ClockTick) -> Void) {
        state.withLock { state in
            state.handler = onTick
            state.needsReset = true
        }
        runningChanged?(true)
    }

    /// Ignores the source's ticks from now on.
    public func stop() {
        state.withLock { $0.handler = nil }
        runningChanged?(false)
    }

    /// One tick of the source: the frame shown at `timestamp` is followed by one shown at
    /// `targetTimestamp`. Both are on the source's own monotonic time line (for a display link,
    /// `CACurrentMediaTime()` seconds as a `Duration`).
    public func tick(timestamp: Duration, targetTimestamp: Duration) {
        let delivery = state.withLock { state -> (ClockTick, @Sendable (ClockTick) -> Void)? in
            guard let handler = state.handler else { return nil }
            if state.needsReset {
                state.meter.reset(at: min(timestamp, targetTimestamp))
                state.needsReset = false
            }
            return (state.meter.tick(at: targetTimestamp), handler)
        }
        if let (tick, handler) = delivery { handler(tick) }
    }

    /// One tick of a source that gives seconds as floating point (`CADisplayLink.timestamp` and
    /// `targetTimestamp`).
    public func tick(seconds timestamp: Double, targetSeconds targetTimestamp: Double) {
        tick(timestamp: Self.duration(seconds: timestamp), targetTimestamp: Self.duration(seconds: targetTimestamp))
    }

    /// `seconds` as a duration, to the nanosecond; non-finite or out-of-range values count as 0.
    package static func duration(seconds: Double) -> Duration {
        let nanoseconds = (seconds * 1e9).rounded()
        guard nanoseconds.isFinite, abs(nanoseconds) < 9e18 else { return .zero }
        return .nanoseconds(Int64(nanoseconds))
    }
}
