/// One tick of an ``AnimationClock``: when it fired and how much playback time it carries.
public struct ClockTick: Sendable, Hashable {
    /// When the tick fired, on the clock's own monotonic time line.
    public var timestamp: Duration
    /// The measured time since the previous tick (or since the clock started), clamped to the
    /// clock's ``AnimationClock/maximumTickInterval`` so that a stall never fast-forwards.
    public var interval: Duration

    /// Creates a tick.
    public init(timestamp: Duration, interval: Duration) {
        self.timestamp = timestamp
        self.interval = interval
    }
}

/// A source of ticks with timestamps: the display-link abstraction that drives an ``Animator``.
///
/// A clock drives one animator. Ticks carry the *measured* time since the previous tick rather than
/// a nominal refresh interval, so playback keeps its speed on 60 Hz, 120 Hz and irregular clocks.
/// ``TimerClock`` ticks from a Dispatch timer, `ManualClock` (ZoetropeTesting) ticks when a test
/// says so; a display link (CADisplayLink, CVDisplayLink) conforms the same way.
public protocol AnimationClock: AnyObject, Sendable {
    /// The longest time one tick may carry; longer gaps (a stall, a breakpoint) are cut to this.
    var maximumTickInterval: Duration { get }
    /// Whether ticks are being delivered.
    var isRunning: Bool { get }
    /// Starts delivering ticks to `onTick`, replacing any earlier handler. The first tick measures
    /// its interval from this call.
    func start(_ onTick: @escaping @Sendable (ClockTick) -> Void)
    /// Stops delivering ticks. A tick already under way may still arrive.
    func stop()
}

/// Turns raw tick timestamps into clamped intervals; shared by the clocks.
package struct TickMeter: Sendable {
    package let maximumInterval: Duration
    private var previous: Duration?

    package init(maximumInterval: Duration) {
        self.maximumInterval = max(.zero, maximumInterval)
    }

    /// Starts measuring from `timestamp`.
    package mutating func reset(at timestamp: Duration) { previous = timestamp }

    /// The tick at `timestamp`: its interval is the time since the previous one, never negative and
    /// never more than ``maximumInterval``.
    package mutating func tick(at timestamp: Duration) -> ClockTick {
        let measured = previous.map { timestamp - $0 } ?? .zero
        previous = timestamp
        return ClockTick(timestamp: timestamp, interval: min(max(measured, .zero), maximumInterval))
    }
}
