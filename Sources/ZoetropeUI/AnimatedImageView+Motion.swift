#if canImport(UIKit) && !os(watchOS) || canImport(AppKit) && !targetEnvironment(macCatalyst)
import Foundation
import Zoetrope

/// Starting through ``ViewPlayback``, so that the view follows the system's Animated Images and
/// Reduce Motion settings (``MotionSettings``): these replace the ``AnimatableView`` controls of the
/// same name, which start the animator whatever the settings say.
extension AnimatedImageView {
    /// Plays when the view can be seen and the system's motion settings allow autoplay; until then
    /// it shows the first frame (``ViewPlayback/play()``). For a person's explicit request, call
    /// `playback.playOnRequest()`.
    public nonisolated func startAnimating() { playback.play() }

    /// Pauses where it is, and forgets a play waiting for the view or for the settings.
    public nonisolated func stopAnimating() { playback.pause() }

    /// Loads an image from its bytes, shows its first frame and plays it as ``startAnimating()`` does.
    public nonisolated func animate(withBytes bytes: [UInt8], options: DecodingOptions = .default,
                                    playCount: PlayCount? = nil) throws {
        try prepareForAnimation(withBytes: bytes, options: options, playCount: playCount)
        startAnimating()
    }

    /// Opens an image file, shows its first frame and plays it as ``startAnimating()`` does.
    public nonisolated func animate(withFile path: String, options: DecodingOptions = .default,
                                    playCount: PlayCount? = nil) throws {
        try prepareForAnimation(withFile: path, options: options, playCount: playCount)
        startAnimating()
    }

    /// Plays the GIF `name.gif` from `bundle` (the app's by default) as ``startAnimating()`` does.
    public nonisolated func animate(withGIFNamed name: String, in bundle: Bundle = .main,
                                    playCount: PlayCount? = nil) throws {
        try animate(withFile: bundle.zoetropePath(forResource: name, ofType: "gif"), playCount: playCount)
    }
}
#endif
