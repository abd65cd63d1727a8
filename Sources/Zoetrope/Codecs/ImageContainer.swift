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
    /// Decodes frame `index`'s own pixels: an image the size of its rectangle (or of the part of it
    /// inside the canvas, which the result's `rect` then gives), straight RGBA. Pixels the data does not reach (truncated or damaged data) are transparent, and the
    /// damage is returned with them; a frame with nothing usable throws.
    ///
    /// `index` is within `table.frames.indices`: callers check it (``AnimatedImage`` does, once).
    func decodeFrame(at index: Int) throws(ZoetropeError) -> DecodedFrame

    /// Draws frame `index` onto `compositor`'s canvas exactly as drawing ``decodeFrame(at:)``'s
    /// result with ``DecodedFrame/drawing(_:)`` does (before `dispose`), returning its damage: the
    /// sequential path, which a codec may take without a frame buffer of its own. `scratch` is
    /// working memory the codec may grow and reuse from frame to frame (its contents are junk).
    /// `info` is `table.frames[index]`.
    /// - Throws: what ``decodeFrame(at:)`` throws, or `limitExceeded` when a canvas-sized buffer
    ///   cannot be allocated; the canvas is then untouched.
    func drawFrame(at index: Int, info: FrameInfo, onto compositor: inout Compositor,
                   scratch: inout [UInt8]) throws(ZoetropeError) -> DrawnFrame

    /// Whether ``drawFrame(at:info:onto:scratch:)`` draws onto the canvas with no frame buffer of
    /// its own (only `scratch`), rather than decoding the frame's pixels first.
    var drawsFramesInPlace: Bool { get }

    /// The `scratch` bytes that ``drawFrame(at:info:onto:scratch:)`` uses for a frame of `area`
    /// pixels, at most (0 when it needs none).
    func scratchBytes(frameArea area: Int) -> Int
}

extension ImageContainer {
    /// A frame is decoded into its own pixels before it is drawn, by default.
    var drawsFramesInPlace: Bool { false }

    /// No scratch, by default.
    func scratchBytes(frameArea area: Int) -> Int { 0 }

    /// Decodes the frame into its own pixels, then draws them.
    func drawFrame(at index: Int, info: FrameInfo, onto compositor: inout Compositor,
                   scratch: inout [UInt8]) throws(ZoetropeError) -> DrawnFrame {
        let decoded = try decodeFrame(at: index)
        try compositor.draw(decoded, info: info)
        return DrawnFrame(damage: decoded.damage, isOpaque: decoded.isOpaque)
    }
}

/// What drawing a frame straight onto the canvas found (``ImageContainer/drawFrame(at:info:onto:scratch:)``).
struct DrawnFrame: Sendable {
    /// Damage met while decoding; the pixels after it were not drawn.
    var damage: ZoetropeError?
    /// Whether the decoder knows every pixel it drew is opaque (``DecodedFrame/isOpaque``), damage
    /// aside; `false` when it does not know.
    var isOpaque: Bool
}

/// One frame's own pixels, before compositing.
struct DecodedFrame: Sendable {
    /// Pixels of the frame's rectangle, or of ``rect`` when that is set.
    var image: RGBAImage
    /// Damage met while decoding; the pixels after it are transparent.
    var damage: ZoetropeError?
    /// How its "over" pixels combine with the canvas.
    var blending: FrameBlending = .exact
    /// The part of the frame's rectangle that `image` covers, when a decoder left out pixels
    /// outside the canvas; `nil` when it covers the whole rectangle.
    var rect: PixelRect?
    /// Whether the decoder knows every pixel is opaque (a GIF frame whose every possible index
    /// maps to a colour, a PNG without alpha or `tRNS`), damage aside.
    var isOpaque = false

    init(image: RGBAImage, damage: ZoetropeError?, blending: FrameBlending = .exact, rect: PixelRect? = nil,
         isOpaque: Bool = false) {
        self.image = image
        self.damage = damage
        self.blending = blending
        self.rect = rect
        self.isOpaque = isOpaque
    }

    /// `info` as the compositor draws this frame: with the rectangle its pixels cover, and as a
    /// plain copy when blending "over" cannot change anything — exact blending of a frame whose
    /// every pixel is opaque (``isOpaque``, decoded without damage); copying rows skips the
    /// per-pixel alpha test.
    func drawing(_ info: FrameInfo) -> FrameInfo {
        var drawn = info
        if let rect { drawn.rect = rect }
        if blending == .exact || blending == .binaryAlpha, isOpaque, damage == nil { drawn.blend = .source }
        return drawn
    }
}

extension Compositor {
    /// Draws a decoded frame of the frame `info` describes: at the frame's own rectangle when it
    /// has one, with its blending (``DecodedFrame/drawing(_:)``).
    mutating func draw(_ frame: DecodedFrame, info: FrameInfo) throws(ZoetropeError) {
        try draw(frame.image, info: frame.drawing(info), blending: frame.blending)
    }
}
