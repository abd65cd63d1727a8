/// What happens to a frame's area after it has been shown, before the next frame is drawn.
public enum FrameDisposal: String, Sendable, Hashable, CaseIterable {
    /// No disposal specified (GIF 0 and reserved values 4–7): the frame stays.
    case unspecified
    /// Leave the frame in place (GIF 1, APNG `NONE`, WebP "do not dispose").
    case none
    /// Clear the frame's rectangle to transparent (GIF 2, APNG `BACKGROUND`, WebP "dispose to
    /// background"). Browsers clear to transparent, ignoring any background colour.
    case background
    /// Restore the frame's rectangle to what it was before the frame was drawn (GIF 3, APNG `PREVIOUS`).
    case previous
}

/// How a frame's pixels combine with the canvas under it.
public enum FrameBlend: String, Sendable, Hashable, CaseIterable {
    /// Replace the canvas pixels in the frame's rectangle, alpha included (APNG `SOURCE`, WebP "no blend").
    case source
    /// Composite over the canvas (alpha blending; a GIF transparent index leaves the canvas unchanged).
    case over
}

/// How a frame's pixels are compressed in the file.
public enum FrameCompression: String, Sendable, Hashable, CaseIterable {
    /// GIF: LZW-coded palette indices (lossless).
    case lzw
    /// PNG and APNG: filtered rows in a zlib stream (lossless).
    case deflate
    /// WebP lossy (VP8).
    case vp8
    /// WebP lossless (VP8L).
    case vp8l
    /// AVIF: AV1, decoded by the system (ImageIO).
    case av1
    /// HEIC: HEVC, decoded by the system (ImageIO).
    case hevc

    /// Whether the codec discards information.
    public var isLossy: Bool { self == .vp8 || self == .av1 || self == .hevc }
}

/// One frame's entry in a file's frame table: where it goes, how it combines and how long it shows.
/// Reading it decodes no pixels.
public struct FrameInfo: Sendable, Hashable {
    /// The frame's rectangle on the canvas, as stored (it may reach outside the canvas; drawing clips).
    public var rect: PixelRect
    /// What happens to the frame's rectangle after it is shown.
    public var disposal: FrameDisposal
    /// The raw disposal value as stored in the file (GIF 0–7, APNG 0–2, WebP 0–1), for diagnostics.
    public var storedDisposal: Int
    /// How the frame combines with the canvas.
    public var blend: FrameBlend
    /// Whether the frame can leave pixels transparent or partly transparent (GIF: a transparent
    /// index is set; PNG: an alpha channel or `tRNS`).
    public var hasTransparency: Bool
    /// Whether the frame's pixel data is interlaced.
    public var isInterlaced: Bool
    /// The duration as stored in the file (a GIF's delay time, an APNG's delay fraction, a WebP
    /// frame's duration), or `nil` when the file stores none (a GIF frame without a Graphic
    /// Control Extension).
    public var storedDuration: Duration?
    /// The duration the frame is shown for, after the ``FrameTiming`` rule.
    public var duration: Duration
    /// Byte offset of the frame's first structure in the file (GIF image descriptor, APNG `fcTL`,
    /// WebP `ANMF` or image chunk).
    public var offset: Int
    /// How the frame's pixels are compressed.
    public var compression: FrameCompression

    /// Creates a frame table entry.
    public init(rect: PixelRect, disposal: FrameDisposal, storedDisposal: Int, blend: FrameBlend,
                hasTransparency: Bool, isInterlaced: Bool = false, storedDuration: Duration?,
                duration: Duration, offset: Int, compression: FrameCompression = .lzw) {
        self.rect = rect
        self.disposal = disposal
        self.storedDisposal = storedDisposal
        self.blend = blend
        self.hasTransparency = hasTransparency
        self.isInterlaced = isInterlaced
        self.storedDuration = storedDuration
        self.duration = duration
        self.offset = offset
        self.compression = compression
    }
}
