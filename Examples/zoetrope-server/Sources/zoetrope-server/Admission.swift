import Metrics

/// Bounds the work in flight. At most `concurrency + queue` requests are in flight at all
/// (reading their bodies, waiting or running): beyond that a request is refused at once, and the
/// service answers 503 with `Retry-After`. Of those, at most `concurrency` transcodes run, and
/// only while their estimated working memory fits in `workMemory` together; the others wait in
/// arrival order.
actor Admission {
    private let inFlightLimit: Int
    private let concurrency: Int
    let workMemory: Int
    private var inFlight = 0
    private var running = 0
    private var memoryInUse = 0
    private var nextID: UInt64 = 0
    private var waiters: [Waiter] = []

    private struct Waiter {
        var id: UInt64
        var cost: Int
        var continuation: CheckedContinuation<Void, any Error>
    }

    private let inFlightGauge = Gauge(label: "zoetrope_requests_in_flight")
    private let waitingGauge = Gauge(label: "zoetrope_transcodes_waiting")
    private let memoryGauge = Gauge(label: "zoetrope_work_memory_reserved_bytes")

    init(concurrency: Int, queue: Int, workMemory: Int) {
        self.inFlightLimit = concurrency + queue
        self.concurrency = concurrency
        self.workMemory = workMemory
    }

    /// Counts a request in; `false` when the service is full (answer 503).
    func enter() -> Bool {
        guard inFlight < inFlightLimit else { return false }
        inFlight += 1
        inFlightGauge.record(inFlight)
        return true
    }

    /// Counts a request out.
    func leave() {
        inFlight -= 1
        inFlightGauge.record(inFlight)
    }

    /// Waits until a transcode of `cost` bytes may run (in arrival order); call ``finish(cost:)``
    /// after it. Throws `CancellationError` when the waiting task is cancelled.
    func start(cost: Int) async throws {
        if waiters.isEmpty, running < concurrency, memoryInUse + cost <= workMemory {
            reserve(cost)
            return
        }
        let id = nextID
        nextID += 1
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                waiters.append(Waiter(id: id, cost: cost, continuation: continuation))
                waitingGauge.record(waiters.count)
            }
        } onCancel: {
            Task { await self.abandon(id) }
        }
    }

    /// Gives back a finished transcode's slot and memory, and starts those waiting that now fit.
    func finish(cost: Int) {
        running -= 1
        memoryInUse -= cost
        memoryGauge.record(memoryInUse)
        startWaiters()
    }

    private func reserve(_ cost: Int) {
        running += 1
        memoryInUse += cost
        memoryGauge.record(memoryInUse)
    }

    private func startWaiters() {
        while let first = waiters.first, running < concurrency, memoryInUse + first.cost <= workMemory {
            waiters.removeFirst()
            reserve(first.cost)
            first.continuation.resume()
        }
        waitingGauge.record(waiters.count)
    }

    private func abandon(_ id: UInt64) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(throwing: CancellationError())
        startWaiters()
    }
}
