/// How an animation plays: its speed, the order of its frames and its number of plays.
///
/// Declared once and shared by everything that plays: an ``Animator/Configuration``, the
/// ``PlaybackSettings`` a declarative view applies, and the terminal player's options.
///
/// ```swift
/// let style = PlaybackStyle(rate: 2, mode: .bounce, playCount: .finite(3))
/// let animator = Animator(configuration: Animator.Configuration(style: style))
/// ```
public struct PlaybackStyle: Sendable, Hashable {
    /// Playback speed: 2 plays twice as fast, 0.5 half as fast; 0 (and any negative or non-finite
    /// value) stands still.
    public var rate: Double
    /// The order frames play in.
    public var mode: PlaybackMode
    /// Plays in all, replacing the image's own count; `nil` follows the image.
    public var playCount: PlayCount?

    /// Creates a style; the defaults play an image as a browser does.
    public init(rate: Double = 1, mode: PlaybackMode = .forward, playCount: PlayCount? = nil) {
        self.rate = rate
        self.mode = mode
        self.playCount = playCount
    }

    /// The number of plays of an image whose own count is `imageCount`: ``playCount`` when set;
    /// `nil` for forever.
    package func plays(imageCount: PlayCount) -> Int? {
        (playCount ?? imageCount).count
    }

    /// The rate time is multiplied by: ``rate``, or 0 when it is negative or not finite.
    var effectiveRate: Double { rate > 0 && rate.isFinite ? rate : 0 }
}
