import Foundation

/// Runs `count` calls of `body` at once, each on a thread of its own, and waits (at most
/// `timeout`) for all of them.
enum Concurrently {
    static func run<Result: Sendable>(_ count: Int, timeout: Duration = .seconds(300),
                                      _ body: @escaping @Sendable (Int) throws -> Result) throws -> [Result] {
        let results = Results<Result>(), group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            Thread {
                let result = Swift.Result { try body(index) }
                results.lock.withLock { results.values[index] = result }
                group.leave()
            }.start()
        }
        guard group.wait(timeout: .now() + .seconds(Int(timeout.components.seconds))) == .success else {
            throw LoopbackClient.Failure(description: "\(count) concurrent requests did not finish within \(timeout)")
        }
        return try (0..<count).map { index in try results.lock.withLock { results.values[index]! }.get() }
    }
}

/// What the threads of ``Concurrently/run(_:timeout:_:)`` found, under a lock.
private final class Results<Value>: @unchecked Sendable {
    let lock = NSLock()
    var values: [Int: Result<Value, any Error>] = [:]
}
