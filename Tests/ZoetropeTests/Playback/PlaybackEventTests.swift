import Testing
@testable import Zoetrope
import ZoetropeTestSupport

@Suite("Animator events")
struct PlaybackEventTests {
    /// The events of two plays of three 100 ms frames, ticked every 50 ms.
    static let expected: [AnimatorEvent] = [
        .frameChanged(frame: 1, play: 0), .frameChanged(frame: 2, play: 0),
        .playCompleted(completed: 1, remaining: 1), .frameChanged(frame: 0, play: 1),
        .frameChanged(frame: 1, play: 1), .frameChanged(frame: 2, play: 1),
        .playCompleted(completed: 2, remaining: 0), .finished,
    ]

    static func playTwice(_ harness: PlaybackHarness) {
        harness.animator.play()
        for step in 1...14 { harness.tick(milliseconds: step * 50) }
    }

    @Test("callbacks receive frame, loop and finish events in order")
    func callbacks() throws {
        let harness = try PlaybackHarness(CountingImage(milliseconds: [100, 100, 100], playCount: .finite(2)))
        Self.playTwice(harness)
        #expect(harness.events == Self.expected)
    }

    @Test("a finishing bounce announces the frame it comes to rest on before finishing")
    func bounceFinish() throws {
        let harness = try PlaybackHarness(CountingImage(milliseconds: [100, 100, 100], playCount: .finite(1)),
                                          configuration: Animator.Configuration(style: PlaybackStyle(mode: .bounce)))
        harness.animator.play()
        for step in 1...10 { harness.tick(milliseconds: step * 50) }
        #expect(harness.events == [
            .frameChanged(frame: 1, play: 0), .frameChanged(frame: 2, play: 0), .frameChanged(frame: 1, play: 0),
            .playCompleted(completed: 1, remaining: 0), .frameChanged(frame: 0, play: 0), .finished,
        ])
    }

    @Test("the async sequence yields the same events in the same order")
    func asyncSequence() async throws {
        let harness = try PlaybackHarness(CountingImage(milliseconds: [100, 100, 100], playCount: .finite(2)))
        let stream = harness.animator.events
        Self.playTwice(harness)
        let received = try await Deadline.run("the animator's events up to .finished") {
            var received: [AnimatorEvent] = []
            for await event in stream {
                received.append(event)
                if event == .finished { break }
            }
            return received
        }
        #expect(received == Self.expected)
    }

    @Test("a cancelled observation receives nothing more")
    func cancelObservation() throws {
        let harness = try PlaybackHarness(CountingImage(milliseconds: [100, 100, 100]))
        let count = Counter()
        let observation = harness.animator.observe { _ in count.increment() }
        harness.animator.play()
        harness.tick(milliseconds: 100)
        observation.cancel()
        harness.tick(milliseconds: 200)
        #expect(count.value == 1)
        #expect(harness.events.count == 2)
    }

    @Test("a handler may call back into the animator")
    func reentrantHandler() throws {
        let harness = try PlaybackHarness(CountingImage(milliseconds: [100, 100, 100]))
        let animator = harness.animator
        animator.observe { event in
            if case .frameChanged(frame: 2, _) = event { animator.pause() }
        }
        animator.play()
        for step in 1...10 { harness.tick(milliseconds: step * 50) }
        #expect(!animator.isPlaying)
        #expect(animator.currentFrame == 2)
    }

    @Test("on the timer clock an animation plays to its end and the stream ends with finished", .timeLimit(.minutes(5)))
    func realClock() async throws {
        let image = CountingImage(milliseconds: [20, 20, 20, 20], playCount: .finite(2))
        let cache = SharedFrameCache(byteLimit: 1 << 20)
        let animator = Animator(clock: TimerClock(ticksPerSecond: 250), cache: cache)
        try animator.prepare(image)
        let stream = animator.events
        animator.play()
        let frames = try await Deadline.run("the animator's events up to .finished") {
            var frames: [Int] = []
            for await event in stream {
                if case .frameChanged(let frame, _) = event { frames.append(frame) }
                if event == .finished { break }
            }
            return frames
        }
        #expect(animator.isFinished)
        #expect(animator.currentFrame == 3)
        #expect(frames.last == 3)
        #expect(frames.count >= 2)
        #expect(animator.elapsed == .milliseconds(160))
    }
}

extension PlaybackEventTests {
    @Test("two animators on timer clocks share one cache concurrently, decoding each frame once",
          .timeLimit(.minutes(5)))
    func concurrentSharing() async throws {
        let image = CountingImage(milliseconds: Array(repeating: 15, count: 12), playCount: .finite(3))
        let cache = SharedFrameCache(byteLimit: 1 << 20)
        let configuration = Animator.Configuration(budget: .allFrames)
        let animators = [120.0, 97.0].map {
            Animator(clock: TimerClock(ticksPerSecond: $0), cache: cache, configuration: configuration)
        }
        let streams = try animators.map { animator in
            try animator.prepare(image)
            return animator.events
        }
        for animator in animators { animator.play() }
        for stream in streams {
            try await Deadline.run("an animator's .finished event") {
                for await event in stream where event == .finished { break }
            }
        }
        for animator in animators {
            #expect(animator.isFinished)
            #expect(animator.currentFrame == 11)
        }
        #expect(image.decodeCounts == Dictionary(uniqueKeysWithValues: (0..<12).map { ($0, 1) }))
    }
}

final class Counter: Sendable {
    private let count = LockedState(0)
    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
