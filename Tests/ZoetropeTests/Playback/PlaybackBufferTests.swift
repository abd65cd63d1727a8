import Testing
@testable import Zoetrope
import ZoetropeTesting

@Suite("Frame buffer")
struct PlaybackBufferTests {
    /// 16×16 frames: 1 KiB each.
    static func image(frames: Int = 12, playCount: PlayCount = .infinite) -> CountingImage {
        CountingImage(durations: Array(repeating: .milliseconds(50), count: frames), playCount: playCount,
                      size: PixelSize(width: 16, height: 16))
    }

    @Test("the first frame is there at once, decoded on prepare")
    func firstFrameAtOnce() throws {
        let image = Self.image()
        let harness = try PlaybackHarness(image)
        #expect(harness.animator.activeFrame == CountingImage.still(0, size: image.canvasSize))
        #expect(image.decodeCounts == [0: 1])
        #expect(harness.scheduler.pendingCount == 1) // frame 1, in the background
    }

    @Test("budgets turn into frame limits", arguments: [
        (BufferBudget.frames(3), 3), (.bytes(5 * 1024 + 100), 5), (.bytes(10), 1), (.frames(0), 1),
        (.allFrames, 11), (.frames(100), 11),
    ])
    func frameLimits(budget: BufferBudget, limit: Int) {
        #expect(budget.frameLimit(bytesPerFrame: 1024, frameCount: 12) == limit)
    }

    @Test("the buffer grows one frame per fetch up to its limit and never holds more ahead",
          arguments: [BufferBudget.frames(4), .bytes(6 * 1024)])
    func staysWithinBudget(budget: BufferBudget) throws {
        let image = Self.image()
        let harness = try PlaybackHarness(image, configuration: Animator.Configuration(budget: budget))
        let limit = budget.frameLimit(bytesPerFrame: image.bytesPerFrame, frameCount: image.frameCount)
        let buffer = try WindowProbe(harness.animator)
        #expect(buffer.frameLimit == limit)
        harness.animator.play()
        var windows: [Int] = []
        for step in 1...200 {
            harness.tick(milliseconds: step * 7)
            windows.append(buffer.window)
            // The frames ahead, and the one on screen.
            #expect(harness.cache.storedFrameCount(of: image) <= limit + 1)
            #expect(harness.cache.statistics.storedBytes <= (limit + 1) * image.bytesPerFrame)
        }
        #expect(Array(windows.prefix(limit)) == Array(2...limit) + [limit])
        #expect(harness.cache.statistics.peakFrames == limit + 1)
        #expect(harness.animator.bufferMisses == 0)
    }

    @Test("a buffer keeping all frames decodes each frame once over many plays")
    func allFramesDecodedOnce() throws {
        let image = Self.image(frames: 20)
        let harness = try PlaybackHarness(image, configuration: Animator.Configuration(budget: .allFrames))
        harness.animator.play()
        for tick in 1...240 { harness.tick(at: .seconds(tick) / 60) } // four plays
        #expect(harness.animator.currentPlay == 4)
        #expect(image.decodeCounts == Dictionary(uniqueKeysWithValues: (0..<20).map { ($0, 1) }))
        #expect(harness.cache.statistics.evictions == 0)
    }

    @Test("memory pressure drops the buffer to the next frame and it grows back after the delay")
    func memoryPressure() throws {
        let image = Self.image()
        let harness = try PlaybackHarness(image, configuration: Animator.Configuration(
            budget: .frames(6), regrowDelay: .seconds(2)))
        let buffer = try WindowProbe(harness.animator)
        harness.animator.play()
        for step in 1...20 { harness.tick(milliseconds: step * 10) }
        harness.scheduler.runAll()
        #expect(harness.cache.storedFrameCount(of: image) == 7)
        harness.animator.handleMemoryPressure()
        #expect(buffer.window == 1)
        #expect(harness.cache.storedFrameCount(of: image) == 2) // the frame shown and the next
        // Less than two seconds later it is still one frame, and playback goes on without misses.
        for step in 21...215 {
            harness.tick(milliseconds: step * 10)
            #expect(harness.cache.storedFrameCount(of: image) <= 2)
        }
        #expect(buffer.window == 1)
        for step in 216...240 { harness.tick(milliseconds: step * 10) }
        harness.scheduler.runAll()
        #expect(buffer.window == 6)
        #expect(harness.cache.storedFrameCount(of: image) == 7)
        #expect(harness.animator.bufferMisses == 0)
    }

    @Test("the cache's memory pressure call reaches every buffer")
    func cacheWidePressure() throws {
        let scheduler = ManualDecodeScheduler()
        let cache = SharedFrameCache(byteLimit: 1 << 20, scheduler: scheduler)
        let first = CacheClient(image: Self.image(), budget: .frames(5), cache: cache)
        let second = CacheClient(image: Self.image(), budget: .frames(5), cache: cache)
        for fetch in 0..<6 {
            first.fetch(shown: 0, upcoming: Array(1...8), now: .milliseconds(fetch))
            second.fetch(shown: 0, upcoming: Array(1...8), now: .milliseconds(fetch))
        }
        scheduler.runAll()
        #expect(cache.statistics.storedFrames == 12)
        cache.handleMemoryPressure()
        #expect(cache.statistics.storedFrames == 4)
        #expect(first.window.window == 1 && second.window.window == 1)
    }

