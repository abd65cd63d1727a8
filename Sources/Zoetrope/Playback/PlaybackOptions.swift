/// The order frames play in.
public enum PlaybackMode: String, Sendable, Hashable, CaseIterable {
    /// First to last frame; a finished animation rests on the last frame.
    case forward
    /// Last to first frame; a finished animation rests on frame 0.
    case reverse
    /// First to last and back again (`0 … n−1 … 1` is one play); a finished animation rests on
    /// frame 0, where the bounce returns.
    case bounce
}

/// What the animator does when it is late: when one tick carries more time than the frame
/// being shown has left.
public enum LatenessPolicy: String, Sendable, Hashable, CaseIterable {
    /// Keep wall-clock time: skip the frames whose time has passed (browsers, FLAnimatedImage).
    case skipFrames
    /// Show every frame for at least one tick: advance at most one frame per tick, and let the
    /// animation slow down instead (YYImage, SDWebImage).
    case showEveryFrame
}

/// Something that happened during playback. Delivered in order, after the animator's state has
/// changed, to ``Animator/observe(_:)`` handlers and ``Animator/events`` streams.
public enum AnimatorEvent: Sendable, Hashable {
    /// A new frame is shown. `loop` is the 0-based play it belongs to.
    case frameChanged(frame: Int, loop: Int)
    /// A play through the animation ended. `completed` counts the plays so far; `remaining` is the
    /// number of plays left (`nil` when looping forever, 0 for the last play).
    case loopCompleted(completed: Int, remaining: Int?)
    /// The last play ended; the animation rests on its final frame.
    case finished
}
