import Foundation
import Testing
@testable import Zoetrope
import ZoetropeTesting
import ZoetropeTestSupport

/// A long replay must not block anything that does not need its result: decoding holds neither
/// the image's lock nor the animator's. A gate inside the container stops decoding of the frames
/// after frame 0 until the test opens it, so "while a replay is under way" is exact, not timed.
@Suite("Concurrency: decoding holds no lock that playback needs")
struct DecodingOutsideLocksTests {
    /// A long GIF (300 frames, each a small change on the last: no clean start after frame 0, so
    /// reading the last frame replays all of them).
    static func longGIF() throws -> [UInt8] {
        let full = PixelRect(x: 0, y: 0, width: 64, height: 64)
        var frames = [GIFEncoder.IndexedFrame(rect: full, indices: GIFFixtures.randomIndices(64 * 64, below: 4, seed: 1),
                                              delayCentiseconds: 2)]
        for index in 1..<300 {
            frames.append(GIFEncoder.IndexedFrame(rect: PixelRect(x: index % 60, y: index % 57, width: 4, height: 4),
                                                  indices: GIFFixtures.randomIndices(16, below: 4, seed: UInt64(index)),
                                                  delayCentiseconds: 2))
        }
        return try GIFEncoder.encode(GIFEncoder.IndexedImage(canvasSize: PixelSize(width: 64, height: 64),
                                                             globalColorTable: GIFFixtures.palette(4),
                                                             loopCount: 0, frames: frames))
    }

    /// A real GIF container whose frames after the first wait for `gate` before decoding.
    final class GatedContainer: ImageContainer, @unchecked Sendable {
        // @unchecked: the semaphores are thread-safe; `inner` is immutable.
        let inner: any ImageContainer
        let gate = DispatchSemaphore(value: 0)
        let entered = DispatchSemaphore(value: 0)
        init(_ inner: any ImageContainer) { self.inner = inner }
        var format: ImageFormat { inner.format }
        var table: FrameTable { inner.table }
        func decodeFrame(at index: Int) throws(ZoetropeError) -> DecodedFrame {
            if index > 0 {
                entered.signal()
                // A test that fails before opening the gate must not leave this thread blocked for ever.
                _ = gate.wait(timeout: .now() + .seconds(Int(Deadline.standard)))
                gate.signal() // once open, stays open
            }
            return try inner.decodeFrame(at: index)
        }
    }

    static func gatedImage() throws -> (AnimatedImage, GatedContainer) {
        let container = GatedContainer(try CodecRegistry.open(longGIF(), options: .default))
        return (AnimatedImage(container: container, options: .default), container)
    }

    /// Runs `work` on a thread of its own; the semaphore is signalled when it returns.
    static func background(_ work: @escaping @Sendable () -> Void) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            work()
            done.signal()
        }
        return done
    }

    @Test("while one thread replays to the last frame, another reads frame 0, the warnings and the frame table")
    func imageReadsDuringReplay() throws {
        let (image, container) = try Self.gatedImage()
        let replay = Self.background { _ = try? image.frame(at: 299) }
        #expect(container.entered.wait(timeout: .now() + 10) == .success, "the replay never started decoding")
        let reader = Self.background {
            _ = try? image.frame(at: 0)
            _ = image.warnings
            _ = image.frames.count
        }
        let readerFinished = reader.wait(timeout: .now() + 10) == .success
        #expect(readerFinished, "frame(at: 0) waited for another thread's replay")
        #expect(replay.wait(timeout: .now()) == .timedOut, "the replay should still be held at the gate")
        container.gate.signal()
        #expect(replay.wait(timeout: .now() + 30) == .success)
        #expect(try image.frame(at: 299) == (try AnimatedImage(bytes: Self.longGIF()).frame(at: 299)))
    }

    @Test("while a seek decodes, clock ticks and the animator's getters go on")
    func animatorDuringSeek() throws {
        let (image, container) = try Self.gatedImage()
        let clock = ManualClock()
        let animator = Animator(clock: clock)
        try animator.prepare(image)
        animator.play()
        let seek = Self.background { animator.seek(toFrame: 299) }
        #expect(container.entered.wait(timeout: .now() + 10) == .success, "the seek never started decoding")
        let reader = Self.background {
            clock.advance(by: .milliseconds(16))
            _ = animator.currentFrame
            _ = animator.isPlaying
            _ = animator.elapsed
        }
        let readerFinished = reader.wait(timeout: .now() + 10) == .success
        #expect(readerFinished, "a tick or a getter waited for the seek's decoding")
        #expect(seek.wait(timeout: .now()) == .timedOut, "the seek should still be held at the gate")
        container.gate.signal()
        #expect(seek.wait(timeout: .now() + 30) == .success)
        #expect(animator.currentFrame == 299)
    }
}

/// A four-frame image whose frame 2 cannot be decoded.
final class BrokenFrameImage: AnimatableImage {
    let playCount = PlayCount.infinite
    let canvasSize = PixelSize(width: 2, height: 2)
    var frameCount: Int { 4 }
    func duration(at index: Int) -> Duration { .milliseconds(100) }
    func frame(at index: Int) throws -> RGBAImage {
        if index == 2 { throw ZoetropeError(.malformed, "frame 2 is broken") }
        return CountingImage.still(index, size: canvasSize)
    }
}

@Suite("Seeking to a frame that cannot be decoded")
struct UndecodableSeekTests {
    @Test("the seek is undone: the frame and position stay where they were, and no change is announced")
    func seekUndone() throws {
        let harness = try PlaybackHarness(BrokenFrameImage())
        harness.animator.seek(toFrame: 1)
        #expect(harness.animator.currentFrame == 1)
        #expect(harness.animator.elapsed == .milliseconds(100))
        harness.animator.seek(toFrame: 2)
        #expect(harness.animator.currentFrame == 1)
        // The position is frame 1's again, not frame 2's (which starts at 200 ms).
        #expect(harness.animator.elapsed == .milliseconds(100))
        #expect(frameChanges(harness.events) == [1])
    }
}
