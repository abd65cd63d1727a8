/// One clock driving many animators: every animator of a scrolling surface (or a terminal grid)
/// advances on the same ticks, so their frames change together and one display link or timer
/// serves them all.
///
/// An ``AnimationClock`` drives one animator; ``makeClock()`` gives each animator its own clock
/// fed by this one's source. The source runs while at least one of them runs, and each
/// one's first tick carries the source's interval (at most one period), so an animator started
/// between ticks does not jump.
///
/// ```swift
/// let shared = SharedAnimationClock(source: TimerClock(ticksPerSecond: 60))
/// let first = Animator(clock: shared.makeClock())
/// let second = Animator(clock: shared.makeClock())
/// ```
public final class SharedAnimationClock: Sendable {
    private struct State {
        var handlers: [ObjectIdentifier: @Sendable (ClockTick) -> Void] = [:]
    }

    /// The clock whose ticks are shared.
    public let source: any AnimationClock
    private let state = LockedState(State())

    /// Shares the ticks of `source`; this object starts and stops it.
    public init(source: any AnimationClock) {
        self.source = source
    }

    /// A clock for one animator, ticking with ``source``.
    public func makeClock() -> any AnimationClock { Tap(hub: self) }

    /// How many of the clocks made here are running.
    public var runningCount: Int { state.withLock { $0.handlers.count } }

    fileprivate func start(_ tap: Tap, _ handler: @escaping @Sendable (ClockTick) -> Void) {
        let first = state.withLock { state -> Bool in
            defer { state.handlers[ObjectIdentifier(tap)] = handler }
            return state.handlers.isEmpty
        }
        if first { source.start { [weak self] tick in self?.deliver(tick) } }
    }

    fileprivate func stop(_ tap: Tap) {
        let last = state.withLock { state -> Bool in
            guard state.handlers.removeValue(forKey: ObjectIdentifier(tap)) != nil else { return false }
            return state.handlers.isEmpty
        }
        if last { source.stop() }
    }

    fileprivate func isRunning(_ tap: Tap) -> Bool {
        state.withLock { $0.handlers[ObjectIdentifier(tap)] != nil }
    }

    private func deliver(_ tick: ClockTick) {
        let handlers = state.withLock { Array($0.handlers.values) }
        for handler in handlers { handler(tick) }
    }
}

/// One animator's clock on a ``SharedAnimationClock``: it passes on the source's ticks while it runs.
private final class Tap: AnimationClock {
    let hub: SharedAnimationClock

    init(hub: SharedAnimationClock) {
        self.hub = hub
    }

    deinit { hub.stop(self) }

    var maximumTickInterval: Duration { hub.source.maximumTickInterval }
    var isRunning: Bool { hub.isRunning(self) }
    func start(_ onTick: @escaping @Sendable (ClockTick) -> Void) { hub.start(self, onTick) }
    func stop() { hub.stop(self) }
}
