/// Anything that can be animated: a decoded file, a sequence of stills, a sprite sheet, an image
/// whose bytes are still arriving.
///
/// The playback layer needs nothing else. Implementations are reference types so that players and
/// frame caches can recognise one image shown in many places, and must be safe to call from any
/// thread: ``frame(at:)`` is called from background decoding queues.
///
/// ## The contract
///
/// What every conforming type of this library does (each is tested against it), and what players
/// rely on:
///
/// - **Complete images.** When ``isComplete`` is `true`, every frame is known: ``frameCount`` is at
///   least 1, and the frame count, the durations, the play count and the canvas no longer change.
/// - **Images still arriving** (a ``ProgressiveImage`` receiving its bytes; ``isComplete`` is
///   `false`) report what has arrived, never a placeholder: ``frameCount`` counts the frames whose
///   data is complete — 0 before the first (a ``ProgressiveImage``'s ``canvasSize`` is 0×0 until
///   its header has arrived) — and only grows (an APNG whose animation proves broken at its end, falling back to
///   its still image as when opened whole, is the one exception: its count drops once, when it
///   completes); ``playCount`` is the file's once its header has arrived. ``isComplete`` turns
///   `true` once and stays `true`.
/// - **Durations** are each frame's own, zero or more, for `index` in `0..<frameCount`: a frame
///   not arrived yet has no duration, and no duration stands for "wait".
/// - **Frames**: for `index` in `0..<frameCount`, ``frame(at:)`` returns a `canvasSize` image or
///   throws the decoding error; for any other index it throws (``ZoetropeError`` of kind
///   `.invalidArgument` for this library's images). ``contentsRect(at:)`` is `nil` or a rectangle
///   inside the canvas.
///
/// An ``Animator`` can be prepared with an image once it has a frame (before, ``Animator/prepare(_:)``
/// throws); while it is not complete the animator plays the frames that have arrived and waits on
/// the last one, and once it is complete it plays it as a whole.
public protocol AnimatableImage: AnyObject, Sendable {
    /// The size of every frame (0×0 while a ``ProgressiveImage`` has not received its header).
    var canvasSize: PixelSize { get }
    /// The number of frames known: at least 1 once the image is complete; for an image still
    /// arriving, the frames that have arrived (0 before the first).
    var frameCount: Int { get }
    /// How many times the animation plays.
    var playCount: PlayCount { get }
    /// How long frame `index` is shown: its own duration, zero or more. `index` must be in
    /// `0..<frameCount`.
    func duration(at index: Int) -> Duration
    /// The fully composited frame `index`, canvas-sized. Any index in `0..<frameCount`, in any
    /// order; other indices throw.
    func frame(at index: Int) throws -> RGBAImage
    /// The part of ``frame(at:)`` to show, when only part of the image is the frame (sprite sheets);
    /// `nil` for the whole canvas.
    func contentsRect(at index: Int) -> PixelRect?
    /// Whether every frame is known. `false` while a ``ProgressiveImage`` still receives bytes:
    /// ``frameCount`` may then grow, and an ``Animator`` waits on the last frame that arrived
    /// instead of finishing or looping.
    var isComplete: Bool { get }
}

extension AnimatableImage {
    /// Bytes one decoded frame takes: `width × height × 4`.
    public var bytesPerFrame: Int { canvasSize.width * canvasSize.height * 4 }

    /// The sum of all frame durations: one play of the animation.
    public var totalDuration: Duration {
        var total = Duration.zero
        for index in 0..<frameCount { total += duration(at: index) }
        return total
    }

    /// Whether the image has more than one frame.
    public var isAnimated: Bool { frameCount > 1 }

    public func contentsRect(at index: Int) -> PixelRect? { nil }

    public var isComplete: Bool { true }
}
