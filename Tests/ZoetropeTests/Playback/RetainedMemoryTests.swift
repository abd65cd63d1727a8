import Testing
@testable import Zoetrope
import ZoetropeTesting

/// A 16×16 image that says it keeps `retained` bytes of its own (as an AnimatedImage does).
final class RetainingImage: AnimatableImage, RetainsMemory {
    let canvasSize = PixelSize(width: 16, height: 16)
    let frameCount = 12
    let playCount = PlayCount.infinite
    let retained = LockedState(0)

    func duration(at index: Int) -> Duration { .milliseconds(50) }
    func frame(at index: Int) throws -> RGBAImage { CountingImage.still(index, size: canvasSize) }
    var retainedBytes: Int { retained.withLock { $0 } }
    func stopKeepingRandomAccess() {}
    func releaseRetainedMemory() { retained.withLock { $0 = 0 } }
}

@Suite("Memory images keep, in the cache's limit")
struct RetainedMemoryTests {
    static let frameBytes = 16 * 16 * 4
    /// The GIF decoder's indices buffer: the LZW literal strings (a 2-colour GIF codes with 2-bit
    /// literals: 4), then the 16×16 first frame's indices.
    static let indexBytes = LZWDecoder.literalRoom(minimumCodeSize: 2) + 256

    @Test("what an image keeps counts against the limit: frames are evicted to make room")
    func countedAgainstLimit() throws {
        let scheduler = ManualDecodeScheduler()
        let cache = SharedFrameCache(byteLimit: 6 * Self.frameBytes, scheduler: scheduler)
        let image = RetainingImage()
        image.retained.withLock { $0 = 2 * Self.frameBytes }
        let buffer = CacheClient(image: image, budget: .frames(5), cache: cache)
        for fetch in 0..<6 { buffer.fetch(shown: 0, upcoming: Array(1...8), now: .milliseconds(fetch)) }
        scheduler.runAll()
        let statistics = cache.statistics
        #expect(statistics.retainedBytes == 2 * Self.frameBytes)
        #expect(statistics.storedBytes == 4 * Self.frameBytes) // 6 frames wanted, room for 4
        #expect(statistics.evictions == 2)
        #expect(statistics.peakTotalBytes == 6 * Self.frameBytes)
        // The image lets go of its memory: the next decode says so.
        image.retained.withLock { $0 = 0 }
        _ = try cache.decodeNow(9, of: image)
        #expect(cache.statistics.retainedBytes == 0)
        buffer.close()
        #expect(cache.statistics.storedBytes == 0)
    }

    @Test("closing the last buffer of an image stops counting what it keeps")
    func closing() throws {
        let scheduler = ManualDecodeScheduler()
        let cache = SharedFrameCache(byteLimit: 1 << 20, scheduler: scheduler)
        let image = RetainingImage()
        image.retained.withLock { $0 = 5000 }
        let buffer = CacheClient(image: image, budget: .frames(2), cache: cache)
        _ = try buffer.decodeNow(0)
        #expect(cache.statistics.retainedBytes == 5000)
        buffer.close()
        #expect(cache.statistics.retainedBytes == 0)
    }

    /// A 16×16 GIF: a full first frame, then 39 frames of a 2×2 square drawn over the canvas.
    static func squaresGIF() throws -> [UInt8] {
        let palette = [GIFEncoder.Color(red: 255, green: 0, blue: 0), GIFEncoder.Color(red: 0, green: 0, blue: 255)]
        let first = GIFEncoder.IndexedFrame(rect: PixelRect(x: 0, y: 0, width: 16, height: 16),
                                            indices: [UInt8](repeating: 0, count: 256), delayCentiseconds: 5)
        let squares = (1..<40).map { index in
            GIFEncoder.IndexedFrame(rect: PixelRect(x: (index % 8) * 2, y: (index / 8) * 2, width: 2, height: 2),
                                    indices: [1, 1, 1, 1], delayCentiseconds: 5)
        }
        return try GIFEncoder.encode(GIFEncoder.IndexedImage(
            canvasSize: PixelSize(width: 16, height: 16), globalColorTable: palette, loopCount: 0,
            frames: [first] + squares))
    }

    @Test("an animated image keeps its checkpoints, one replay canvas and its frames' indices")
    func animatedImageCheckpoints() throws {
        // No later frame covers the canvas, so reading frame 39 replays from frame 0 and saves
        // the canvas before frames 8, 16, 24 and 32 (one checkpoint every 8 frames); the replay
        // keeps the indices of the largest frame drawn (16×16) for the next frame.
        let image = try AnimatedImage(bytes: try Self.squaresGIF())
        #expect(image.retainedBytes == 0)
        _ = try image.frame(at: 39)
        #expect(image.retainedBytes == 5 * Self.frameBytes + Self.indexBytes)
        let scheduler = ManualDecodeScheduler()
        let cache = SharedFrameCache(byteLimit: 1 << 20, scheduler: scheduler)
        let buffer = CacheClient(image: image, budget: .frames(2), cache: cache)
        _ = try buffer.decodeNow(38)
        #expect(cache.statistics.retainedBytes == 5 * Self.frameBytes + Self.indexBytes)
    }

