import Foundation

/// A wait in a test that took longer than its deadline: the test fails with this error instead of
/// hanging the suite.
public struct DeadlineExceeded: Error, CustomStringConvertible {
    /// What was waited for.
    public var what: String
    public var seconds: Double

    public var description: String { "\(what) did not finish within \(seconds) s (a hang?)" }
}

/// Deadlines for what tests wait on. Every wait in the tests goes through one of these, so that a
/// loader that never finishes, a child process that never exits or a stream that never ends fails
/// its test after the deadline instead of hanging the suite.
public enum Deadline {
    /// The deadline of a wait that should take moments: generous, as sanitizer builds on a busy
    /// machine are tens of times slower than a release build on an idle one.
    public static let standard: Double = 120

    /// Runs `body`, a blocking wait, on a thread of its own and returns what it returns; throws
    /// ``DeadlineExceeded`` when it has not returned after `seconds` (the thread is then left
    /// blocked: the test has failed, the suite goes on).
    public static func wait<Result: Sendable>(_ what: String, seconds: Double = standard,
                                              _ body: @escaping @Sendable () throws -> Result) throws -> Result {
        let box = Outcome<Result>()
        let thread = Thread {
            box.set(Swift.Result { try body() })
        }
        thread.stackSize = 8 << 20
        thread.start()
        guard let outcome = box.wait(seconds: seconds) else { throw DeadlineExceeded(what: what, seconds: seconds) }
        return try outcome.get()
    }

    /// Awaits `operation` and returns its result; throws ``DeadlineExceeded`` when it has not
    /// finished after `seconds` (it is then cancelled, and not waited for: an operation that
    /// ignores cancellation cannot hang the test either). For `for await` loops over streams
    /// that might never end.
    public static func run<Result: Sendable>(_ what: String, seconds: Double = standard,
                                             _ operation: @escaping @Sendable () async throws -> Result) async throws -> Result {
        let box = Outcome<Result>()
        let work = Task { box.set(await Swift.Result { try await operation() }) }
        let timer = Task {
            try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
            box.set(.failure(DeadlineExceeded(what: what, seconds: seconds)))
        }
        defer {
            work.cancel()
            timer.cancel()
        }
        return try await box.value().get()
    }
}

/// The first result set, waited for by a thread or a task.
private final class Outcome<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var result: Result<Value, any Error>?
    private var waiters: [CheckedContinuation<Result<Value, any Error>, Never>] = []

    /// Keeps `result` unless one was set before.
    func set(_ result: Result<Value, any Error>) {
        condition.lock()
        guard self.result == nil else { return condition.unlock() }
        self.result = result
        let waiting = waiters
        waiters = []
        condition.broadcast()
        condition.unlock()
        for waiter in waiting { waiter.resume(returning: result) }
    }

    /// The result, or `nil` when none was set within `seconds`.
    func wait(seconds: Double) -> Result<Value, any Error>? {
        let limit = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while result == nil && condition.wait(until: limit) {}
        return result
    }

    /// The result, once set.
    func value() async -> Result<Value, any Error> {
        await withCheckedContinuation { continuation in
            condition.lock()
            if let result {
                condition.unlock()
                continuation.resume(returning: result)
            } else {
                waiters.append(continuation)
                condition.unlock()
            }
        }
    }
}

extension Swift.Result where Failure == any Error {
    /// The result of an async throwing call.
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
