/// How a frame's "over" pixels combine with the canvas: the arithmetic differs between formats,
/// and the reference decoders agree only on their own.
enum FrameBlending: Sendable, Equatable {
    /// Exact non-premultiplied Porter–Duff "over", rounded to nearest (GIF, APNG).
    case exact
    /// Exact "over" for a frame whose every alpha is 0 or 255 (GIF): it copies the opaque pixels
    /// and leaves the canvas under the transparent ones, several pixels at a time.
    case binaryAlpha
    /// libwebp's animation decoder (`WebPAnimDecoder`): its integer non-premultiplied blend for
    /// pixels whose alpha is below 255. A key frame (one drawn on a canvas known to be clear)
    /// clears the canvas and is copied, not blended; so are the pixels of `unblended`, the
    /// previous frame's rectangle when its disposal cleared it.
    case libwebp(keyFrame: Bool, unblended: PixelRect?)
}