    @Test("a GIF's replay keeps one indices buffer from frame to frame, counted; parking lets it go")
    func replayIndicesKept() throws {
        let image = try AnimatedImage(bytes: try Self.squaresGIF())
        #expect(image.workingBytesPerDecode == 0) // drawn onto the canvas: no frame buffer
        for index in 0..<6 {
            _ = try image.frame(at: index)
            #expect(image.retainedBytes == Self.frameBytes + Self.indexBytes) // the canvas and the first frame's indices
        }
        image.parkCanvas()
        #expect(!image.holdsCanvas)
        #expect(image.retainedBytes > 0 && image.retainedBytes < Self.frameBytes) // the packed canvas alone
        // A codec that decodes a frame before drawing it counts that frame while it decodes.
        let frames = (0..<3).map { CountingImage.still($0, size: PixelSize(width: 16, height: 16)) }
        let apng = try AnimatedImage(bytes: try APNGEncoder.encode(
            frames: frames, durations: Array(repeating: .milliseconds(50), count: 3), playCount: .infinite))
        #expect(apng.workingBytesPerDecode == Self.frameBytes)
    }

    @Test("a decode under way counts its working memory and the frame reduced, not a full-size frame")
    func decodingBytes() throws {
        let (seen, cache) = try Self.decodingBytesSeen(by: ObservingImage(working: 100))
        #expect(!seen.isEmpty)
        #expect(seen.allSatisfy { $0 == 100 + 8 * 8 * 4 }) // counted a 16×16 frame before
        #expect(cache.statistics.decodingBytes == 0)
    }

    /// The cache's count of the bytes decodes use, as `image` saw it during each of its decodes
    /// (shown at 8×8 by an animator that prepared it), and the cache.
    private static func decodingBytesSeen(by image: ObservingImage) throws -> ([Int], SharedFrameCache) {
        let scheduler = ManualDecodeScheduler()
        let cache = SharedFrameCache(byteLimit: 1 << 20, scheduler: scheduler)
        image.cache.withLock { $0 = cache }
        let animator = Animator(clock: ManualClock(), cache: cache)
        animator.displaySize = PixelSize(width: 8, height: 8)
        try animator.prepare(image)
        scheduler.runAll()
        return (image.seen.withLock { $0 }, cache)
    }

    @Test("a decode of an image holding no canvas counts the canvas it takes up again")
    func resumingDecodeBytes() throws {
        let (seen, cache) = try Self.decodingBytesSeen(by: ObservingImage(working: 100, resume: 1000))
        #expect(seen.count >= 2)
        // The first decode makes the canvas; the image holds it after, so the next ones do not.
        let reduced: Int = 8 * 8 * 4
        #expect(seen.first == 1100 + reduced)
        #expect(seen.dropFirst().allSatisfy { $0 == 100 + reduced })
        #expect(cache.statistics.decodingBytes == 0)
        // A GIF's canvas and its largest frame's indices.
        let gif = try AnimatedImage(bytes: try Self.squaresGIF())
        #expect(gif.resumeBytes == 16 * 16 * 4 + LZWDecoder.literalRoom(minimumCodeSize: 8) + 16 * 16)
    }
}

/// A 16×16 image using `working` bytes a decode, which reads its cache's count of the bytes
/// decodes use while it decodes.
final class ObservingImage: AnimatableImage, RetainsMemory {
    let canvasSize = PixelSize(width: 16, height: 16)
    let frameCount = 4
    let playCount = PlayCount.infinite
    let working: Int
    let cache = LockedState<SharedFrameCache?>(nil)
    let seen = LockedState<[Int]>([])

    let resume: Int
    /// Whether a frame was read: the image then says it holds its canvas.
    let decoded = LockedState(false)

    init(working: Int, resume: Int = 0) {
        self.working = working
        self.resume = resume
    }

    func duration(at index: Int) -> Duration { .milliseconds(50) }
    func frame(at index: Int) throws -> RGBAImage {
        if let cache = cache.withLock({ $0 }) {
            let bytes = cache.statistics.decodingBytes
            seen.withLock { $0.append(bytes) }
        }
        decoded.withLock { $0 = true }
        return CountingImage.still(index, size: canvasSize)
    }
    var retainedBytes: Int { 0 }
    func stopKeepingRandomAccess() {}
    func releaseRetainedMemory() {}
    var workingBytesPerDecode: Int { working }
    var resumeBytes: Int { resume }
    var holdsCanvas: Bool { resume > 0 && decoded.withLock { $0 } }
}
