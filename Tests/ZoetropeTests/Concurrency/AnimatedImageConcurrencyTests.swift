import Testing
import Zoetrope

/// `AnimatedImage` promises that `frame(at:)` may be called from any thread, in any order. These
/// tests hammer one image from many tasks and compare every frame with a sequential decode; run
/// them under ThreadSanitizer (`swift test --sanitize=thread --filter Concurrency`) to catch races.
@Suite("Concurrency: one AnimatedImage, many threads")
struct AnimatedImageConcurrencyTests {
    static let frameCount = 12

    /// A 40×30 animation whose frames all differ (a moving diagonal pattern, some transparency).
    static func animation() throws -> [UInt8] {
        let frames = (0..<frameCount).map { index in
            var image = RGBAImage(width: 40, height: 30)
            for y in 0..<30 {
                for x in 0..<40 {
                    let band = (x + y + index * 3) % 16
                    image[x, y] = band == 0 ? (0, 0, 0, 0) : (UInt8(band * 16), UInt8(index * 20), UInt8(x * 6), 255)
                }
            }
            return image
        }
        return try GIFEncoder.encode(frames: frames, durations: [.milliseconds(50)], playCount: .infinite)
    }

    /// Every frame, decoded in order on one thread.
    static func sequentialFrames(_ bytes: [UInt8]) throws -> [RGBAImage] {
        var frames: [RGBAImage] = []
        try AnimatedImage(bytes: bytes).forEachFrame { _, frame in frames.append(copy frame) }
        return frames
    }

    @Test("frame(at:) from 8 tasks in random order gives the sequential frames")
    func randomAccess() async throws {
        let bytes = try Self.animation()
        let expected = try Self.sequentialFrames(bytes)
        try #require(expected.count == Self.frameCount)
        let image = try AnimatedImage(bytes: bytes)
        let mismatches = try await withThrowingTaskGroup(of: Int.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var state = UInt64(worker + 1) &* 0x9E37_79B9_7F4A_7C15
                    var wrong = 0
                    for _ in 0..<150 {
                        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                        let index = Int(state >> 33) % Self.frameCount
                        if try image.frame(at: index) != expected[index] { wrong += 1 }
                    }
                    return wrong
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }

    @Test("forEachFrame on several tasks while others seek gives the sequential frames")
    func iterationWhileSeeking() async throws {
        let bytes = try Self.animation()
        let expected = try Self.sequentialFrames(bytes)
        let image = try AnimatedImage(bytes: bytes)
        let mismatches = try await withThrowingTaskGroup(of: Int.self) { group in
            for worker in 0..<6 {
                group.addTask {
                    var wrong = 0
                    for round in 0..<10 {
                        if worker % 2 == 0 {
                            try image.forEachFrame { index, frame in
                                if frame != expected[index] { wrong += 1 }
                            }
                        } else {
                            let index = (round * 5 + worker) % Self.frameCount
                            if try image.frame(at: index) != expected[index] { wrong += 1 }
                        }
                    }
                    return wrong
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(mismatches == 0)
        #expect(image.warnings.isEmpty)
    }
}
