import Testing
@testable import Zoetrope
import ZoetropeTesting

/// An animator playing an image whose bytes are still arriving.
@Suite("Playing a progressive image")
struct ProgressivePlaybackTests {
    /// The APNG of ``ProgressiveImageTests``: 7 frames of 60 ms, two plays. Returns an image fed
    /// up to the first byte at which `frames` frames are complete, and the rest of the bytes.
    static func partlyFed(frames: Int) throws -> (ProgressiveImage, rest: [UInt8]) {
        let bytes = ProgressiveImageTests.apng
        let image = ProgressiveImage(options: .default, parseStep: 1)
        var offset = 0
        while image.frameCount < frames {
            try #require(offset < bytes.count, "\(frames) frames never became available")
            image.append([bytes[offset]])
            offset += 1
        }
        return (image, Array(bytes[offset...]))
    }

    @Test("playback waits on the last frame that arrived, then goes on and finishes when the rest comes")
    func waitsAtTheFrontier() throws {
        let (image, rest) = try Self.partlyFed(frames: 3)
        let harness = try PlaybackHarness(image)
        harness.animator.play()
        for milliseconds in stride(from: 0, through: 5_000, by: 20) { harness.tick(milliseconds: milliseconds) }
        #expect(frameChanges(harness.events) == [1, 2])
        #expect(!harness.events.contains(.finished))
        #expect(harness.animator.currentFrame == 2)

        image.append(rest)
        image.finish()
        for milliseconds in stride(from: 5_020, through: 7_000, by: 20) { harness.tick(milliseconds: milliseconds) }
        // Frames 3–6 of the first play, then a whole second play, then the end.
        #expect(frameChanges(harness.events) == [1, 2, 3, 4, 5, 6, 0, 1, 2, 3, 4, 5, 6])
        #expect(harness.events.contains(.finished))
    }

    @Test("time spent waiting for bytes does not skip the frames that then arrive")
    func noCatchUp() throws {
        let (image, rest) = try Self.partlyFed(frames: 2)
        let harness = try PlaybackHarness(image)
        harness.animator.play()
        harness.tick(milliseconds: 0)
        harness.tick(milliseconds: 2_000)
        image.append(rest)
        // Frame 1 has shown far longer than its 60 ms: frame 2 comes as soon as it is decoded
        // (the tick that learns of it asks for it), and the frames after it follow one by one
        // instead of being skipped to catch up with the two seconds spent waiting.
        harness.tick(milliseconds: 2_020)
        harness.tick(milliseconds: 2_040)
        #expect(frameChanges(harness.events) == [1, 2])
        harness.tick(milliseconds: 2_080)
        #expect(frameChanges(harness.events) == [1, 2, 3])
        harness.tick(milliseconds: 2_140)
        #expect(frameChanges(harness.events) == [1, 2, 3, 4])
    }

    @Test("an image arriving in chunks never shows a placeholder duration through any public API")
    func noSentinelDuration() throws {
        let bytes = ProgressiveImageTests.apng // 7 frames of 60 ms, two plays
        let whole = try AnimatedImage(bytes: bytes)
        let image = ProgressiveImage(options: .default, parseStep: 1)
        let scaled = ScaledImage(image, size: PixelSize(width: 6, height: 4))
        let clock = ManualClock(), scheduler = ManualDecodeScheduler()
        let animator = Animator(clock: clock, cache: SharedFrameCache(byteLimit: 1 << 20, scheduler: scheduler))
        let events = LockedState<[AnimatorEvent]>([])
        animator.observe { event in events.withLock { $0.append(event) } }
        var time = Duration.zero
        for start in stride(from: 0, to: bytes.count, by: 97) {
            image.append(Array(bytes[start..<min(start + 97, bytes.count)]))
            if animator.image == nil, scaled.frameCount > 0 {
                try animator.prepare(scaled)
                animator.play()
            }
            for _ in 0..<5 {
                time += .milliseconds(20)
                scheduler.runAll()
                clock.tick(at: time)
            }
            let known = (0..<image.frameCount).reduce(Duration.zero) { $0 + image.duration(at: $1) }
            #expect(image.totalDuration == known && scaled.totalDuration == known && known <= whole.totalDuration)
            #expect(image.summary.map { $0.frameCount == image.frameCount } ?? true)
            guard animator.image != nil else { continue }
            #expect(animator.playDuration <= known, "loop \(animator.playDuration) of \(known) known")
            #expect(animator.totalDuration == nil) // not known while the image arrives
            #expect((0...1).contains(animator.progress))
            #expect(animator.elapsed <= time)
            #expect(animator.currentFrame < image.frameCount)
        }
        image.finish()
        for _ in 0..<100 {
            time += .milliseconds(20)
            scheduler.runAll()
            clock.tick(at: time)
        }
        #expect(animator.playDuration == whole.totalDuration && animator.totalDuration == whole.totalDuration * 2)
        #expect(animator.isFinished && events.withLock { $0 }.last == .finished)
        #expect(frameChanges(events.withLock { $0 }).suffix(7) == [0, 1, 2, 3, 4, 5, 6])
    }
}
