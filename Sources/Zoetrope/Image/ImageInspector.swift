/// What an image is, found without decoding any pixels.
public struct ImageSummary: Sendable, Hashable {
    /// The container format (`.apng` for an animated PNG).
    public var format: ImageFormat
    /// The canvas size.
    public var size: PixelSize
    /// The number of frames in the frame table.
    public var frameCount: Int
    /// The loop count as stored, `nil` when absent.
    public var storedLoopCount: Int?
    /// How many times the animation plays.
    public var playCount: PlayCount
    /// Damage found in the file's structure (the frames before it count).
    public var warnings: [ZoetropeError]
    /// How the frames are compressed (WebP: lossy, lossless, or both in a mixed animation).
    public var compressions: Set<FrameCompression>
    /// Metadata present (ICC profile, EXIF, XMP).
    public var metadata: ImageMetadata

    /// Whether the image has more than one frame.
    public var isAnimated: Bool { frameCount > 1 }
}

/// Answers cheaply what some bytes are — format, size, frame count, whether they animate — by
/// walking the file's structure and skipping its compressed data. What an app needs when a user
/// pastes or uploads an image.
public enum ImageInspector {
    /// Inspects `bytes` without decoding pixels.
    /// - Throws: ``ZoetropeError`` when the bytes are no supported image or no frame can be found.
    public static func inspect(_ bytes: [UInt8], limits: DecodingLimits = .default) throws(ZoetropeError) -> ImageSummary {
        let container = try CodecRegistry.open(ImageBytes(bytes), options: DecodingOptions(limits: limits))
        return ImageSummary(format: container.format, table: container.table)
    }
}

extension ImageSummary {
    /// The summary of a parsed frame table.
    init(format: ImageFormat, table: FrameTable) {
        self.init(format: format, size: table.canvasSize, frameCount: table.frames.count,
                  storedLoopCount: table.storedLoopCount, playCount: table.playCount,
                  warnings: table.warnings, compressions: Set(table.frames.map(\.compression)),
                  metadata: table.metadata)
    }
}

extension AnimatedImage {
    /// What ``ImageInspector`` says of this image's bytes (structure warnings only).
    public var summary: ImageSummary {
        ImageSummary(format: format, size: canvasSize, frameCount: frameCount, storedLoopCount: storedLoopCount,
                     playCount: playCount, warnings: structureWarnings, compressions: Set(frames.map(\.compression)),
                     metadata: metadata)
    }
}
