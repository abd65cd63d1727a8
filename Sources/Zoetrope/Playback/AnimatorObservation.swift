/// A registration made by ``Animator/observe(_:)``; ``cancel()`` ends it.
public final class AnimatorObservation: Sendable {
    private let onCancel: @Sendable () -> Void

    init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = onCancel
    }

    /// Stops the handler from receiving further events.
    public func cancel() { onCancel() }
}
