import Testing
@testable import Zoetrope

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
}
