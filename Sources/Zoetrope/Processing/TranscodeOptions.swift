/// What a ``Transcoder`` writes: the format, an optional box to fit in, a frame rate cap, the
/// encoder's effort and a time budget.
public struct TranscodeOptions: Sendable, Hashable {
    /// The output format: `.gif`, `.png` or `.apng` (a still for one frame, else APNG), or `.webp`
    /// (lossless, or lossy with a ``quality``).
    public var format: ImageFormat
    /// A box the output fits in, aspect ratio kept, by area averaging; never enlarged (`nil`:
    /// the source's size).
    public var fit: PixelSize?
    /// The most frames a second the output shows: faster frames are dropped by time, their
    /// display time given to the frame kept before them (see ``Transcoder``); `nil` keeps every
    /// frame.
    public var maxFrameRate: Int?
    /// PNG/APNG deflate level and lossless WebP effort, 0 (fastest) to 9 (smallest).
    public var level: Int
    /// WebP only: lossy (VP8) at this quality, 0 to 100 as `cwebp -q` (75 is its default); `nil`
    /// for lossless.
    public var quality: Double?
    /// How long the whole transcode may take (``ProcessingBudget``); `nil`: no limit.
    public var timeLimit: Duration?
    /// How many frames the encoder compresses at once, 1 to 8 (`nil`: one per processor). The
    /// file written is the same whatever the number; a server transcoding many uploads at once
    /// may set 1 to keep each request on one core.
    public var workers: Int?

    /// Creates options; the defaults keep the source's size and every frame.
    public init(format: ImageFormat, fit: PixelSize? = nil, maxFrameRate: Int? = nil, level: Int = 6,
                quality: Double? = nil, timeLimit: Duration? = nil) {
        self.format = format
        self.fit = fit
        self.maxFrameRate = maxFrameRate
        self.level = level
        self.quality = quality
        self.timeLimit = timeLimit
    }

    /// An animated thumbnail: fit in `box`, at most 25 frames a second, effort 4 (for 160 × 160
    /// lossless WebP thumbnails 3 to 8 times faster than 6, for 0.1 to 14 % more bytes).
    public static func thumbnail(fitting box: PixelSize, format: ImageFormat = .webp, quality: Double? = nil,
                                 timeLimit: Duration? = nil) -> TranscodeOptions {
        TranscodeOptions(format: format, fit: box, maxFrameRate: 25, level: 4, quality: quality, timeLimit: timeLimit)
    }

    /// The output size for a source of `canvas`: fitted in ``fit`` (never enlarged).
    func outputSize(for canvas: PixelSize) -> PixelSize {
        guard let fit, !canvas.fits(in: fit) else { return canvas }
        return canvas.aspectFit(in: PixelSize(width: max(1, fit.width), height: max(1, fit.height)))
    }
}
