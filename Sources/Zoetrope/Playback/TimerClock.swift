import Dispatch

/// A clock driven by a Dispatch timer at a chosen rate: for Linux, the command line, and anywhere
/// without a display link.
///
/// Ticks arrive on a private serial queue. Each tick carries the time measured with
/// `ContinuousClock` since the previous one (clamped), not the nominal period, so a late timer
/// shows up as a longer tick rather than as slow playback.
public final class TimerClock: AnimationClock {
    private struct State {
        var timer: (any DispatchSourceTimer)?
        var meter: TickMeter
        var handler: (@Sendable (ClockTick) -> Void)?
    }

    /// Ticks per second.
    public let ticksPerSecond: Double
    /// The longest time one tick may carry.
    public let maximumTickInterval: Duration
    private let queue: DispatchQueue
    private let epoch = ContinuousClock.now
    private let state: LockedState<State>

    /// Creates a stopped clock ticking `ticksPerSecond` times a second (60 by default).
    /// - Parameters:
    ///   - ticksPerSecond: the tick rate, between 0.1 and 1000.
    ///   - maximumTickInterval: the longest time one tick may carry (1 s by default).
    ///   - queue: the serial queue ticks are delivered on; a private one by default.
    public init(ticksPerSecond: Double = 60, maximumTickInterval: Duration = .seconds(1),
                queue: DispatchQueue? = nil) {
        self.ticksPerSecond = ticksPerSecond.isFinite ? min(max(ticksPerSecond, 0.1), 1000) : 60
        self.maximumTickInterval = maximumTickInterval
        self.queue = queue ?? DispatchQueue(label: "Zoetrope.TimerClock", qos: .userInteractive)
        state = LockedState(State(meter: TickMeter(maximumInterval: maximumTickInterval)))
    }

    deinit {
        stop()
    }

    /// Whether the timer runs.
    public var isRunning: Bool { state.withLock { $0.timer != nil } }

    /// The time since the clock was created.
    public var now: Duration { ContinuousClock.now - epoch }

    /// Starts the timer (replacing a running one): ticks go to `onTick` on the clock's queue, the
    /// first one period from now.
    public func start(_ onTick: @escaping @Sendable (ClockTick) -> Void) {
        let period = DispatchTimeInterval.nanoseconds(Int(1_000_000_000 / ticksPerSecond))
        let startTime = now
        state.withLock { state in
            // Cancelling only stops future events, so it is safe under the lock.
            state.timer?.cancel()
            let timer = DispatchSource.makeTimerSource(flags: .strict, queue: queue)
            timer.schedule(deadline: .now() + period, repeating: period, leeway: .milliseconds(1))
            timer.setEventHandler { [weak self] in self?.fire() }
            state.meter.reset(at: startTime)
            state.handler = onTick
            state.timer = timer
            timer.resume()
        }
    }

    /// Cancels the timer.
    public func stop() {
        state.withLock { state in
            state.timer?.cancel()
            state.timer = nil
            state.handler = nil
        }
    }

    private func fire() {
        let timestamp = now
        let delivery = state.withLock { state -> (ClockTick, @Sendable (ClockTick) -> Void)? in
            guard let handler = state.handler else { return nil }
            return (state.meter.tick(at: timestamp), handler)
        }
        if let (tick, handler) = delivery { handler(tick) }
    }
}
