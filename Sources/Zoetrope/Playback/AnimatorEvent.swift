/// Something that happened during playback. Delivered in order, after the animator's state has
/// changed, to ``Animator/observe(_:)`` handlers and ``Animator/events`` streams.
public enum AnimatorEvent: Sendable, Hashable {
    /// A new frame is shown. `play` is the 0-based play it belongs to.
    case frameChanged(frame: Int, play: Int)
    /// A play through the animation ended. `completed` counts the plays so far; `remaining` is the
    /// number of plays left (`nil` when playing forever, 0 for the last play).
    case playCompleted(completed: Int, remaining: Int?)
    /// The last play ended; the animation rests on its final frame.
    case finished
    /// Frame `frame` could not be decoded (``FrameFailure``): the picture shown before stays for
    /// its time and playback goes on; a jump to it (a seek) leaves playback where it was. Sent
    /// once per frame for each image loaded; ``Animator/lastFailure`` keeps the latest.
    case frameFailed(frame: Int, error: ZoetropeError)
}
