/// What the animator does when it is late: when one tick carries more time than the frame
/// being shown has left.
public enum LatenessPolicy: String, Sendable, Hashable, CaseIterable {
    /// Keep wall-clock time: skip the frames whose time has passed (browsers, FLAnimatedImage).
    case skipFrames
    /// Show every frame for at least one tick: advance at most one frame per tick, and let the
    /// animation slow down instead (YYImage, SDWebImage).
    case showEveryFrame
}
