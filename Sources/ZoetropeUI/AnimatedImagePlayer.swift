#if canImport(SwiftUI) && (canImport(UIKit) && !os(watchOS) || canImport(AppKit))
import SwiftUI
import Zoetrope

/// A SwiftUI view that plays an animation.
///
/// ```swift
/// @State private var playing = true
/// var body: some View {
///     AnimatedImagePlayer(image, isPlaying: $playing)
///         .playbackRate(1.5)
///         .playCount(.finite(3))
///         .onFinish { print("done") }
/// }
/// ```
///
/// Setting `isPlaying` plays or pauses; when the last play ends the binding becomes `false` and
/// the finish action runs. Changing only the modifiers keeps the position; a different image starts
/// over. Playback pauses by itself while the view is off screen or the app in the background.
/// With the Animated Images setting off or Reduce Motion on (SwiftUI's
/// `accessibilityPlayAnimatedImages` and `accessibilityReduceMotion` environment values), the
/// player shows its first frame instead of starting by itself; `isPlaying` turning from `false` to
/// `true` (a play button) counts as the person's request and plays.
/// A frame that cannot be decoded goes to the ``onFailure(_:)`` action: a broken first frame
/// leaves the view empty (or on the image shown before), a broken later frame leaves the picture
/// before it while the rest plays on.
public struct AnimatedImagePlayer: View {
    let image: any AnimatableImage
    let isPlaying: Binding<Bool>
    var settings = PlaybackSettings()
    var fit = ContentFit.aspectFit
    var finishAction: (@MainActor () -> Void)?
    var failureAction: (@MainActor (FrameFailure) -> Void)?

    /// Plays `image`, playing or paused as `isPlaying` says (playing by default).
    public init(_ image: any AnimatableImage, isPlaying: Binding<Bool> = .constant(true)) {
        self.image = image
        self.isPlaying = isPlaying
    }

    public var body: some View {
        PlayerRepresentable(player: self)
    }

    /// Plays at `rate` (2 twice as fast, 0.5 half as fast).
    public func playbackRate(_ rate: Double) -> Self { with { $0.settings.style.rate = rate } }
    /// Plays `count` times in all; `nil` follows the image.
    public func playCount(_ count: PlayCount?) -> Self { with { $0.settings.style.playCount = count } }
    /// Plays forward, in reverse, or back and forth.
    public func playbackMode(_ mode: PlaybackMode) -> Self { with { $0.settings.style.mode = mode } }
    /// Places the frames in the view's bounds by `fit` (aspect fit by default).
    public func contentFit(_ fit: ContentFit) -> Self { with { $0.fit = fit } }
    /// Runs `action` when the last play ends.
    public func onFinish(_ action: @escaping @MainActor () -> Void) -> Self { with { $0.finishAction = action } }
    /// Runs `action` when a frame cannot be decoded (the first frame when the image is loaded, or
    /// a later one while it plays).
    public func onFailure(_ action: @escaping @MainActor (FrameFailure) -> Void) -> Self {
        with { $0.failureAction = action }
    }

    private func with(_ change: (inout Self) -> Void) -> Self {
        var copy = self
        change(&copy)
        return copy
    }
}

/// Keeps the platform view in step with an ``AnimatedImagePlayer``.
@MainActor
final class PlayerCoordinator {
    private var image: (any AnimatableImage)?
    private var observation: AnimatorObservation?
    var isPlaying: Binding<Bool>?
    var finishAction: (@MainActor () -> Void)?
    var failureAction: (@MainActor (FrameFailure) -> Void)?

    func update(_ view: AnimatedImageView, from player: AnimatedImagePlayer, environment: EnvironmentValues) {
        isPlaying = player.isPlaying
        finishAction = player.finishAction
        failureAction = player.failureAction
        view.contentFit = player.fit
        if observation == nil {
            observation = view.animator.observe { [weak self] event in
                guard let self else { return }
                switch event {
                case .finished: onMainThread { self.finished() }
                case .frameFailed(let frame, let error):
                    onMainThread { self.failureAction?(FrameFailure(frame: frame, error: error)) }
                default: break
                }
            }
        }
        if image !== player.image {
            image = player.image
            do {
                try view.prepareForAnimation(with: player.image)
            } catch {
                // The view keeps what it showed (nothing, for a first image).
                let error = error as? ZoetropeError ?? ZoetropeError(.malformed, "\(error)")
                failureAction?(FrameFailure(frame: 0, error: error))
            }
        }
        view.playback.setMotion(Self.motion(in: environment))
        var settings = player.settings
        settings.isPlaying = player.isPlaying.wrappedValue
        view.playback.apply(settings)
    }

    /// The motion settings of SwiftUI's environment (Animated Images: iOS 17, macOS 14 and later).
    private static func motion(in environment: EnvironmentValues) -> MotionSettings {
        var motion = MotionSettings(reducesMotion: environment.accessibilityReduceMotion)
        if #available(macOS 14.0, iOS 17.0, tvOS 17.0, *) {
            motion.playsAnimatedImages = environment.accessibilityPlayAnimatedImages
        }
        return motion
    }

    deinit {
        observation?.cancel()
    }

    private func finished() {
        isPlaying?.wrappedValue = false
        finishAction?()
    }
}

@MainActor
private struct PlayerRepresentable {
    let player: AnimatedImagePlayer
    func makeCoordinator() -> PlayerCoordinator { PlayerCoordinator() }
}

#if canImport(UIKit)
extension PlayerRepresentable: UIViewRepresentable {
    func makeUIView(context: Context) -> AnimatedImageView { AnimatedImageView() }
    func updateUIView(_ view: AnimatedImageView, context: Context) {
        context.coordinator.update(view, from: player, environment: context.environment)
    }
}
#else
extension PlayerRepresentable: NSViewRepresentable {
    func makeNSView(context: Context) -> AnimatedImageView { AnimatedImageView() }
    func updateNSView(_ view: AnimatedImageView, context: Context) {
        context.coordinator.update(view, from: player, environment: context.environment)
    }
}
#endif
#endif
