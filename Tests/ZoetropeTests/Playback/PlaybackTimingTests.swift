import Testing
@testable import Zoetrope

@Suite("Animator timing")
struct PlaybackTimingTests {
    static let milliseconds = [100, 50, 120, 30, 200]
    static var durations: [Duration] { milliseconds.map { .milliseconds($0) } }

    /// Plays on ticks at `timestamps` and checks the frame shown after each against the timeline
    /// walked independently; returns the ticks at which the frame changed.
    @discardableResult
    func playAndCompare(timestamps: [Duration], rate: Double = 1, mode: PlaybackMode = .forward,
                        cycle: [Int], plays: Int? = nil, rest: Int = 0,
                        sourceLocation: SourceLocation = #_sourceLocation) throws -> [Int] {
        let image = CountingImage(durations: Self.durations, playCount: plays.map { .finite($0) } ?? .infinite)
        let harness = try PlaybackHarness(image, configuration: Animator.Configuration(style: PlaybackStyle(rate: rate, mode: mode)))
        harness.animator.play()
        var changedAt: [Int] = []
        var previous = harness.animator.currentFrame
        for (tickIndex, timestamp) in timestamps.enumerated() {
            harness.tick(at: timestamp)
            let shown = harness.animator.currentFrame
            let expected = expectedFrame(at: timestamp * rate, durations: Self.durations, cycle: cycle,
                                         plays: plays, rest: rest)
            #expect(shown == expected, "tick \(tickIndex) at \(timestamp)", sourceLocation: sourceLocation)
            #expect(harness.animator.activeFrame == CountingImage.still(shown, size: image.canvasSize),
                    sourceLocation: sourceLocation)
            if shown != previous { changedAt.append(tickIndex) }
            previous = shown
        }
        #expect(harness.animator.bufferMisses == 0, sourceLocation: sourceLocation)
        return changedAt
    }

    static func ticks(hertz: Int, seconds: Int) -> [Duration] {
        (1...(hertz * seconds)).map { Duration.seconds($0) / hertz }
    }

    @Test("at 60 Hz frames change on the first tick at or after their start")
    func sixtyHertz() throws {
        let changes = try playAndCompare(timestamps: Self.ticks(hertz: 60, seconds: 3), cycle: [0, 1, 2, 3, 4])
        // Frame 1 starts at 100 ms = tick 6 (index 5), frame 2 at 150 ms = tick 9, frame 3 at
        // 270 ms = tick 16.2 → tick 17, frame 4 at 300 ms = tick 18, frame 0 again at 500 ms = tick 30.
        #expect(Array(changes.prefix(5)) == [5, 8, 16, 17, 29])
    }

    @Test("at 120 Hz playback keeps the same speed")
    func oneTwentyHertz() throws {
        let changes = try playAndCompare(timestamps: Self.ticks(hertz: 120, seconds: 3), cycle: [0, 1, 2, 3, 4])
        // 100 ms = tick 12, 150 ms = tick 18, 270 ms = tick 32.4 → 33, 300 ms = tick 36, 500 ms = tick 60.
        #expect(Array(changes.prefix(5)) == [11, 17, 32, 35, 59])
    }

    @Test("irregular ticks follow the measured time")
    func irregularTicks() throws {
        var seed: UInt64 = 0x9E37_79B9
        var time = Duration.zero
        var timestamps: [Duration] = []
        for _ in 0..<400 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            time += .microseconds(Int(seed >> 33) % 45_000 + 500)
            timestamps.append(time)
        }
        try playAndCompare(timestamps: timestamps, cycle: [0, 1, 2, 3, 4])
    }

    @Test("rate 2 plays twice as fast, rate 0.5 half as fast", arguments: [2.0, 0.5])
    func rates(rate: Double) throws {
        try playAndCompare(timestamps: Self.ticks(hertz: 60, seconds: 4), rate: rate, cycle: [0, 1, 2, 3, 4])
    }

    @Test("reverse plays last to first and rests on frame 0")
    func reverse() throws {
        try playAndCompare(timestamps: Self.ticks(hertz: 60, seconds: 3), mode: .reverse,
                           cycle: [4, 3, 2, 1, 0], plays: 2, rest: 0)
    }

    @Test("bounce plays there and back and rests on frame 0")
    func bounce() throws {
        try playAndCompare(timestamps: Self.ticks(hertz: 60, seconds: 4), mode: .bounce,
                           cycle: [0, 1, 2, 3, 4, 3, 2, 1], plays: 2, rest: 0)
    }

    @Test("a finite animation plays its plays and rests on the last frame")
    func finitePlays() throws {
        try playAndCompare(timestamps: Self.ticks(hertz: 60, seconds: 3), cycle: [0, 1, 2, 3, 4],
                           plays: 2, rest: 4)
    }

    @Test("loop events count plays by the image's play count, and the override replaces it")
    func loopCounting() throws {
        let image = CountingImage(milliseconds: [100, 100], playCount: .finite(3))
        let harness = try PlaybackHarness(image)
        harness.animator.play()
        for step in 1...100 { harness.tick(milliseconds: step * 20) }
        let loops = harness.events.filter { if case .frameChanged = $0 { false } else { true } }
        #expect(loops == [.playCompleted(completed: 1, remaining: 2), .playCompleted(completed: 2, remaining: 1),
                          .playCompleted(completed: 3, remaining: 0), .finished])
        #expect(harness.animator.isFinished)
        #expect(!harness.animator.isPlaying)
        #expect(harness.animator.currentFrame == 1)
        #expect(harness.animator.currentPlay == 2)
        #expect(harness.animator.totalDuration == .milliseconds(600))
        #expect(harness.animator.elapsed == .milliseconds(600))
        #expect(harness.animator.progress == 1)

        let once = try PlaybackHarness(image, configuration: Animator.Configuration(style: PlaybackStyle(playCount: .finite(1))))
        once.animator.play()
        for step in 1...20 { once.tick(milliseconds: step * 20) }
        #expect(once.events.last == .finished)
        #expect(once.events.filter { if case .playCompleted = $0 { true } else { false } }.count == 1)

        let forever = try PlaybackHarness(image, configuration: Animator.Configuration(style: PlaybackStyle(playCount: .infinite)))
        forever.animator.play()
        for step in 1...100 { forever.tick(milliseconds: step * 20) }
        #expect(forever.events.contains(.playCompleted(completed: 9, remaining: nil)))
        #expect(!forever.events.contains(.finished))
        #expect(forever.animator.totalDuration == nil)
    }

    @Test("a stall longer than the clamp advances by the clamp only")
    func stall() throws {
        let image = CountingImage(milliseconds: Array(repeating: 100, count: 30))
        let harness = try PlaybackHarness(image)
        harness.animator.play()
        for step in 1...20 { harness.tick(milliseconds: step) } // the buffer grows one frame a tick
        harness.tick(milliseconds: 5_020) // five seconds later: counts as one
        #expect(harness.animator.currentFrame == 10)
        #expect(harness.animator.elapsed == .milliseconds(1_020))
        #expect(harness.animator.bufferMisses == 0)
    }

    @Test("when late, skipFrames keeps wall-clock time and showEveryFrame advances one frame")
    func latenessPolicies() throws {
        let image = CountingImage(milliseconds: Array(repeating: 100, count: 10))
        let skipping = try PlaybackHarness(image)
        skipping.animator.play()
        for step in 1...5 { skipping.tick(milliseconds: step) } // the buffer grows one frame a tick
        skipping.tick(milliseconds: 350)
        #expect(skipping.animator.currentFrame == 3)
        #expect(frameChanges(skipping.events) == [3])

        let everyFrame = try PlaybackHarness(image, configuration: Animator.Configuration(lateness: .showEveryFrame))
        everyFrame.animator.play()
        for step in 1...5 { everyFrame.tick(milliseconds: step) }
        everyFrame.tick(milliseconds: 350)
        #expect(frameChanges(everyFrame.events) == [1]) // one frame per tick…
        everyFrame.tick(milliseconds: 360)
        #expect(frameChanges(everyFrame.events) == [1, 2]) // …carrying at most one frame's time over
        everyFrame.tick(milliseconds: 449)
        #expect(frameChanges(everyFrame.events) == [1, 2])
        everyFrame.tick(milliseconds: 450)
        #expect(frameChanges(everyFrame.events) == [1, 2, 3])
    }

    @Test("seeking goes to a frame or a time and playback continues from there")
    func seeking() throws {
        let image = CountingImage(milliseconds: [100, 50, 120, 30, 200])
        let harness = try PlaybackHarness(image)
        harness.animator.seek(toFrame: 3)
        #expect(harness.animator.currentFrame == 3)
        #expect(harness.animator.elapsed == .milliseconds(270))
        #expect(harness.events == [.frameChanged(frame: 3, play: 0)])
        harness.animator.seek(to: .milliseconds(160))
        #expect(harness.animator.currentFrame == 2)
        #expect(harness.animator.elapsed == .milliseconds(160))
        #expect(abs(harness.animator.progress - 0.32) < 1e-9)
        harness.animator.play()
        harness.tick(milliseconds: 109) // 269 ms
        #expect(harness.animator.currentFrame == 2)
        harness.tick(milliseconds: 110) // 270 ms
        #expect(harness.animator.currentFrame == 3)
        harness.animator.seek(toFrame: 99) // ignored
        #expect(harness.animator.currentFrame == 3)
    }

    @Test("pause keeps the position and no time passes until play; stop resets")
    func pauseResumeStop() throws {
        let image = CountingImage(milliseconds: [100, 100, 100, 100], playCount: .finite(2))
        let harness = try PlaybackHarness(image)
        harness.animator.play()
        harness.tick(milliseconds: 150)
        harness.animator.pause()
        #expect(!harness.animator.isPlaying)
        harness.tick(milliseconds: 900)
        #expect(harness.animator.currentFrame == 1)
        harness.animator.play()
        harness.tick(milliseconds: 949) // 50 + 49 ms into frame 1
        #expect(harness.animator.currentFrame == 1)
        harness.tick(milliseconds: 950)
        #expect(harness.animator.currentFrame == 2)
        harness.tick(milliseconds: 1_200) // 350 ms into the first play → second play, frame 0
        #expect(harness.animator.currentPlay == 1)
        harness.animator.stop()
        #expect(harness.animator.currentFrame == 0)
        #expect(harness.animator.currentPlay == 0)
        #expect(harness.animator.elapsed == .zero)
        #expect(!harness.animator.isPlaying)
        harness.tick(milliseconds: 1_500)
        #expect(harness.animator.currentFrame == 0)
    }

    @Test("a finished animation plays again from the start")
    func replayAfterFinishing() throws {
        let image = CountingImage(milliseconds: [100, 100], playCount: .finite(1))
        let harness = try PlaybackHarness(image)
        harness.animator.play()
        harness.tick(milliseconds: 500)
        #expect(harness.animator.isFinished)
        harness.animator.play()
        #expect(harness.animator.currentFrame == 0)
        #expect(!harness.animator.isFinished)
        harness.tick(milliseconds: 600)
        #expect(harness.animator.currentFrame == 1)
    }

    @Test("changing the mode keeps the frame shown")
    func modeChange() throws {
        let image = CountingImage(milliseconds: [100, 100, 100, 100])
        let harness = try PlaybackHarness(image)
        harness.animator.play()
        for step in 1...25 { harness.tick(milliseconds: step * 10) }
        harness.animator.mode = .reverse
        #expect(harness.animator.currentFrame == 2)
        harness.tick(milliseconds: 350)
        #expect(harness.animator.currentFrame == 1)
    }

    @Test("a single frame or all-zero durations stand still")
    func staticImages() throws {
        let still = try PlaybackHarness(CountingImage(milliseconds: [100]))
        still.animator.play()
        for step in 1...10 { still.tick(milliseconds: step * 100) }
        #expect(still.events.isEmpty)
        let zero = try PlaybackHarness(CountingImage(milliseconds: [0, 0, 0]))
        zero.animator.play()
        for step in 1...10 { zero.tick(milliseconds: step * 100) }
        #expect(zero.events.isEmpty)
        #expect(zero.animator.currentFrame == 0)
    }
}
