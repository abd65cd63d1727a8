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

    @Test("an animated image keeps its checkpoints and one replay canvas")
    func animatedImageCheckpoints() throws {
        // A 16×16 GIF: a full first frame, then 39 frames of a 2×2 square drawn over the canvas.
        // No later frame covers the canvas, so reading frame 39 replays from frame 0 and saves
        // the canvas before frames 8, 16, 24 and 32 (one checkpoint every 8 frames).
        let palette = [GIFEncoder.Color(red: 255, green: 0, blue: 0), GIFEncoder.Color(red: 0, green: 0, blue: 255)]
        let first = GIFEncoder.IndexedFrame(rect: PixelRect(x: 0, y: 0, width: 16, height: 16),
                                            indices: [UInt8](repeating: 0, count: 256), delayCentiseconds: 5)
        let squares = (1..<40).map { index in
            GIFEncoder.IndexedFrame(rect: PixelRect(x: (index % 8) * 2, y: (index / 8) * 2, width: 2, height: 2),
                                    indices: [1, 1, 1, 1], delayCentiseconds: 5)
        }
        let bytes = try GIFEncoder.encode(GIFEncoder.IndexedImage(
            canvasSize: PixelSize(width: 16, height: 16), globalColorTable: palette, loopCount: 0,
            frames: [first] + squares))
        let image = try AnimatedImage(bytes: bytes)
        #expect(image.retainedBytes == 0)
        _ = try image.frame(at: 39)
        #expect(image.retainedBytes == 5 * Self.frameBytes)
        let scheduler = ManualDecodeScheduler()
        let cache = SharedFrameCache(byteLimit: 1 << 20, scheduler: scheduler)
        let buffer = CacheClient(image: image, budget: .frames(2), cache: cache)
        _ = try buffer.decodeNow(38)
        #expect(cache.statistics.retainedBytes == 5 * Self.frameBytes)
    }
}
