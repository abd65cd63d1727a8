import Dispatch

/// Where a frame cache runs its background decoding. Injectable so that tests and simulations can
/// decide exactly when decoding happens.
public protocol DecodeScheduler: Sendable {
    /// Runs `job` later, never before returning.
    func schedule(_ job: @escaping @Sendable () -> Void)
}

/// Decodes on a Dispatch queue: the production scheduler.
public struct DispatchDecodeScheduler: DecodeScheduler {
    private let queue: DispatchQueue

    /// Decodes on `queue`; by default a serial utility queue, which keeps decoding in order (the
    /// fast path of delta-coded formats) and leaves other cores to the app.
    public init(queue: DispatchQueue = DispatchQueue(label: "Zoetrope.decode", qos: .utility)) {
        self.queue = queue
    }

    /// Runs `job` on the queue.
    public func schedule(_ job: @escaping @Sendable () -> Void) {
        queue.async(execute: job)
    }
}
