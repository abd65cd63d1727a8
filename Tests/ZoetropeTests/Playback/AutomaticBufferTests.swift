import Testing
@testable import Zoetrope
import ZoetropeTesting

/// An image whose every decode takes `cost` on a scripted clock (the clock the cache measures with).
final class TimedImage: AnimatableImage {
    let canvasSize = PixelSize(width: 64, height: 64) // 16 KiB a frame
    let frameCount: Int
    let playCount = PlayCount.infinite
    let frameDuration: Duration
    let cost: Duration
    private let elapsed = LockedState(Duration.zero)

    init(frames: Int = 100, frameDuration: Duration = .milliseconds(40), cost: Duration) {
        frameCount = frames
        self.frameDuration = frameDuration
        self.cost = cost
    }

    func duration(at index: Int) -> Duration { frameDuration }

    func frame(at index: Int) throws -> RGBAImage {
        elapsed.withLock { $0 += cost }
        return CountingImage.still(index, size: canvasSize)
    }

    /// The scripted clock: advanced by `cost` per decode.
    var clock: @Sendable () -> Duration { { [elapsed] in elapsed.withLock { $0 } } }
}

@Suite("Automatic buffering")
struct AutomaticBufferTests {
    /// A 1 MiB cache: 100 frames of 16 KiB (1.6 MiB) are too many to keep whole, so the buffer adapts
    /// under a ceiling of 64 frames, on any machine.
    static let byteLimit = 1 << 20

    @Test("the window covers twice the measured decode time plus 50 ms at the playback rate", arguments: [
        // decode ms, rate, steady window: (2 × decode + 50 ms) × rate of 40 ms frames, + 1, at least 3
        (5, 1.0, 3), (50, 1.0, 5), (50, 2.0, 9), (90, 1.0, 7),
    ] as [(Int, Double, Int)])
    func steadyWindow(decode: Int, rate: Double, expected: Int) throws {
        let image = TimedImage(cost: .milliseconds(decode))
        let harness = try PlaybackHarness(image, configuration: Animator.Configuration(style: PlaybackStyle(rate: rate)),
                                          byteLimit: Self.byteLimit, decodeTime: image.clock)
        let buffer = try WindowProbe(harness.animator)
        #expect(buffer.adapts)
        #expect(buffer.frameLimit == 64)
        harness.animator.play()
        for tick in 1...300 { // 5 s at 60 Hz
            harness.tick(at: .seconds(tick) / 60)
            #expect(harness.cache.storedFrameCount(of: image) <= buffer.window + 1)
        }
        #expect(buffer.window == expected)
        #expect(harness.animator.bufferMisses == 0)
        #expect(harness.cache.statistics.peakFrames <= expected + 1)
    }

    @Test("a miss grows the window; it shrinks back after calm periods")
    func missAndRecovery() throws {
        let image = TimedImage(cost: .milliseconds(30))
        let scheduler = ManualDecodeScheduler()
        let cache = SharedFrameCache(byteLimit: Self.byteLimit, scheduler: scheduler, timeSource: image.clock)
        let buffer = CacheClient(image: image, budget: .automatic, cache: cache)
        for index in 0..<8 { _ = try cache.decodeNow(index, of: image) } // the average passes 25 ms
        #expect(cache.decodeTime(of: image) > .milliseconds(25) && cache.decodeTime(of: image) < .milliseconds(30))
        func fetch(_ time: Duration, missed: Bool = false) {
            buffer.fetch(shown: 0, upcoming: Array(1..<100), now: time, rate: 1, missed: missed)
            scheduler.runAll()
        }
        for _ in 0..<5 { fetch(.zero) }
        #expect(buffer.window.window == 4) // lead under 110 ms: 3 frames of 40 ms, + 1
        fetch(.seconds(1), missed: true)
        for _ in 0..<3 { fetch(.seconds(1)) }
        #expect(buffer.window.window == 7) // lead under 220 ms: 6 frames + 1, grown one frame a fetch
        #expect(cache.storedFrameCount(of: image) == 8)
        fetch(.seconds(2), missed: true)
        for _ in 0..<5 { fetch(.seconds(2)) }
        #expect(buffer.window.window == 12) // lead under 440 ms: 11 frames + 1
        #expect(cache.storedFrameCount(of: image) == 13)
        fetch(.milliseconds(6999))
        #expect(buffer.window.window == 12)
        fetch(.seconds(7))
        #expect(buffer.window.window == 7)
        #expect(cache.storedFrameCount(of: image) == 8) // frames beyond the window are let go
        fetch(.seconds(12))
        #expect(buffer.window.window == 4)
    }

    @Test("the animator reports a miss to the buffer, which then looks further ahead")
    func animatorMiss() throws {
        let image = TimedImage(cost: .milliseconds(30))
        let harness = try PlaybackHarness(image, byteLimit: Self.byteLimit, decodeTime: image.clock)
        let buffer = try WindowProbe(harness.animator)
        harness.animator.play()
        for tick in 1...120 { harness.tick(at: .seconds(tick) / 60) }
        #expect(buffer.window == 4)
        // No decoding for half a second: the frames ahead run out and the due frame is missing.
        for tick in 121...150 { harness.tick(at: .seconds(tick) / 60, decoding: false) }
        let misses = harness.animator.bufferMisses
        #expect(misses >= 1)
        harness.tick(at: .seconds(151) / 60)
        // Each miss doubled the lead (under 110 ms calm): the window grows towards it one frame a tick.
        let lead = Duration.milliseconds(110) * (1 << min(misses, 4))
        let target = min(Int((lead / .milliseconds(40)).rounded(.up)) + 1, 64)
        for tick in 152...(152 + target) { harness.tick(at: .seconds(tick) / 60) }
        #expect(buffer.window == target)
    }

    @Test("a small animation keeps every frame and decodes each once")
    func smallKeepsAll() throws {
        let image = TimedImage(frames: 10, cost: .milliseconds(50)) // 160 KiB in all
        let harness = try PlaybackHarness(image, byteLimit: Self.byteLimit, decodeTime: image.clock)
        let buffer = try WindowProbe(harness.animator)
        #expect(!buffer.adapts)
        #expect(buffer.frameLimit == 9)
        harness.animator.play()
        for tick in 1...120 { harness.tick(at: .seconds(tick) / 60) }
        #expect(harness.cache.statistics.decodes == 10)
        #expect(harness.cache.storedFrameCount(of: image) == 10)
    }

    @Test("on the simulated clock decodes take no time: the smallest window, the same on every run")
    func simulated() throws {
        // 40 ms frames: a lead of 50 ms (plus a vanishing average) is covered by 2 frames, + 1.
        let runs = try (0..<2).map { _ in
            try PlaybackSimulation.run(TimedImage(cost: .milliseconds(50)), ticksPerSecond: 60,
                                       duration: .seconds(3), byteLimit: Self.byteLimit)
        }
        #expect(runs[0] == runs[1])
        #expect(runs[0].peakBufferedFrames == 4) // the frame shown and 3 ahead
        #expect(runs[0].bufferMisses == 0)
        #expect(runs[0].changes.count == 76) // frame 0, then one change every 40 ms for 3 s
    }
}
