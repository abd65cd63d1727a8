import Testing
@testable import Zoetrope
import ZoetropeTesting

/// How playback starts: the first frame is held until the next frames are decoded (a short
/// start-up buffer) or until its duration plus a second have passed, and the animation's clock
/// starts then; no frame is due, so none is missed, before.
@Suite("Playback start")
struct PlaybackStartTests {
    /// Six frames of 100 ms.
    static func image() -> CountingImage {
        CountingImage(milliseconds: Array(repeating: 100, count: 6))
    }

    @Test("the clock starts once the next frames are decoded: the first frame then shows its whole duration")
    func clockStartsWhenBuffered() throws {
        let harness = try PlaybackHarness(Self.image())
        harness.animator.play()
        // Without the hold, frame 1 would be due at 100 ms and missed.
        for milliseconds in [16, 50, 100] {
            harness.tick(milliseconds: milliseconds, decoding: false)
            #expect(harness.animator.currentFrame == 0)
            #expect(harness.animator.elapsed == .zero)
        }
        harness.tick(milliseconds: 150) // frames 1 and 2 decoded before this tick: the clock started at 100 ms
        #expect(harness.animator.elapsed == .milliseconds(50))
        harness.tick(milliseconds: 199)
        #expect(harness.animator.currentFrame == 0)
        harness.tick(milliseconds: 200)
        #expect(harness.animator.currentFrame == 1)
        harness.tick(milliseconds: 300)
        #expect(harness.animator.currentFrame == 2)
        #expect(frameChanges(harness.events) == [1, 2])
        #expect(harness.animator.bufferMisses == 0)
    }

    @Test("the hold waits for the next two frames, not only the next one")
    func waitsForTwoFrames() throws {
        let harness = try PlaybackHarness(Self.image())
        harness.animator.play()
        harness.tick(milliseconds: 16, decoding: false) // asks for frame 2 as well
        harness.scheduler.runNext() // frame 1 only
        harness.tick(milliseconds: 32, decoding: false)
        #expect(harness.animator.elapsed == .zero)
        harness.scheduler.runNext() // frame 2
        harness.tick(milliseconds: 48, decoding: false)
        #expect(harness.animator.elapsed == .milliseconds(16))
    }

    @Test("while another animation on the cache is starting too, the hold waits for a second of frames")
    func sharedStartCover() throws {
        let harness = try PlaybackHarness(CountingImage(milliseconds: Array(repeating: 100, count: 12)))
        let other = try PlaybackHarness(Self.image(), cache: harness.cache)
        other.animator.play()
        other.clock.tick(at: .milliseconds(1)) // it holds its start too (its clock stops here)
        harness.animator.play()
        for step in 1...9 {
            harness.tick(milliseconds: step * 16) // frames 1 to `step` decoded (the window grows a frame a tick)
            #expect(harness.animator.elapsed == .zero)
        }
        harness.tick(milliseconds: 160) // frames 1 to 10: a second, it starts
        #expect(harness.animator.elapsed == .milliseconds(16))
        #expect(harness.animator.bufferMisses == 0)
        // Once the others have started, paused or gone, the next two frames are enough again.
        other.animator.pause()
        try harness.animator.prepare(Self.image())
        harness.tick(milliseconds: 176, decoding: false) // frame 1 not decoded yet: held
        harness.tick(milliseconds: 192) // frames 1 and 2: it starts
        #expect(harness.animator.elapsed == .milliseconds(16))
    }

    @Test("a slow decode starts playback at the first frame's duration plus a second, at the rate",
          arguments: [(1.0, 1100), (2.0, 1050), (0.5, 1200)])
    func deadline(rate: Double, startMilliseconds: Int) throws {
        let style = PlaybackStyle(rate: rate)
        let harness = try PlaybackHarness(Self.image(), configuration: Animator.Configuration(style: style))
        harness.animator.play()
        var milliseconds = 0
        while milliseconds < startMilliseconds - 10 {
            milliseconds += 10
            harness.tick(milliseconds: milliseconds, decoding: false)
            #expect(harness.animator.elapsed == .zero)
        }
        harness.tick(milliseconds: startMilliseconds, decoding: false) // the deadline: the clock starts
        #expect(harness.animator.elapsed == .zero)
        harness.tick(milliseconds: startMilliseconds + 10, decoding: false)
        #expect(harness.animator.elapsed == .milliseconds(10) * rate)
        #expect(harness.animator.bufferMisses == 0)
        // From the start on, a frame falling due undecoded is a miss.
        let due = startMilliseconds + Int(100 / rate)
        harness.tick(milliseconds: due - 1, decoding: false)
        #expect(harness.animator.bufferMisses == 0)
        harness.tick(milliseconds: due, decoding: false)
        #expect(harness.animator.currentFrame == 0)
        #expect(harness.animator.bufferMisses == 1)
    }

