#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import Zoetrope

/// An AppKit view that plays a GIF, APNG or WebP animation on the screen's refresh (macOS 14 and
/// later; a 60 Hz timer on macOS 13).
///
/// ```swift
/// let view = AnimatedImageView()
/// try view.animate(withFile: "/path/to/cat.gif")
/// ```
///
/// It pauses while out of a window, hidden or while the app is hidden, and resumes after;
/// decoded frames are shared with every other view showing the same image. All the
/// ``AnimatableView`` controls apply, and ``animator`` gives rate, mode, seeking and events. A frame
/// that cannot be decoded leaves the picture before it on screen and is reported as the animator's
/// `frameFailed` event and in `lastFailure`.
@MainActor
public final class AnimatedImageView: NSView, AnimatableView {
    /// The animator that decides what the view shows.
    public nonisolated let animator: Animator
    /// The view's hold on the animator: visibility pausing and ``ViewPlayback/play()``.
    public nonisolated let playback: ViewPlayback
    private let frameLayer = FrameLayer()

    /// How the frames are placed in the view's bounds.
    public var contentFit: ContentFit {
        get { frameLayer.fit }
        set { frameLayer.fit = newValue; needsLayout = true }
    }

    /// Creates a view playing on `animator` (by default a display-link one, or a timer before macOS 14).
    public init(animator: Animator? = nil) {
        self.animator = animator ?? Self.makeAnimator()
        playback = ViewPlayback(animator: self.animator)
        super.init(frame: .zero)
        setUp()
    }

    /// Creates a view playing on a new animator.
    public override convenience init(frame frameRect: NSRect) {
        self.init(animator: nil)
        self.frame = frameRect
    }

    /// Creates a view from an archive (a nib), playing on a new animator.
    public required init?(coder: NSCoder) {
        animator = Self.makeAnimator()
        playback = ViewPlayback(animator: animator)
        super.init(coder: coder)
        setUp()
    }

    private static func makeAnimator() -> Animator {
        if #available(macOS 14.0, *) { return Animator(clock: DisplayLinkClock()) }
        return Animator(clock: TimerClock(ticksPerSecond: 60))
    }

    private func setUp() {
        wantsLayer = true
        layer?.addSublayer(frameLayer.layer)
        animator.attach(self)
        ApplicationEvents.follow(cache: animator.cache)
    }

    public override func viewDidMoveToWindow() {
        super.viewDidMoveToWindow()
        if #available(macOS 14.0, *), window != nil, let clock = animator.clock as? DisplayLinkClock {
            clock.attach(to: self)
        }
        playback.setInWindow(window != nil)
    }

    public override func viewDidHide() {
        super.viewDidHide()
        playback.setHidden(true)
    }

    public override func viewDidUnhide() {
        super.viewDidUnhide()
        playback.setHidden(false)
    }

    public override func layout() {
        super.layout()
        frameLayer.layout(in: bounds)
    }

    /// Stops playback and lets go of the image and its frames, and of any resume waiting for the
    /// view to become visible: for views reused in table and collection views. Then NSView's own
    /// reset runs (alpha 1, not hidden).
    ///
    /// NSView declares `prepareForReuse()`: without this override, NSView's would run wherever the
    /// static type is `AnimatedImageView`, hiding ``AnimatableView``'s, and the frames would stay.
    public override func prepareForReuse() {
        playback.prepareForReuse()
        super.prepareForReuse()
    }

    public override var intrinsicContentSize: NSSize {
        frameLayer.intrinsicSize ?? NSSize(width: NSView.noIntrinsicMetric, height: NSView.noIntrinsicMetric)
    }

    /// Shows `frame`, on the main thread.
    public nonisolated func display(_ frame: DisplayFrame) {
        onMainThread { [weak self] in
            guard let self else { return }
            if frameLayer.show(frame) {
                invalidateIntrinsicContentSize()
                needsLayout = true
            }
        }
    }
}
#endif
