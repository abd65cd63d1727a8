import Testing
@testable import Zoetrope
import ZoetropeTesting

/// A tiny image like ``CountingImage`` whose frames in `broken` cannot be decoded.
final class BrokenImage: AnimatableImage {
    let durations: [Duration]
    let broken: Set<Int>
    let playCount: PlayCount
    let canvasSize = PixelSize(width: 2, height: 2)

    init(frames: Int = 6, broken: Set<Int>, playCount: PlayCount = .infinite) {
        durations = Array(repeating: .milliseconds(100), count: frames)
        self.broken = broken
        self.playCount = playCount
    }

    var frameCount: Int { durations.count }
    func duration(at index: Int) -> Duration { durations[index] }

    func frame(at index: Int) throws -> RGBAImage {
        if broken.contains(index) { throw Self.error(index) }
        return CountingImage.still(index, size: canvasSize)
    }

    /// The error frame `index` throws.
    static func error(_ index: Int) -> ZoetropeError {
        ZoetropeError(.malformed, format: .gif, offset: 1000 + index, "frame \(index) is broken")
    }
}

/// A frame that cannot be decoded is a state and an event, not silence; playback goes on.
@Suite("Playback: frames that cannot be decoded")
struct PlaybackFailureTests {
    @Test("a broken frame in mid-loop: the event and lastFailure report it, the picture before stays for its time, the rest plays")
    func brokenFrameInTheMiddle() throws {
        let image = BrokenImage(broken: [3], playCount: .finite(2))
        let clock = ManualClock(), scheduler = ManualDecodeScheduler()
        let view = RecordingView(clock: clock, cache: SharedFrameCache(byteLimit: 1 << 20, scheduler: scheduler))
        let events = LockedState<[AnimatorEvent]>([])
        view.animator.observe { event in events.withLock { $0.append(event) } }
        try view.prepareForAnimation(with: image)
        view.startAnimating()
        var shownDuringFrame3: [Int] = []
        for step in 1...130 { // 10 ms ticks: two plays of 600 ms
            scheduler.runAll()
            clock.tick(at: .milliseconds(step * 10))
            if view.animator.currentFrame == 3 { shownDuringFrame3.append(view.displayed.last?.index ?? -1) }
        }
        let expectedError = BrokenImage.error(3)
        // Announced once (the frame is kept as failed while wanted, not decoded again), in order.
        let recorded = events.withLock { $0 }
        #expect(recorded.filter { if case .frameFailed = $0 { true } else { false } }
                == [.frameFailed(frame: 3, error: expectedError)])
        #expect(recorded.prefix(3) == [.frameChanged(frame: 1, play: 0), .frameChanged(frame: 2, play: 0),
                                       .frameFailed(frame: 3, error: expectedError)])
        #expect(view.lastFailure == FrameFailure(frame: 3, error: expectedError))
        #expect(view.animator.lastFailure?.description == "frame 4 could not be decoded: GIF: frame 3 is broken (at byte offset 1003)")
        // Frame 2's picture stayed for frame 3's 100 ms (ten ticks, both plays), then 4 and 5 played.
        #expect(shownDuringFrame3.count == 20 && shownDuringFrame3.allSatisfy { $0 == 2 })
        #expect(view.displayed.map(\.index) == [0, 1, 2, 4, 5, 0, 1, 2, 4, 5])
        #expect(recorded.last == .finished)
        #expect(view.animator.bufferMisses == 0)
    }

    @Test("seeking to a broken frame leaves playback where it was and reports the failure")
    func seekToBrokenFrame() throws {
        let image = BrokenImage(broken: [4])
        let harness = try PlaybackHarness(image)
        harness.animator.seek(toFrame: 2)
        #expect(harness.animator.currentFrame == 2)
        harness.animator.seek(toFrame: 4)
        #expect(harness.animator.currentFrame == 2)
        #expect(harness.animator.activeFrame == CountingImage.still(2, size: image.canvasSize))
        #expect(harness.events == [.frameChanged(frame: 2, play: 0), .frameFailed(frame: 4, error: BrokenImage.error(4))])
        #expect(harness.animator.lastFailure?.frame == 4)
        // Playing on from frame 2 passes over frame 4 with frame 3's picture.
        harness.animator.play()
        for step in 1...30 { harness.tick(milliseconds: step * 10) }
        #expect(frameChanges(harness.events) == [2, 3, 5])
    }

    @Test("a broken first frame makes prepare throw and keeps the image loaded before")
    func brokenFirstFrame() throws {
        let harness = try PlaybackHarness(CountingImage(milliseconds: [100, 100]))
        #expect(throws: BrokenImage.error(0)) { try harness.animator.prepare(BrokenImage(broken: [0])) }
        #expect(harness.animator.frameCount == 2 && harness.animator.lastFailure == nil)
    }

    @Test("an error that is not a ZoetropeError arrives described, as kind malformed")
    func foreignError() throws {
        struct Custom: Error, CustomStringConvertible { var description: String { "the network went away" } }
        final class Throwing: AnimatableImage {
            let canvasSize = PixelSize(width: 1, height: 1)
            let frameCount = 3
            let playCount = PlayCount.infinite
            func duration(at index: Int) -> Duration { .milliseconds(50) }
            func frame(at index: Int) throws -> RGBAImage {
                if index == 1 { throw Custom() }
                return RGBAImage(width: 1, height: 1)
            }
        }
        let harness = try PlaybackHarness(Throwing())
        harness.animator.play()
        for step in 1...8 { harness.tick(milliseconds: step * 10) }
        #expect(harness.animator.lastFailure == FrameFailure(frame: 1, error: ZoetropeError(.malformed, "the network went away")))
    }

    @Test("a surface attachment whose first frame is broken shows nothing and says why; a later broken frame is its animator's")
    func surfaceAttachment() throws {
        let surface = AnimationSurface(cache: SharedFrameCache(byteLimit: 1 << 20, scheduler: ManualDecodeScheduler()),
                                       clock: ManualClock())
        let broken = surface.makeAttachment(image: BrokenImage(broken: [0]), size: PixelSize(width: 2, height: 2))
        broken.setVisible(true)
        #expect(broken.presentation == .nothing)
        #expect(broken.lastFailure == FrameFailure(frame: 0, error: BrokenImage.error(0)))
        let later = surface.makeAttachment(image: BrokenImage(broken: [1]), size: PixelSize(width: 2, height: 2))
        later.setVisible(true)
        #expect(later.presentation == .playing && later.lastFailure == nil)
        later.animator.seek(toFrame: 1)
        #expect(later.lastFailure == FrameFailure(frame: 1, error: BrokenImage.error(1)))
    }
}
