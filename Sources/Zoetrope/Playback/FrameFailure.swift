/// A frame that could not be decoded during playback: which one, and why.
///
/// An ``Animator`` reports it as ``AnimatorEvent/frameFailed(frame:error:)`` and keeps the latest
/// in ``Animator/lastFailure``; the picture shown before stays on screen for the broken frame's
/// time, and the frames after it play on.
public struct FrameFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The index of the frame that failed.
    public var frame: Int
    /// Why: the decoding error (an error of a custom ``AnimatableImage`` that is not a
    /// ``ZoetropeError`` arrives as one of kind `.malformed` carrying its description).
    public var error: ZoetropeError

    /// Creates a failure.
    public init(frame: Int, error: ZoetropeError) {
        self.frame = frame
        self.error = error
    }

    public var description: String { "frame \(frame + 1) could not be decoded: \(error)" }
}

extension ZoetropeError {
    /// `error` as a ``ZoetropeError``: itself when it is one, else one of kind `.malformed` with
    /// its description (errors thrown by custom images).
    init(decoding error: any Error) {
        self = error as? ZoetropeError ?? ZoetropeError(.malformed, "\(error)")
    }
}
