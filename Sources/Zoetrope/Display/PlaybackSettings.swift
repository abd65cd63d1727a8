/// What a declarative view asks of its animator (SwiftUI's modifiers and binding):
/// ``ViewPlayback/apply(_:)`` changes only what differs from the settings applied before.
public struct PlaybackSettings: Sendable, Hashable {
    /// Whether the animation should play.
    public var isPlaying: Bool
    /// Rate, order of frames and number of plays.
    public var style: PlaybackStyle

    /// Creates settings; the defaults play the image as a browser does.
    public init(isPlaying: Bool = true, style: PlaybackStyle = PlaybackStyle()) {
        self.isPlaying = isPlaying
        self.style = style
    }
}
