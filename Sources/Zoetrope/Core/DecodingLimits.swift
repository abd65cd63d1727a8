/// Resource limits that protect against hostile or damaged input.
///
/// They bound what decoding *holds* and what one frame costs, not what streams past: reading every
/// frame of a long animation in order (``AnimatedImage/forEachFrame(_:)``, playback, the `zoetrope`
/// command) holds one canvas and the frame being decoded, however many frames there are.
///
/// - **The canvas**: ``maxPixels`` bounds the canvas and every frame, checked from the headers
///   before anything is allocated. One image holds two buffers of that size while a frame decodes
///   (the canvas and the frame's own pixels, with a GIF frame's colour indices: half as much again
///   at most; a `previous` disposal adds the area it restores), plus replay checkpoints within
///   32 MiB and the frames a caller keeps.
/// - **The work per frame**: a frame costs its own pixels plus its disposal, never a canvas: a
///   2×2 frame on a 4000×4000 canvas decodes, draws and clears 4 pixels. So decoding every frame
///   costs at most ``maxFrameCount`` frames of ``maxPixels`` each.
/// - **The process's memory**: before every allocation the size of a canvas or a frame, the memory
///   the process can still get is read (its `RLIMIT_AS` and `RLIMIT_DATA` limits less what it has
///   mapped, the memory available, and every cgroup limit on its path): a buffer that cannot fit
///   throws a `limitExceeded` ``ZoetropeError`` naming the format and offset, never a trap.
///
/// Raising them: pass larger values in ``DecodingOptions/limits`` (for a canvas over 100
/// megapixels, ``maxPixels``); the memory check follows the process's limits, so a canvas refused
/// for memory decodes once the process may use more (a larger `ulimit -v` or container limit). A
/// service decoding every frame of untrusted files bounds its time by lowering both (for example
/// 16 megapixels and 1 000 frames), or by throwing from ``AnimatedImage/forEachFrame(_:)``'s body
/// after a deadline.
public struct DecodingLimits: Sendable, Hashable {
    /// Largest canvas (and largest single frame) in pixels. Default: 100 megapixels (400 MB as RGBA).
    public var maxPixels: Int
    /// Largest number of frames accepted in one file; the frames before the limit are kept.
    /// Default: 25 000.
    public var maxFrameCount: Int
    /// Stored for source compatibility; not enforced (see the deprecation message).
    private var legacyTotalDecodedBytes: Int

    /// Creates limits; the defaults suit browsers' typical ceilings.
    public init(maxPixels: Int = 100_000_000, maxFrameCount: Int = 25_000) {
        self.maxPixels = maxPixels
        self.maxFrameCount = maxFrameCount
        legacyTotalDecodedBytes = Int.max
    }

    /// Creates limits with a total of decoded bytes, which is no longer enforced.
    @available(*, deprecated, message: "maxTotalDecodedBytes is no longer enforced; use init(maxPixels:maxFrameCount:)")
    public init(maxPixels: Int = 100_000_000, maxFrameCount: Int = 25_000, maxTotalDecodedBytes: Int) {
        self.init(maxPixels: maxPixels, maxFrameCount: maxFrameCount)
        legacyTotalDecodedBytes = maxTotalDecodedBytes
    }

    /// Formerly the largest total of decoded bytes over all frames, a canvas counted per frame: it
    /// cut legitimate long animations short (a 1000-frame 1080p GIF kept 517 frames) although
    /// reading frames in order holds one canvas. It is no longer enforced: what decoding holds is
    /// bounded by ``maxPixels`` and the memory the process can get, and the work by ``maxFrameCount``.
    @available(*, deprecated, message: "no longer enforced: decoding holds a few canvases however many frames stream past; bound the canvas with maxPixels and the work with maxFrameCount")
    public var maxTotalDecodedBytes: Int {
        get { legacyTotalDecodedBytes }
        set { legacyTotalDecodedBytes = newValue }
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
