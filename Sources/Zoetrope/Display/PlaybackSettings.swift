/// What a declarative view asks of its animator (SwiftUI's modifiers and binding):
/// ``ViewPlayback/apply(_:)`` changes only what differs from the settings applied before.
public struct PlaybackSettings: Sendable, Hashable {
    /// Whether the animation should play.
    public var isPlaying: Bool
    /// Playback speed (see ``Animator/rate``).
    public var rate: Double
    /// Plays in all; `nil` follows the image.
    public var playCount: PlayCount?
    /// The order frames play in.
    public var mode: PlaybackMode

    /// Creates settings; the defaults play the image as a browser does.
    public init(isPlaying: Bool = true, rate: Double = 1, playCount: PlayCount? = nil, mode: PlaybackMode = .forward) {
        self.isPlaying = isPlaying
        self.rate = rate
        self.playCount = playCount
        self.mode = mode
    }
}
