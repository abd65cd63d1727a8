import Testing
@testable import Zoetrope
import ZoetropeTesting
import ZoetropeTestSupport

@Suite("Playback clocks")
struct PlaybackClockTests {
    @Test("a manual clock ticks with the measured interval, only while running")
    func manualClockIntervals() {
        let clock = ManualClock()
        let ticks = LockedState<[ClockTick]>([])
        clock.advance(by: .milliseconds(5)) // stopped: no tick
        clock.start { tick in ticks.withLock { $0.append(tick) } }
        clock.advance(by: .milliseconds(16))
        clock.tick(at: .milliseconds(50))
        clock.stop()
        clock.advance(by: .milliseconds(10))
        #expect(ticks.withLock { $0 } == [
            ClockTick(timestamp: .milliseconds(21), interval: .milliseconds(16)),
            ClockTick(timestamp: .milliseconds(50), interval: .milliseconds(29)),
        ])
        #expect(clock.now == .milliseconds(60))
    }

    @Test("a tick after a stall carries at most the clamp")
    func stallIsClamped() {
        let clock = ManualClock(maximumTickInterval: .milliseconds(250))
        let ticks = LockedState<[ClockTick]>([])
        clock.start { tick in ticks.withLock { $0.append(tick) } }
        clock.advance(by: .seconds(5))
        clock.advance(by: .milliseconds(100))
        #expect(ticks.withLock { $0.map(\.interval) } == [.milliseconds(250), .milliseconds(100)])
    }

    @Test("the default clamp is one second")
    func defaultClamp() {
        #expect(ManualClock().maximumTickInterval == .seconds(1))
        #expect(TimerClock().maximumTickInterval == .seconds(1))
    }

    @Test("a timer clock delivers ticks with positive, clamped intervals until stopped", .timeLimit(.minutes(5)))
    func timerClockTicks() async throws {
        let clock = TimerClock(ticksPerSecond: 200, maximumTickInterval: .milliseconds(500))
        let (stream, continuation) = AsyncStream.makeStream(of: ClockTick.self)
        clock.start { tick in continuation.yield(tick) }
        let received = try await Deadline.run("five ticks of a timer clock") {
            var received: [ClockTick] = []
            for await tick in stream {
                received.append(tick)
                if received.count == 5 { break }
            }
            return received
        }
        clock.stop()
        #expect(!clock.isRunning)
        #expect(received.allSatisfy { $0.interval >= .zero && $0.interval <= .milliseconds(500) })
        #expect(zip(received, received.dropFirst()).allSatisfy { $0.timestamp < $1.timestamp })
    }
}