    @Test("no miss is counted while the first frame is held, however late the decodes")
    func noMissBeforeStart() throws {
        let harness = try PlaybackHarness(Self.image())
        harness.animator.play()
        for step in 1...109 { harness.tick(milliseconds: step * 10, decoding: false) }
        #expect(harness.animator.bufferMisses == 0)
        #expect(harness.animator.currentFrame == 0 && harness.animator.elapsed == .zero)
        #expect(harness.events.isEmpty)
    }

    @Test("a seek before the start drops the hold: playback runs from where it was put")
    func seekDropsHold() throws {
        let harness = try PlaybackHarness(Self.image())
        harness.animator.seek(toFrame: 2)
        harness.animator.play()
        harness.tick(milliseconds: 50, decoding: false)
        #expect(harness.animator.elapsed == .milliseconds(250))
    }

    @Test("loading again holds again; a still image starts at once")
    func reloadHoldsAgain() throws {
        let image = Self.image()
        let harness = try PlaybackHarness(image)
        harness.animator.play()
        for step in 1...3 { harness.tick(milliseconds: step * 100) }
        #expect(harness.animator.currentFrame == 3)
        try harness.animator.prepare(Self.image()) // another image: nothing of it decoded ahead
        harness.tick(milliseconds: 320, decoding: false)
        #expect(harness.animator.elapsed == .zero)
        harness.tick(milliseconds: 350) // frames 1 and 2 decoded: it starts
        #expect(harness.animator.elapsed == .milliseconds(30))
        let still = CountingImage(milliseconds: [100])
        try harness.animator.prepare(still)
        harness.tick(milliseconds: 400, decoding: false)
        #expect(harness.animator.bufferMisses == 0 && harness.animator.currentFrame == 0)
    }

    @Test("a surface attachment's clock starts when its buffer is decoded, as an animator's does")
    func surfaceAttachment() throws {
        let clock = ManualClock()
        let scheduler = ManualDecodeScheduler()
        let surface = AnimationSurface(cache: SharedFrameCache(byteLimit: 1 << 30, scheduler: scheduler), clock: clock)
        let attachment = surface.makeAttachment(image: Self.image(), size: PixelSize(width: 1, height: 1))
        attachment.setVisible(true)
        clock.tick(at: .milliseconds(100))
        clock.tick(at: .milliseconds(150))
        #expect(attachment.animator.elapsed == .zero && attachment.animator.bufferMisses == 0)
        scheduler.runAll()
        clock.tick(at: .milliseconds(200))
        #expect(attachment.animator.elapsed == .milliseconds(50))
        #expect(attachment.animator.currentFrame == 0 && attachment.animator.bufferMisses == 0)
    }

    @Test("the frames waited for and the deadline")
    func holdValues() {
        var alone = StartupHold.Policy()
        alone.cover = .zero
        let durations = Array(repeating: Duration.milliseconds(100), count: 5)
        #expect(StartupHold.frames(upcoming: [1, 2, 3], window: 1, durations: durations, policy: alone) == [1])
        #expect(StartupHold.frames(upcoming: [1, 2, 3], window: 5, durations: durations, policy: alone) == [1, 2])
        #expect(StartupHold.frames(upcoming: [], window: 5, durations: durations, policy: alone).isEmpty)
        #expect(StartupHold.deadline(firstDuration: .milliseconds(40), rate: 0) == .seconds(1))
        var covering = StartupHold.Policy()
        covering.cover = .milliseconds(250) // more frames, while they cover less
        #expect(StartupHold.frames(upcoming: [1, 2, 3, 4], window: 4, durations: durations, policy: covering) == [1, 2, 3])
        #expect(StartupHold.frames(upcoming: [1, 2, 3, 4], window: 1, durations: durations, policy: covering) == [1, 2, 3])
        #expect(StartupHold.frames(upcoming: [1, 2], window: 2, durations: durations, policy: covering) == [1, 2])
        var hold = StartupHold()
        let first = hold.start(buffered: false, interval: .milliseconds(60), deadline: .milliseconds(140))
        let second = hold.start(buffered: false, interval: .milliseconds(100), deadline: .milliseconds(140))
        #expect(first == nil && second == .milliseconds(20)) // only the time past the deadline plays
        var buffered = StartupHold()
        let whole = buffered.start(buffered: true, interval: .milliseconds(30), deadline: .seconds(1))
        #expect(whole == .milliseconds(30))
    }
}
