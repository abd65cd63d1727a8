import Zoetrope

/// A clock that ticks only when told to: the clock for deterministic tests and simulations.
///
/// Ticks are delivered synchronously, on the calling thread, while the clock runs:
///
/// ```swift
/// let clock = ManualClock()
/// let animator = Animator(clock: clock)
/// try animator.prepare(image)
/// animator.play()
/// clock.advance(by: .milliseconds(16))   // the animator advances 16 ms, right here
/// ```
public final class ManualClock: AnimationClock {
    private struct State {
        var now: Duration
        var meter: TickMeter
        var handler: (@Sendable (ClockTick) -> Void)?
    }

    private let state: LockedState<State>
    /// The longest time one tick may carry.
    public let maximumTickInterval: Duration

    /// Creates a stopped clock at time `start`.
    /// - Parameters:
    ///   - start: the clock's time before its first tick.
    ///   - maximumTickInterval: the longest time one tick may carry (1 s by default).
    public init(start: Duration = .zero, maximumTickInterval: Duration = .seconds(1)) {
        self.maximumTickInterval = maximumTickInterval
        state = LockedState(State(now: start, meter: TickMeter(maximumInterval: maximumTickInterval)))
    }

    /// The clock's current time.
    public var now: Duration { state.withLock { $0.now } }

    /// Whether ticks are delivered (between ``start(_:)`` and ``stop()``).
    public var isRunning: Bool { state.withLock { $0.handler != nil } }

    /// Delivers the ticks of ``tick(at:)`` and ``advance(by:)`` to `onTick` from now on, measuring
    /// the first from ``now``.
    public func start(_ onTick: @escaping @Sendable (ClockTick) -> Void) {
        state.withLock { state in
            state.meter.reset(at: state.now)
            state.handler = onTick
        }
    }

    /// Ignores ticks from now on.
    public func stop() {
        state.withLock { $0.handler = nil }
    }

    /// Moves the clock to `timestamp` and, when running, delivers a tick there.
    /// A timestamp earlier than ``now`` delivers a tick of zero interval.
    public func tick(at timestamp: Duration) {
        let delivery = state.withLock { state -> (ClockTick, @Sendable (ClockTick) -> Void)? in
            state.now = max(state.now, timestamp)
            guard let handler = state.handler else { return nil }
            return (state.meter.tick(at: timestamp), handler)
        }
        if let (tick, handler) = delivery { handler(tick) }
    }

    /// Moves the clock forward by `interval` and, when running, delivers a tick there.
    public func advance(by interval: Duration) {
        tick(at: now + interval)
    }
}
