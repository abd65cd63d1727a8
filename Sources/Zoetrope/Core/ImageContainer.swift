/// A format's parsed container: its frame table, and a way to decode one frame's own pixels. Each
/// codec implements one; ``AnimatedImage`` composites on top of it.
///
/// Parsing (the initializer of a conforming type) must be cheap: it walks the file's structure,
/// skipping compressed data, and appends its frames to a ``FrameTableBuilder``, which checks
/// ``DecodingLimits`` before anything is allocated and keeps the frames found before any damage.
/// It throws only when not one frame can be had.
protocol ImageContainer: Sendable {
    /// The format, as parsed (`.apng` for a PNG with an animation control chunk).
    var format: ImageFormat { get }
    /// The frame table, loop count and warnings.
    var table: FrameTable { get }
    /// Decodes frame `index`'s own pixels: an image the size of its (unclipped) rectangle, straight
    /// RGBA. Pixels the data does not reach (truncated or damaged data) are transparent, and the
    /// damage is returned with them; a frame with nothing usable throws.
    ///
    /// `index` is within `table.frames.indices`: callers check it (``AnimatedImage`` does, once).
    func decodeFrame(at index: Int) throws(ZoetropeError) -> DecodedFrame
}

/// One frame's own pixels, before compositing.
struct DecodedFrame: Sendable {
    /// Pixels of the frame's rectangle.
    var image: RGBAImage
    /// Damage met while decoding; the pixels after it are transparent.
    var damage: ZoetropeError?
    /// How its "over" pixels combine with the canvas.
    var blending: FrameBlending = .exact
}
