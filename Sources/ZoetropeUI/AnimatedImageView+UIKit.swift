#if canImport(UIKit) && !os(watchOS)
import UIKit
import Zoetrope

/// A UIKit view that plays a GIF, APNG or WebP animation on the screen's refresh.
///
/// ```swift
/// let view = AnimatedImageView()
/// try view.animate(withFile: Bundle.main.path(forResource: "cat", ofType: "gif")!)
/// ```
///
/// It pauses while out of a window, hidden or in the background and resumes after; decoded frames
/// are shared with every other view showing the same image and shrink on memory warnings. All the
/// ``AnimatableView`` controls apply (`startAnimating()`, `prepareForReuse()`, …), and ``animator``
/// gives rate, mode, seeking and events. A frame that cannot be decoded leaves the picture before
/// it on screen and is reported as the animator's `frameFailed` event and in `lastFailure`.
@MainActor
public final class AnimatedImageView: UIView, AnimatableView {
    /// The animator that decides what the view shows.
    public nonisolated let animator: Animator
    /// The view's hold on the animator: visibility pausing and ``ViewPlayback/play()``.
    public nonisolated let playback: ViewPlayback
    private let frameLayer = FrameLayer()

    /// How the frames are placed in the view's bounds.
    public var contentFit: ContentFit {
        get { frameLayer.fit }
        set { frameLayer.fit = newValue; setNeedsLayout() }
    }

    /// Creates a view playing on `animator` (by default one on a ``DisplayLinkClock``).
    public init(animator: Animator? = nil) {
        self.animator = animator ?? Animator(clock: DisplayLinkClock())
        playback = ViewPlayback(animator: self.animator)
        super.init(frame: .zero)
        setUp()
    }

    /// Creates a view playing on a new display-link animator.
    public override convenience init(frame: CGRect) {
        self.init(animator: nil)
        self.frame = frame
    }

    /// Creates a view from an archive (a storyboard), playing on a new display-link animator.
    public required init?(coder: NSCoder) {
        animator = Animator(clock: DisplayLinkClock())
        playback = ViewPlayback(animator: animator)
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        layer.addSublayer(frameLayer.layer)
        animator.attach(self)
        ApplicationEvents.follow(cache: animator.cache)
    }

    public override func didMoveToWindow() {
        super.didMoveToWindow()
        playback.setInWindow(window != nil)
    }

    public override var isHidden: Bool {
        didSet { playback.setHidden(isHidden) }
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        frameLayer.layout(in: bounds)
    }

    /// Stops playback and lets go of the image and its frames, and of any resume waiting for the
    /// view to become visible: for views reused in table and collection views.
    public nonisolated func prepareForReuse() {
        playback.prepareForReuse()
    }

    public override var intrinsicContentSize: CGSize {
        frameLayer.intrinsicSize ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// Shows `frame`, on the main thread.
    public nonisolated func display(_ frame: DisplayFrame) {
        onMainThread { [weak self] in
            guard let self else { return }
            if frameLayer.show(frame) {
                invalidateIntrinsicContentSize()
                setNeedsLayout()
            }
        }
    }
}
#endif
