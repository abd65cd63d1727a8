import Dispatch

/// Where a frame cache runs its background decoding. Injectable so that tests and simulations can
/// decide exactly when decoding happens.
public protocol DecodeScheduler: Sendable {
    /// Runs `job` later, never before returning.
    func schedule(_ job: @escaping @Sendable () -> Void)
    /// Runs `job` later, never before returning: the decode of a frame of image `group` that is
    /// due at `deadline` (on the frame cache's clock). Schedulers that can order their work run
    /// earlier deadlines first; by default this is ``schedule(_:)``.
    func schedule(deadline: Duration, group: ObjectIdentifier, _ job: @escaping @Sendable () -> Void)
    /// Drops the jobs of `group` not started yet: nobody shows that image any more. By default,
    /// nothing (each job then finds there is nothing to do).
    func cancel(group: ObjectIdentifier)
}

extension DecodeScheduler {
    /// Runs `job` with ``schedule(_:)``: no ordering by deadline.
    public func schedule(deadline: Duration, group: ObjectIdentifier, _ job: @escaping @Sendable () -> Void) {
        schedule(job)
    }

    /// Drops nothing.
    public func cancel(group: ObjectIdentifier) {}
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
