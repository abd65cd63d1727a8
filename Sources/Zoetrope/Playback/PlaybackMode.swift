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
