/// A view that plays animations: any type that holds an ``Animator`` and can show a frame.
///
/// Adopt it by providing ``animator`` and ``display(_:)``; the extension gives the rest (the
/// pattern of Gifu's `GIFAnimatable`):
///
/// ```swift
/// final class FrameCounterView: AnimatableView {
///     let animator = Animator(clock: TimerClock(ticksPerSecond: 30))
///     func display(_ frame: DisplayFrame) { print("frame", frame.index) }
/// }
/// let view = FrameCounterView()
/// try view.animate(withFile: "cat.gif")
/// ```
///
/// The animator calls ``updateImageIfNeeded()`` (hence ``display(_:)``) on the thread that changed
/// the frame: the clock's thread while playing, the caller's for controls. A view bound to one
/// thread hops there in ``display(_:)``.
public protocol AnimatableView: AnyObject, Sendable {
    /// The animator that decides what this view shows.
    var animator: Animator { get }
    /// Shows `frame` (for a sprite sheet, the part of the image in its `contentsRect`).
    func display(_ frame: DisplayFrame)
}

extension AnimatableView {
    /// Loads `image` and shows its first frame, ready to ``startAnimating()``.
    /// - Parameters:
    ///   - image: the animation to show.
    ///   - playCount: plays in all, replacing the image's own count; `nil` follows the image.
    public func prepareForAnimation(with image: any AnimatableImage, playCount: PlayCount? = nil) throws {
        animator.attach(self)
        try animator.prepare(image, playCount: playCount)
        updateImageIfNeeded()
    }

    /// Opens an image from its bytes (GIF, PNG/APNG, WebP) and shows its first frame.
    public func prepareForAnimation(withBytes bytes: [UInt8], options: DecodingOptions = .default,
                                    playCount: PlayCount? = nil) throws {
        try prepareForAnimation(with: AnimatedImage(bytes: bytes, options: options), playCount: playCount)
    }

    /// Opens an image file and shows its first frame.
    public func prepareForAnimation(withFile path: String, options: DecodingOptions = .default,
                                    playCount: PlayCount? = nil) throws {
        try prepareForAnimation(with: AnimatedImage(contentsOfFile: path, options: options), playCount: playCount)
    }

    /// Loads an image from its bytes and starts playing it.
    public func animate(withBytes bytes: [UInt8], options: DecodingOptions = .default,
                        playCount: PlayCount? = nil) throws {
        try prepareForAnimation(withBytes: bytes, options: options, playCount: playCount)
        startAnimating()
    }

    /// Loads an image file and starts playing it.
    public func animate(withFile path: String, options: DecodingOptions = .default,
                        playCount: PlayCount? = nil) throws {
        try prepareForAnimation(withFile: path, options: options, playCount: playCount)
        startAnimating()
    }

    /// Starts or resumes playback.
    public func startAnimating() { animator.play() }

    /// Pauses playback where it is (``Animator/stop()`` goes back to the start instead).
    public func stopAnimating() { animator.pause() }

    /// Whether the animation is playing.
    public var isAnimating: Bool { animator.isPlaying }

    /// The number of frames of the image loaded (0 without one).
    public var frameCount: Int { animator.frameCount }

    /// The frame shown now.
    public var activeFrame: RGBAImage? { animator.activeFrame }

    /// The latest frame that could not be decoded, if any: the view kept showing the picture before
    /// it (``Animator/lastFailure``). A first frame that cannot be decoded is thrown by
    /// ``prepareForAnimation(with:playCount:)`` instead.
    public var lastFailure: FrameFailure? { animator.lastFailure }

    /// Stops playback and lets go of the image and its frames: for views reused in scrolling lists.
    public func prepareForReuse() { animator.unload() }

    /// Shows the animator's frame if it changed since the view last showed one.
    public func updateImageIfNeeded() {
        if let frame = animator.takeFrameToDisplay() { display(frame) }
    }
}
