/// The system's settings that decide whether an animation may play by itself: **Animated Images**
/// (Settings ▸ Accessibility ▸ Motion ▸ Animated Images on iOS 17, macOS 14 and later) and
/// **Reduce Motion**.
///
/// When either says no, views and surface attachments show their poster frame (frame 0) instead
/// of starting; a person can still play one by asking for it (``ViewPlayback/playOnRequest()``,
/// ``SurfaceAttachment/playOnRequest()``). `ZoetropeUI` reads both settings from the system and
/// follows their changes (``ApplicationActivity/setMotion(_:)``); SwiftUI's environment values
/// reach an `AnimatedImagePlayer` the same way.
public struct MotionSettings: Sendable, Hashable {
    /// Whether the Animated Images setting is on (it is by default, and on systems without it).
    public var playsAnimatedImages: Bool
    /// Whether Reduce Motion is on.
    public var reducesMotion: Bool

    /// Creates settings; the defaults let animations play.
    public init(playsAnimatedImages: Bool = true, reducesMotion: Bool = false) {
        self.playsAnimatedImages = playsAnimatedImages
        self.reducesMotion = reducesMotion
    }

    /// Whether an animation may start without being asked by the person looking at it: Animated
    /// Images on and Reduce Motion off.
    public var allowsAutoplay: Bool { playsAnimatedImages && !reducesMotion }

    /// Whether an animation plays: always when the person asked for it (`requested`), otherwise
    /// only when ``allowsAutoplay``.
    public func allowsPlaying(requested: Bool) -> Bool { requested || allowsAutoplay }
}
