/// Anything that can be animated: a decoded file, a sequence of stills, a sprite sheet.
///
/// The playback layer needs nothing else. Implementations are reference types so that players and
/// frame caches can recognise one image shown in many places, and must be safe to call from any
/// thread: ``frame(at:)`` is called from background decoding queues.
public protocol AnimatableImage: AnyObject, Sendable {
    /// The size of every frame.
    var canvasSize: PixelSize { get }
    /// The number of frames; at least 1.
    var frameCount: Int { get }
    /// How many times the animation plays.
    var playCount: PlayCount { get }
    /// How long frame `index` is shown. `index` must be in `0..<frameCount`.
    func duration(at index: Int) -> Duration
    /// The fully composited frame `index`, canvas-sized. Any index, in any order.
    func frame(at index: Int) throws -> RGBAImage
    /// The part of ``frame(at:)`` to show, when only part of the image is the frame (sprite sheets);
    /// `nil` for the whole canvas.
    func contentsRect(at index: Int) -> PixelRect?
    /// Whether every frame is known. `false` while a ``ProgressiveImage`` still receives bytes:
    /// ``frameCount`` may then grow, and an ``Animator`` waits on the last frame instead of
    /// finishing or looping.
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
