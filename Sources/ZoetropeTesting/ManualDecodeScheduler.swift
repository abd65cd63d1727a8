import Dispatch
import Zoetrope

/// Holds decoding jobs until ``runAll()`` or ``runNext()`` runs them on the calling thread: the
/// scheduler for deterministic tests and for simulated playback.
public final class ManualDecodeScheduler: DecodeScheduler {
    private let jobs = LockedState<[@Sendable () -> Void]>([])

    /// Creates an empty scheduler.
    public init() {}

    /// Keeps `job` until ``runNext()`` or ``runAll()``.
    public func schedule(_ job: @escaping @Sendable () -> Void) {
        jobs.withLock { $0.append(job) }
    }

    /// The number of jobs waiting.
    public var pendingCount: Int { jobs.withLock { $0.count } }

    /// Runs the oldest waiting job; `false` when there was none.
    @discardableResult
    public func runNext() -> Bool {
        let job = jobs.withLock { $0.isEmpty ? nil : $0.removeFirst() }
        job?()
        return job != nil
    }

    /// Runs jobs until none is waiting (including jobs scheduled meanwhile); returns how many ran.
    @discardableResult
    public func runAll() -> Int {
        var count = 0
        while runNext() { count += 1 }
        return count
    }
}
