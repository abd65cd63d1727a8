/// A format's parsed container: the header facts and frame table, and a way to decode one frame's
/// own pixels. Each codec implements one; ``AnimatedImage`` composites on top of it.
///
/// Parsing (the initializer of a conforming type) must be cheap: it walks the file's structure,
/// skipping compressed data, checks ``DecodingLimits`` before anything is allocated, and keeps the
/// frames found before any damage (recording the damage in ``warnings``). It throws only when not
/// one frame can be had.
protocol ImageContainer: Sendable {
    /// The format, as parsed (`.apng` for a PNG with an animation control chunk).
    var format: ImageFormat { get }
    /// The canvas size.
    var canvasSize: PixelSize { get }
    /// The frame table; at least one entry. Delays are already effective under the options given.
    var frames: [FrameInfo] { get }
    /// The loop count exactly as stored (GIF NETSCAPE2.0 value, APNG `num_plays`, WebP `ANIM` loop
    /// count), `nil` when the file stores none.
    var storedLoopCount: Int? { get }
    /// The number of plays under the format's rule.
    var playCount: PlayCount { get }
    /// Damage found while parsing; the frames before it are kept.
    var warnings: [ZoetropeError] { get }
    /// Decodes frame `index`'s own pixels: an image the size of its (unclipped) rectangle, straight
    /// RGBA. Pixels the data does not reach (truncated or damaged data) are transparent, and the
    /// damage is returned with them; a frame with nothing usable throws.
    func decodeFrame(at index: Int) throws(ZoetropeError) -> DecodedFrame
}

/// One frame's own pixels, before compositing.
struct DecodedFrame: Sendable {
    /// Pixels of the frame's rectangle.
    var image: RGBAImage
    /// Damage met while decoding; the pixels after it are transparent.
    var damage: ZoetropeError?
}
