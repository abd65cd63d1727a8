import Testing
@testable import Zoetrope
import ZoetropeTesting

@Suite("Tick-source (display link) clock")
struct TickSourceClockTests {
    /// Frames of 50, 30, 70 and 20 ms, looping forever.
    private let durations: [Duration] = [50, 30, 70, 20].map { .milliseconds($0) }

    /// A display link's time line starts far from zero.
    private let origin = Duration.seconds(5000)

    private func harness() throws -> (Animator, TickSourceClock, ManualDecodeScheduler) {
        let clock = TickSourceClock()
        let scheduler = ManualDecodeScheduler()
        let animator = Animator(clock: clock, cache: SharedFrameCache(byteLimit: 1 << 20, scheduler: scheduler))
        try animator.prepare(CountingImage(durations: durations))
        return (animator, clock, scheduler)
    }

    /// Ticks at refresh `period` for the vsyncs in `vsyncs` (the others are dropped); after each,
    /// compares the frame shown with the frame a browser shows at the tick's target time.
    private func play(period: Duration, vsyncs: [Int]) throws {
        let (animator, clock, scheduler) = try harness()
        animator.play()
        for vsync in vsyncs {
            scheduler.runAll()
            let timestamp = origin + period * vsync
            clock.tick(timestamp: timestamp, targetTimestamp: timestamp + period)
            // The first tick starts the animation one period before its target.
            let elapsed = period * (vsync - vsyncs[0] + 1)
            let expected = expectedFrame(at: elapsed, durations: durations, cycle: [0, 1, 2, 3], plays: nil, rest: 3)
            #expect(animator.currentFrame == expected, "vsync \(vsync), \(elapsed)")
        }
        #expect(animator.elapsed == period * (vsyncs.last! - vsyncs[0] + 1))
    }

    @Test("60 Hz: frames change when their time comes")
    func sixtyHertz() throws {
        try play(period: .nanoseconds(16_666_667), vsyncs: Array(0..<60))
    }

    @Test("120 Hz ProMotion: the same frames at the same times")
    func oneTwentyHertz() throws {
        try play(period: .nanoseconds(8_333_333), vsyncs: Array(0..<120))
    }

    @Test("dropped display-link ticks: the next tick carries the missed time")
    func droppedTicks() throws {
        try play(period: .nanoseconds(16_666_667), vsyncs: [0, 1, 2, 5, 6, 7, 12, 13, 20, 21, 22, 40])
        try play(period: .nanoseconds(8_333_333), vsyncs: [0, 2, 3, 4, 9, 10, 11, 30, 31])
    }

    @Test("ticks carry the time between targets, the first one period, clamped")
    func intervals() {
        let clock = TickSourceClock(maximumTickInterval: .milliseconds(100))
        let ticks = LockedState<[ClockTick]>([])
        clock.tick(timestamp: .milliseconds(1), targetTimestamp: .milliseconds(2)) // stopped: ignored
        clock.start { tick in ticks.withLock { $0.append(tick) } }
        clock.tick(timestamp: .milliseconds(100), targetTimestamp: .milliseconds(108))
        clock.tick(timestamp: .milliseconds(108), targetTimestamp: .milliseconds(125))
        clock.tick(timestamp: .milliseconds(900), targetTimestamp: .milliseconds(908))
        clock.stop()
        clock.tick(timestamp: .milliseconds(908), targetTimestamp: .milliseconds(916))
        #expect(ticks.withLock { $0 } == [
            ClockTick(timestamp: .milliseconds(108), interval: .milliseconds(8)),
            ClockTick(timestamp: .milliseconds(125), interval: .milliseconds(17)),
            ClockTick(timestamp: .milliseconds(908), interval: .milliseconds(100)),
        ])
    }

    @Test("after a pause the first tick carries one period, not the pause")
    func resumeAfterPause() throws {
        let (animator, clock, scheduler) = try harness()
        animator.play()
        scheduler.runAll() // the frames after the first: playback starts on the first tick
        clock.tick(timestamp: origin, targetTimestamp: origin + .milliseconds(10))
        animator.pause()
        clock.tick(timestamp: origin + .milliseconds(10), targetTimestamp: origin + .milliseconds(20))
        animator.play()
        scheduler.runAll()
        clock.tick(timestamp: origin + .seconds(30), targetTimestamp: origin + .seconds(30) + .milliseconds(10))
        #expect(animator.elapsed == .milliseconds(20))
    }

    @Test("starting and stopping is reported, so that a display link can pause itself")
    func runningChanges() throws {
        let changes = LockedState<[Bool]>([])
        let clock = TickSourceClock { running in changes.withLock { $0.append(running) } }
        let scheduler = ManualDecodeScheduler()
        let animator = Animator(clock: clock, cache: SharedFrameCache(byteLimit: 1 << 20, scheduler: scheduler))
        try animator.prepare(CountingImage(milliseconds: [50, 50], playCount: .finite(1)))
        animator.play()
        #expect(clock.isRunning)
        animator.pause()
        animator.play()
        // Finishing stops the clock too: 100 ms later the single play is over.
        scheduler.runAll()
        clock.tick(timestamp: .zero, targetTimestamp: .milliseconds(500))
        #expect(animator.isPlaying == false)
        #expect(changes.withLock { $0 } == [true, false, true, false])
    }

    @Test("seconds from a display link become durations to the nanosecond")
    func seconds() {
        #expect(TickSourceClock.duration(seconds: 1.5) == .milliseconds(1500))
        #expect(TickSourceClock.duration(seconds: 12345.000000001) == .seconds(12345) + .nanoseconds(1))
        #expect(TickSourceClock.duration(seconds: .nan) == .zero)
        let clock = TickSourceClock()
        let ticks = LockedState<[ClockTick]>([])
        clock.start { tick in ticks.withLock { $0.append(tick) } }
        clock.tick(seconds: 10, targetSeconds: 10.25)
        #expect(ticks.withLock { $0 } == [ClockTick(timestamp: .milliseconds(10_250), interval: .milliseconds(250))])
    }
}
