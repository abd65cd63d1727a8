/// The limits an uploaded image must meet, checked from its headers alone by ``check(_:)``
/// before any pixel is decoded: what a request handler refuses cheaply (a GIF bomb declares
/// thousands of frames or a huge canvas in a few kilobytes).
///
/// Each limit is optional (`nil`: no limit). This is a validation policy for uploads, separate
/// from ``DecodingLimits``, which protect every decode. The text form
/// (``init(parsing:)``, ``description``) is what `zoetrope info --check` and the example
/// server's `--limits` take:
///
/// ```swift
/// let policy = try UploadPolicy(parsing: "frames=500,duration=60s,bytes=16MiB")
/// let verdict = try policy.check(bytes)
/// if let broken = verdict.violations.first { print(broken.message) }
/// ```
public struct UploadPolicy: Sendable, Hashable {
    /// The largest file, in bytes.
    public var maxFileBytes: Int?
    /// The largest canvas width or height, in pixels.
    public var maxSide: Int?
    /// The largest canvas, in pixels (width × height).
    public var maxCanvasPixels: Int?
    /// The most frames.
    public var maxFrameCount: Int?
    /// The most pixels summed over all frames: canvas pixels × frame count, what decoding every
    /// composited frame produces (sharp's `limitInputPixels` counts the same way).
    public var maxTotalPixels: Int?
    /// The longest total display duration (the effective durations, browsers' rule).
    public var maxTotalDuration: Duration?
    /// Whether a file with damage found in its structure (truncated, malformed after the first
    /// frame) is accepted; the frames before the damage are what it holds.
    public var allowsDamage: Bool

    /// Creates a policy; every limit defaults to the one of ``default``.
    public init(maxFileBytes: Int? = 32 << 20, maxSide: Int? = 8192, maxCanvasPixels: Int? = 4096 * 4096,
                maxFrameCount: Int? = 1000, maxTotalPixels: Int? = 268_402_689,
                maxTotalDuration: Duration? = .seconds(600), allowsDamage: Bool = false) {
        self.maxFileBytes = maxFileBytes
        self.maxSide = maxSide
        self.maxCanvasPixels = maxCanvasPixels
        self.maxFrameCount = maxFrameCount
        self.maxTotalPixels = maxTotalPixels
        self.maxTotalDuration = maxTotalDuration
        self.allowsDamage = allowsDamage
    }

    /// Limits for a chat or social upload: 32 MiB, 8192 pixels a side, 16.8 megapixels
    /// (4096 × 4096), 1000 frames, 268 million pixels over all frames (sharp's default
    /// `limitInputPixels`, 16383²), 10 minutes, no damage.
    public static let `default` = UploadPolicy()

    /// No limit at all, damage accepted: the verdict only describes.
    public static let unlimited = UploadPolicy(maxFileBytes: nil, maxSide: nil, maxCanvasPixels: nil,
                                               maxFrameCount: nil, maxTotalPixels: nil, maxTotalDuration: nil,
                                               allowsDamage: true)
}
