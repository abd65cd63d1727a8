import Dispatch

/// Decodes on a few worker threads, the frame due soonest first: the default scheduler of a
/// ``SharedFrameCache``, so that many animations on screen decode on several cores.
///
/// Jobs are run in the order of their deadlines (the time their frame is due, on the cache's
/// clock), except that a worker carries on with the image it decoded last while that image's next
/// job is due soon after the most urgent one (within a second). Jobs of one group
/// (one image) never run at the same time and run in deadline order,
/// which keeps each image decoding forward on one replay canvas; different images decode in
/// parallel, up to ``workerCount`` at once. ``cancel(group:)`` drops the jobs of an image no one
/// shows any more. Picking a job looks only at the jobs waiting, so the work per decode does not
/// grow with the number of animations that are not decoding.
public final class DecodeWorkerPool: DecodeScheduler {
    private struct Job {
        let deadline: Duration
        let order: UInt64
        let group: ObjectIdentifier?
        let work: @Sendable () -> Void

        func precedes(_ other: Job) -> Bool {
            (deadline, order) < (other.deadline, other.order)
        }
    }

    private struct State {
        /// Waiting jobs, by deadline (then by arrival).
        var pending: [Job] = []
        var busyGroups = Set<ObjectIdentifier>()
        var running = 0
        var order: UInt64 = 0

        /// Takes the most urgent job whose group is not running, or the next job of `last` (the
        /// group the worker ran last) when it is due at most `affinity` after that one; with
        /// none, the worker stops.
        mutating func take(after last: ObjectIdentifier?, affinity: Duration) -> Job? {
            guard var index = pending.firstIndex(where: { job in job.group.map { !busyGroups.contains($0) } ?? true }) else {
                running -= 1
                return nil
            }
            if let last, pending[index].group != nil, pending[index].group != last, !busyGroups.contains(last) {
                let latest = pending[index].deadline + affinity
                var next = index + 1
                while next < pending.count, pending[next].deadline <= latest {
                    if pending[next].group == last {
                        index = next
                        break
                    }
                    next += 1
                }
            }
            let job = pending.remove(at: index)
            if let group = job.group { busyGroups.insert(group) }
            return job
        }
    }

    /// The most jobs run at once.
    public let workerCount: Int
    /// How much later than the most urgent job a worker may take the next job of the image it
    /// decoded last, so that it carries on with the canvas it holds: unpacking another image's
    /// parked canvas and packing its own away (fresh pages for a 1080p canvas, 8 MB) cost about
    /// as much as drawing three frames. A second by default: the surface benchmark's first loop
    /// took about two thirds of the CPU it took with a quarter of a second (28 Nov).
    package let affinity: Duration
    private let queue: DispatchQueue
    private let state = LockedState(State())

    /// A pool of `workers` threads (at least one) at quality of service `qos`.
    public convenience init(workers: Int = 2, qos: DispatchQoS = .utility) {
        self.init(workers: workers, qos: qos, affinity: .seconds(1))
    }

    /// A pool whose workers carry on with the image they decoded last while its next job is due
    /// at most `affinity` after the most urgent one (zero: strict deadline order).
    package init(workers: Int, qos: DispatchQoS = .utility, affinity: Duration) {
        self.affinity = max(.zero, affinity)
        workerCount = max(1, workers)
        queue = DispatchQueue(label: "Zoetrope.decode.pool", qos: qos, attributes: .concurrent)
    }

    /// Runs `job` before every job with a deadline, in the order such jobs were scheduled.
    public func schedule(_ job: @escaping @Sendable () -> Void) {
        add(Job(deadline: .zero, order: 0, group: nil, work: job))
    }

    /// Runs `job` in deadline order, never at the same time as another job of `group`.
    public func schedule(deadline: Duration, group: ObjectIdentifier, _ job: @escaping @Sendable () -> Void) {
        add(Job(deadline: deadline, order: 0, group: group, work: job))
    }

    /// Drops the waiting jobs of `group` (one running finishes).
    public func cancel(group: ObjectIdentifier) {
        let dropped = state.withLock { state -> [Job] in
            let dropped = state.pending.filter { $0.group == group }
            state.pending.removeAll { $0.group == group }
            return dropped
        }
        _ = dropped // released after the lock
    }

    /// The number of jobs waiting (tests, benchmarks).
    package var pendingCount: Int { state.withLock { $0.pending.count } }

    private func add(_ job: Job) {
        let startsWorker = state.withLock { state -> Bool in
            state.order &+= 1
            let numbered = Job(deadline: job.deadline, order: state.order, group: job.group, work: job.work)
            let index = Self.insertionIndex(of: numbered, in: state.pending)
            state.pending.insert(numbered, at: index)
            guard state.running < workerCount else { return false }
            state.running += 1
            return true
        }
        if startsWorker { queue.async { [self] in drain() } }
    }

    /// Where `job` goes in `pending` (binary search on deadline, then arrival).
    private static func insertionIndex(of job: Job, in pending: [Job]) -> Int {
        var low = 0, high = pending.count
        while low < high {
            let middle = (low + high) / 2
            if pending[middle].precedes(job) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// One worker: runs jobs until none it may run is waiting.
    private func drain() {
        var last: ObjectIdentifier?
        while let job = state.withLock({ $0.take(after: last, affinity: affinity) }) {
            job.work()
            state.withLock { state in
                if let group = job.group { state.busyGroups.remove(group) }
            }
            last = job.group
        }
    }
}
