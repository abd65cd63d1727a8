/// How long one piece of work may take, checked cooperatively with the calling task's
/// cancellation between frames and between rows (``Transcoder`` checks it): a request handler's
/// deadline.
///
/// ```swift
/// let task = Task { try Transcoder.transcode(image, options: options) }
/// task.cancel()   // the work throws CancellationError at its next check and frees its buffers
/// ```
public struct ProcessingBudget: Sendable, Hashable {
    /// When the work started.
    public let start: ContinuousClock.Instant
    /// How long it may take (`nil`: as long as it needs).
    public let timeLimit: Duration?

    /// A budget of `timeLimit` from now.
    public init(timeLimit: Duration?) {
        self.start = .now
        self.timeLimit = timeLimit
    }

    /// The instant the work must be done by.
    public var deadline: ContinuousClock.Instant? { timeLimit.map { start + $0 } }

    /// Throws when the work must stop: `CancellationError` when the current task was cancelled,
    /// ``OverBudgetError`` when the deadline has passed.
    public func check() throws {
        if Task.isCancelled { throw CancellationError() }
        guard let timeLimit else { return }
        let elapsed = ContinuousClock.now - start
        if elapsed > timeLimit { throw OverBudgetError(timeLimit: timeLimit, elapsed: elapsed) }
    }
}

/// The error for work that went past its ``ProcessingBudget``: a service answers it as an input
/// too costly to process (the example server: 422 with kind `overBudget`).
public struct OverBudgetError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The budget.
    public var timeLimit: Duration
    /// The time spent when the work stopped.
    public var elapsed: Duration

    /// Creates the error.
    public init(timeLimit: Duration, elapsed: Duration) {
        self.timeLimit = timeLimit
        self.elapsed = elapsed
    }

    public var description: String {
        "the work took more than its budget of \(timeLimit.wholeMilliseconds) ms (stopped after \(elapsed.wholeMilliseconds) ms)"
    }
}
