import Foundation

/// Threads of their own for the CPU-bound work: transcodes run here (as a task executor
/// preference), so they never occupy the threads that accept connections, read bodies and answer
/// 503s, and a request's task is still a Swift task (its cancellation reaches the transcoder).
///
/// The queue's lock is taken when a job is enqueued or picked up: once per transcode, not per
/// frame (a transcode is one synchronous stretch of a job).
final class TranscodeExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    init(threads: Int) {
        for index in 0..<threads {
            let thread = Thread { self.work() }   // the executor lives as long as the process
            thread.name = "transcode-\(index)"
            thread.stackSize = 4 << 20
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
