/// Another image read at a different size: every frame is resampled by area averaging
/// (``RGBAImage/resized(to:)``) when it is asked for. Timing, frame count and play count are the
/// source's.
///
/// Frames are not cached here; the playback layer's frame buffer keeps the scaled frames, which
/// take less memory than the originals.
///
/// ```swift
/// let image = try AnimatedImage(bytes: gifBytes)
/// let thumbnail = image.scaled(toFit: PixelSize(width: 64, height: 64))
/// let first = try thumbnail.frame(at: 0)   // at most 64×64, aspect ratio kept
/// ```
public final class ScaledImage: AnimatableImage {
    /// The image being scaled.
    public let source: any AnimatableImage
    /// The size of every frame of this image.
    public let canvasSize: PixelSize

    /// Reads `source` at exactly `size`.
    public init(_ source: any AnimatableImage, size: PixelSize) {
        self.source = source
        self.canvasSize = PixelSize(width: max(0, size.width), height: max(0, size.height))
    }

    /// Reads `source` shrunk to fit inside `bounds` with its aspect ratio kept (at its own size
    /// when it already fits).
    public convenience init(_ source: any AnimatableImage, toFit bounds: PixelSize) {
        self.init(source, size: source.canvasSize.reduced(toFit: bounds))
    }

    public var frameCount: Int { source.frameCount }
    public var playCount: PlayCount { source.playCount }
    /// Whether the source has all its frames (a ``ProgressiveImage`` may still be receiving them).
    public var isComplete: Bool { source.isComplete }
    public func duration(at index: Int) -> Duration { source.duration(at: index) }

    /// The source's frame `index`, resampled to ``canvasSize``.
    public func frame(at index: Int) throws -> RGBAImage {
        try source.frame(at: index).resized(to: canvasSize)
    }

    /// The source's contents rectangle, scaled to this image's size (rounded outwards).
    public func contentsRect(at index: Int) -> PixelRect? {
        guard let rect = source.contentsRect(at: index) else { return nil }
        let from = source.canvasSize
        guard from.width > 0, from.height > 0 else { return nil }
        let left = rect.x * canvasSize.width / from.width
        let top = rect.y * canvasSize.height / from.height
        let right = (rect.maxX * canvasSize.width + from.width - 1) / from.width
        let bottom = (rect.maxY * canvasSize.height + from.height - 1) / from.height
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}

extension AnimatableImage {
    /// This image read shrunk to fit inside `bounds`, keeping its aspect ratio: a thumbnail of an
    /// animation. Frames are resampled by area averaging as they are read.
    public func scaled(toFit bounds: PixelSize) -> ScaledImage {
        ScaledImage(self, toFit: bounds)
    }
}
