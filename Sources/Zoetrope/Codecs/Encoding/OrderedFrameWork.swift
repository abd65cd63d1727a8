#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Bionic)
import Bionic
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// How many frames an encoder compresses at once: `convert --jobs`, ``TranscodeOptions/workers``.
package enum EncodingWorkers {
    /// The most workers an encoder starts, however many processors there are: each holds a frame
    /// and its compressor's working memory.
    package static let maximum = 8

    /// One per online processor, between 1 and ``maximum``.
    package static var automatic: Int {
        let online = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        return max(1, min(Int(online), maximum))
    }

    /// `requested` clamped to 1…``maximum``, or ``automatic`` for `nil`.
    package static func count(_ requested: Int?) -> Int {
        requested.map { max(1, min($0, maximum)) } ?? automatic
    }
}

/// The compression stage of an encoder's pipeline: the caller plans frames in order on its own
/// thread (what depends on the frames before: palettes against the displayed canvas, change
/// rectangles, dispose ops) and submits each frame's independent, expensive step (LZW, deflate,
/// VP8L) as a job; the jobs run on `workers` threads and their results reach `deliver` in the order
/// they were submitted, on the caller's thread.
///
/// Output does not depend on the number of workers: a job is a pure function of what it captured,
/// and the order of delivery is the order of submission. Memory stays bounded: at most `window`
/// jobs are submitted and not yet delivered (``submit(_:)`` waits for the oldest), each holding
/// its own frame. Jobs wait in one queue, oldest first, for whichever worker is free (a worker that
/// finishes takes the next job rather than idling while another works through its own), so a
/// job waits only while every worker is busy. With one worker a job runs at once on the caller's
/// thread (no threads).
final class OrderedFrameWork<Output: Sendable> {
    private typealias Slot = LockedState<Result<Output, any Error>?>
    private typealias Job = @Sendable () throws -> Output

    /// Jobs submitted and not yet started, oldest first (at most the window), and how many runs
    /// each lane has queued or running.
    private struct Queue {
        var jobs: [(job: Job, slot: Slot, done: DispatchSemaphore)] = []
        var runs: [Int]

        /// The oldest job waiting, no longer held here (its frame goes when it has run).
        mutating func take() -> (job: Job, slot: Slot, done: DispatchSemaphore)? {
            jobs.isEmpty ? nil : jobs.removeFirst()
        }
    }

    private let lanes: [DispatchQueue]
    private let queue: LockedState<Queue>
    private let window: Int
    private let deliver: (Output) throws -> Void
    /// Submitted, not yet delivered, oldest first.
    private var inFlight: [(slot: Slot, done: DispatchSemaphore)] = []
    private var submitted = 0

    /// Runs `body` with a pipeline of `workers` threads (1 or fewer: none) holding at most
    /// `window` jobs (at least `workers`), delivers every result, and returns only once every job
    /// submitted has finished, also when `body` or `deliver` throws.
    static func run(workers: Int, window: Int, deliver: (Output) throws -> Void,
                    _ body: (OrderedFrameWork) throws -> Void) throws {
        try withoutActuallyEscaping(deliver) { deliver in
            // `deliver` is only called from `body`'s submissions and `finish`, all before `run` returns.
            let work = OrderedFrameWork(workers: workers, window: window, deliver: deliver)
            defer { work.waitForAll() }
            try body(work)
            try work.finish()
        }
    }

    private init(workers: Int, window: Int, deliver: @escaping (Output) throws -> Void) {
        let threads = workers > 1 ? workers : 0
        lanes = (0..<threads).map { DispatchQueue(label: "Zoetrope.encode.\($0)", qos: .userInitiated) }
        queue = LockedState(Queue(runs: Array(repeating: 0, count: threads)))
        self.window = max(window, threads, 1)
        self.deliver = deliver
    }

    /// Runs `job` (at once with one worker, else on the next free worker) and delivers the
    /// results of earlier jobs that are done; waits for the oldest when the window is full.
    func submit(_ job: @escaping @Sendable () throws -> Output) throws {
        guard !lanes.isEmpty else {
            try deliver(try job())
            return
        }
        while inFlight.count >= window { try deliverOldest() }
        let slot = Slot(nil), done = DispatchSemaphore(value: 0)
        // A run on an idle lane if there is one (else the next lane in turn): it takes the oldest
        // job waiting, and goes on taking them while there are any.
        let lane = queue.withLock { queue in
            queue.jobs.append((job, slot, done))
            let lane = queue.runs.firstIndex(of: 0) ?? submitted % queue.runs.count
            queue.runs[lane] += 1
            return lane
        }
        let queue = self.queue
        lanes[lane].async {
            while let next = queue.withLock({ $0.take() }) {
                let result = Result { try next.job() }
                next.slot.withLock { $0 = result }
                next.done.signal()
            }
            queue.withLock { $0.runs[lane] -= 1 }
        }
        submitted += 1
        inFlight.append((slot, done))
    }

    /// Delivers every result still in flight, in order.
    private func finish() throws {
        while !inFlight.isEmpty { try deliverOldest() }
    }

    private func deliverOldest() throws {
        let (slot, done) = inFlight.removeFirst()
        done.wait()
        let result = slot.withLock { value in
            defer { value = nil }
            return value
        }
        try result.map { try deliver(try $0.get()) }
    }

    /// Waits for the jobs not delivered (after an error), discarding their results.
    private func waitForAll() {
        for (_, done) in inFlight { done.wait() }
        inFlight.removeAll()
    }
}
