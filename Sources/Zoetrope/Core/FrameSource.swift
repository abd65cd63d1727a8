/// Equally sized frames that an encoder reads in order, possibly more than once, without holding
/// them all: the streaming encoders (``APNGEncoder/encode(_:durations:playCount:level:to:)``,
/// ``GIFEncoder/encode(_:durations:playCount:options:to:)``) make one pass to plan palettes and formats and
/// a second to write, so memory stays at a few canvases whatever the frame count.
///
/// ``AnimatedImage`` is one (its composited frames); so is an array of ``RGBAImage``.
///
/// Every call of ``forEachFrame(_:)`` must pass the same ``frameCount`` frames, in the same order,
/// each of ``canvasSize``: the encoders check the count and size and throw
/// ``ZoetropeError/Kind/invalidArgument`` when a pass differs. The pixels must be the same too: a
/// GIF palette holds only the colours the first pass saw.
public protocol FrameSource {
    /// The size of every frame.
    var canvasSize: PixelSize { get }
    /// How many frames ``forEachFrame(_:)`` passes.
    var frameCount: Int { get }
    /// Calls `body` with every frame in order. The image is only valid during the call.
    func forEachFrame(_ body: (_ index: Int, _ frame: RGBAImage) throws -> Void) throws
}