    @Test("a frame that is due but not decoded holds the current frame and counts one miss")
    func missHolds() throws {
        for lateness in LatenessPolicy.allCases {
            let image = Self.image()
            let harness = try PlaybackHarness(image, configuration: Animator.Configuration(lateness: lateness))
            harness.animator.play()
            // Nothing decoded ahead: the first frame is held until its duration plus a second, then
            // the clock starts (frame 1 falls due at 1,100 ms).
            harness.tick(milliseconds: 500, decoding: false) // a tick carries at most a second
            harness.tick(milliseconds: 1050, decoding: false)
            #expect(harness.animator.elapsed == .zero && harness.animator.bufferMisses == 0)
            harness.tick(milliseconds: 1110, decoding: false)
            harness.tick(milliseconds: 1120, decoding: false)
            #expect(harness.animator.currentFrame == 0)
            #expect(harness.animator.bufferMisses == 1)
            harness.tick(milliseconds: 1130)
            #expect(harness.animator.currentFrame == 1)
            #expect(frameChanges(harness.events) == [1])
            switch lateness {
            case .skipFrames: #expect(harness.animator.elapsed == .milliseconds(80)) // wall-clock kept
            case .showEveryFrame: #expect(harness.animator.elapsed == .milliseconds(60)) // the clock waited
            }
        }
    }

    @Test("when the due frame is missing, skipFrames shows the last ready frame on the way and keeps time")
    func catchUp() throws {
        let image = Self.image()
        let harness = try PlaybackHarness(image, configuration: Animator.Configuration(budget: .frames(2)))
        harness.animator.play()
        harness.tick(milliseconds: 1)
        harness.tick(milliseconds: 2) // frames 1 and 2 are decoded
        harness.tick(milliseconds: 260, decoding: false) // frame 5 is due
        #expect(harness.animator.currentFrame == 2)
        #expect(harness.animator.elapsed == .milliseconds(260))
        harness.tick(milliseconds: 270) // 3 and 4 decoded meanwhile
        #expect(harness.animator.currentFrame == 4)
        harness.tick(milliseconds: 280)
        #expect(harness.animator.currentFrame == 5)
        #expect(frameChanges(harness.events) == [2, 4, 5])
        #expect(harness.animator.bufferMisses == 1)
    }

    @Test("frames are never shown out of order, even when decoding lags")
    func neverOutOfOrder() throws {
        let image = Self.image(frames: 30)
        let harness = try PlaybackHarness(image, configuration: Animator.Configuration(budget: .frames(3)))
        harness.animator.play()
        for step in 1...300 {
            // Decode only one job every fourth tick: decoding is slower than playback.
            if step % 4 == 0 { harness.scheduler.runNext() }
            harness.tick(milliseconds: step * 17, decoding: false)
        }
        let shown = frameChanges(harness.events)
        #expect(harness.animator.bufferMisses > 0)
        #expect(shown.count > 10)
        var previous = 0
        for frame in shown {
            let forward = frame > previous || (frame < previous && previous - frame > 15) // wrapped to a new play
            #expect(forward, "\(previous) → \(frame)")
            previous = frame
        }
    }

    @Test("two animators on one image decode each frame once")
    func sharedDecoding() throws {
        let image = Self.image(frames: 8)
        let scheduler = ManualDecodeScheduler()
        let cache = SharedFrameCache(byteLimit: 1 << 20, scheduler: scheduler)
        let first = try PlaybackHarness(image, cache: cache)
        let second = try PlaybackHarness(image, cache: cache)
        first.animator.play()
        second.animator.play()
        for step in 1...100 { // both hold their start until every frame ahead is decoded: they start together
            scheduler.runAll()
            first.clock.tick(at: .milliseconds(step * 5))
            second.clock.tick(at: .milliseconds(step * 5))
        }
        #expect(frameChanges(first.events) == frameChanges(second.events))
        #expect(Set(frameChanges(first.events)) == Set(0..<8))
        #expect(image.decodeCounts == Dictionary(uniqueKeysWithValues: (0..<8).map { ($0, 1) }))
    }

    @Test("the process-wide limit evicts the least recently used frames across images")
    func processWideLimit() throws {
        let scheduler = ManualDecodeScheduler()
        let frameBytes = 16 * 16 * 4
        let cache = SharedFrameCache(byteLimit: 6 * frameBytes, scheduler: scheduler)
        let older = Self.image(), newer = Self.image()
        let first = CacheClient(image: older, budget: .frames(4), cache: cache)
        for fetch in 0..<4 { first.fetch(shown: 0, upcoming: [1, 2, 3, 4], now: .milliseconds(fetch)) }
        scheduler.runAll()
        #expect(cache.storedFrameCount(of: older) == 5)
        _ = first.frame(at: 0) // used recently: frame 1 is now the least recently used
        let second = CacheClient(image: newer, budget: .frames(4), cache: cache)
        second.fetch(shown: 0, upcoming: [1, 2, 3, 4], now: .zero)
        scheduler.runAll()
        #expect(cache.storedFrameCount(of: newer) == 2)
        #expect(cache.statistics.storedBytes == 6 * frameBytes)
        #expect(cache.statistics.peakBytes == 6 * frameBytes)
        #expect(cache.statistics.evictions == 1)
        #expect(first.frame(at: 0) != nil)
        #expect(first.frame(at: 1) == nil)
    }

    @Test("closing the last buffer of an image frees its frames")
    func closingFrees() throws {
        let scheduler = ManualDecodeScheduler()
        let cache = SharedFrameCache(byteLimit: 1 << 20, scheduler: scheduler)
        let image = Self.image()
        let buffer = CacheClient(image: image, budget: .frames(3), cache: cache)
        for fetch in 0..<3 { buffer.fetch(shown: 0, upcoming: [1, 2, 3], now: .milliseconds(fetch)) }
        scheduler.runAll()
        #expect(cache.statistics.storedFrames == 4)
        buffer.close()
        #expect(cache.statistics.storedFrames == 0)
        #expect(cache.statistics.storedBytes == 0)
    }
}
