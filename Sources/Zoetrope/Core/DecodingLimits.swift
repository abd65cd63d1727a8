/// Resource limits that protect against hostile or damaged input.
///
/// Every limit is checked from the file's headers *before* the memory or work it guards is spent,
/// so a small file that declares a huge canvas or frame count is refused cheaply.
public struct DecodingLimits: Sendable, Hashable {
    /// Largest canvas (and largest single frame) in pixels. Default: 100 megapixels (400 MB as RGBA).
    public var maxPixels: Int
    /// Largest number of frames accepted in one file. Default: 25 000.
    public var maxFrameCount: Int
    /// Largest total of decoded RGBA bytes over all frames, which bounds the work a full decode can
    /// take: each frame's rectangle × 4, and one composited canvas × 4 per frame, both counted while
    /// the frame table is parsed; the frames that fit are kept. Default: 4 GiB.
    public var maxTotalDecodedBytes: Int

    /// Creates limits; the defaults suit browsers' typical ceilings.
    public init(maxPixels: Int = 100_000_000, maxFrameCount: Int = 25_000,
                maxTotalDecodedBytes: Int = 4 << 30) {
        self.maxPixels = maxPixels
        self.maxFrameCount = maxFrameCount
        self.maxTotalDecodedBytes = maxTotalDecodedBytes
    }

    /// The default limits.
    public static let `default` = DecodingLimits()

    /// Throws when a `width`×`height` image exceeds ``maxPixels`` (or is empty or negative).
    func checkDimensions(width: Int, height: Int, format: ImageFormat, offset: Int) throws(ZoetropeError) {
        guard width > 0, height > 0 else {
            throw ZoetropeError(.malformed, format: format, offset: offset,
                                "image size \(width)×\(height) is empty")
        }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= maxPixels else {
            throw ZoetropeError(.limitExceeded, format: format, offset: offset,
                                "image size \(width)×\(height) exceeds the limit of \(maxPixels) pixels")
        }
    }
}
