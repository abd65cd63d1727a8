#if canImport(UIKit) && !os(watchOS)
import ObjectiveC
import UIKit
import Zoetrope

/// Key of the animation an image view plays, as an associated object: an address no other key has.
nonisolated(unsafe) private let animationKey = UnsafeRawPointer(UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1))

extension UIImageView {
    /// Plays the GIF `name.gif` from `bundle` in this image view, setting ``image`` frame by frame.
    /// - Parameter playCount: plays in all; `nil` follows the file.
    public func animate(withGIFNamed name: String, in bundle: Bundle = .main, playCount: PlayCount? = nil) throws {
        try animate(with: AnimatedImage(contentsOfFile: bundle.zoetropePath(forResource: name, ofType: "gif")),
                    playCount: playCount)
    }

    /// Plays `image` (any ``AnimatableImage``) in this image view on a display-link clock,
    /// replacing what it played before. Playback pauses while the app is in the background.
    public func animate(with image: any AnimatableImage, playCount: PlayCount? = nil) throws {
        let animation = ImageViewAnimation(view: self)
        unsafe objc_setAssociatedObject(self, animationKey, animation, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        try animation.prepareForAnimation(with: image, playCount: playCount)
        animation.playback.setInWindow(true)
        animation.playback.play()
    }

    /// The animator of the animation started by ``animate(with:playCount:)``, if any: pause,
    /// resume, rate, seeking and events.
    public var zoetropeAnimator: Animator? {
        unsafe (objc_getAssociatedObject(self, animationKey) as? ImageViewAnimation)?.animator
    }

    /// Stops the animation started by ``animate(with:playCount:)`` and lets go of its frames; the
    /// image shown stays.
    public func stopZoetropeAnimation() {
        zoetropeAnimator?.unload()
        unsafe objc_setAssociatedObject(self, animationKey, nil, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    }
}

/// The animation an image view plays: sets the view's image on each frame.
private final class ImageViewAnimation: AnimatableView {
    let animator: Animator
    let playback: ViewPlayback
    private let view: WeakImageView

    @MainActor
    init(view: UIImageView) {
        self.view = WeakImageView(view)
        animator = Animator(clock: DisplayLinkClock())
        playback = ViewPlayback(animator: animator)
        ApplicationEvents.follow(cache: animator.cache)
    }

    func display(_ frame: DisplayFrame) {
        onMainThread { [weak self] in
            guard let image = frame.makeCGImage() else { return }
            self?.view.view?.image = UIImage(cgImage: image)
        }
    }
}

/// The image view an animation draws in, held weakly and used on the main thread.
@MainActor
private final class WeakImageView {
    weak var view: UIImageView?
    init(_ view: UIImageView) { self.view = view }
}
#endif
