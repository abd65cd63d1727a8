/// One frame a ``SharedFrameCache`` holds: decoded at its image's frame size, or failed.
struct FrameCacheEntry {
    var content: Result<RGBAImage, ZoetropeError>
    var bytes: Int
    var lastUse: UInt64
    var frame: RGBAImage? { try? content.get() }
}

/// What one client (an animator) keeps of an image: the frames, those of them to decode, the size
/// it shows them at, and the sequence number of the request that said so.
struct FrameCacheWant {
    var frames: [Int] = []
    /// The frames of ``frames`` decoded in the background when missing.
    var decode: [Int] = []
    /// The pixel size the client shows the image at; `nil`: the image's own size.
    var displaySize: PixelSize?
    var sequence: UInt64 = 0
    /// The client holds its first frame (``StartupHold``), not paused: from the client's attaching
    /// (it is about to load the image) until a request of its says otherwise.
    var starting = true
}

/// Everything a ``SharedFrameCache`` knows of one image: its frames, all at one frame size (the
/// largest its clients show it at), what each client wants, its decode time and its own memory.
struct FrameCacheRecord {
    /// Kept strongly so that the identifier keying this record stays this image's.
    let image: any AnimatableImage
    let canvasSize: PixelSize
    /// Bytes one decode of the image uses for a while besides what the image keeps.
    let workingBytes: Int
    /// Bytes a decode takes up again when the image holds no canvas (``RetainsMemory/resumeBytes``).
    let resumeBytes: Int
    /// The image's frames, as last read (an image still arriving gains some).
    var frameCount: Int
    var isComplete: Bool
    /// The size frames are decoded to and kept at now.
    var frameSize: PixelSize
    var frames: [Int: FrameCacheEntry] = [:]
    var inFlight = Set<Int>()
    var wants: [ObjectIdentifier: FrameCacheWant] = [:]
    var decodeTime: DecodeTimeAverage
    var retainedBytes = 0
    /// Whether a client keeps every frame: the image was told to keep nothing for random access.
    var keepsWhole = false
    /// Decodes of the image running now.
    var decoding = 0
    /// When the image was last decoded, on the cache's use counter.
    var lastDecode: UInt64 = 0
    /// Whether the image held a full-size replay canvas after its last decode.
    var holdsCanvas = false

    /// Reads `image` (call it with no lock held: an image may take its own).
    init(image: any AnimatableImage) {
        self.image = image
        canvasSize = image.canvasSize
        let retains = image as? any RetainsMemory
        workingBytes = retains?.workingBytesPerDecode ?? image.bytesPerFrame
        resumeBytes = retains?.resumeBytes ?? 0
        frameCount = image.frameCount
        isComplete = image.isComplete
        frameSize = canvasSize
        decodeTime = DecodeTimeAverage(pixels: canvasSize.area)
    }

    /// Bytes counted for a decode under way: its working memory, the canvas and working memory it
    /// takes up again when the image holds none (a parked canvas unpacked, or a replay from the
    /// start), and the frame reduced to ``frameSize`` (at the image's own size the frame shown is
    /// the image's canvas, counted as its own).
    var inFlightBytes: Int {
        workingBytes + (holdsCanvas ? 0 : resumeBytes) + (frameSize == canvasSize ? 0 : frameSize.area * 4)
    }

    /// Frame `index - 1` as held, when it is reduced (a frame at the image's own size is not
    /// reduced from the one before).
    func reducedFrame(before index: Int) -> RGBAImage? {
        guard index > 0, frameSize != canvasSize else { return nil }
        return frames[index - 1]?.frame
    }

    func isWanted(_ index: Int) -> Bool { wants.values.contains { $0.frames.contains(index) } }

    /// The size the clients want now: the largest any of them shows the image at (the image's own
    /// size for a client that gave none), never larger than the image.
    var wantedFrameSize: PixelSize {
        var largest: PixelSize?
        for want in wants.values {
            let size = want.displaySize.map { canvasSize.reduced(toFit: $0) } ?? canvasSize
            if largest.map({ size.area > $0.area }) ?? true { largest = size }
        }
        return largest ?? canvasSize
    }

    /// Whether every frame is decoded (or known broken) and none is being decoded: with
    /// ``keepsWhole``, the image's own memory can go.
    var holdsEveryFrame: Bool {
        isComplete && inFlight.isEmpty && frames.count >= frameCount
            && (0..<frameCount).allSatisfy { frames[$0] != nil }
    }
}

extension PixelSize {
    /// This size shrunk to fit inside `bounds` with its aspect ratio kept; itself when it fits
    /// already (the size ``AnimatableImage/scaled(toFit:)`` reads an image at).
    func reduced(toFit bounds: PixelSize) -> PixelSize {
        fits(in: bounds) ? self : aspectFit(in: bounds)
    }
}
