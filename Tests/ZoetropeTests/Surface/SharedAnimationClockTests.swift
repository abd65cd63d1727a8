import Testing
@testable import Zoetrope
import ZoetropeTesting

/// Several animators driven by one clock.
@Suite("Shared animation clock")
struct SharedAnimationClockTests {
    @Test("every running clock gets the source's ticks; the source runs while one of them does")
    func fanOut() {
        let source = ManualClock()
        let shared = SharedAnimationClock(source: source)
        let first = shared.makeClock(), second = shared.makeClock()
        let received = LockedState<[String]>([])
        first.start { tick in received.withLock { $0.append("a\(tick.interval)") } }
        #expect(source.isRunning && first.isRunning && !second.isRunning)
        source.advance(by: .milliseconds(10))
        second.start { tick in received.withLock { $0.append("b\(tick.interval)") } }
        source.advance(by: .milliseconds(20))
        first.stop()
        #expect(source.isRunning)
        source.advance(by: .milliseconds(30))
        second.stop()
        #expect(!source.isRunning && shared.runningCount == 0)
        source.advance(by: .milliseconds(40))
        let ticks = received.withLock { $0 }
        #expect(ticks.filter { $0.hasPrefix("a") } == ["a0.01 seconds", "a0.02 seconds"])
        #expect(ticks.filter { $0.hasPrefix("b") } == ["b0.02 seconds", "b0.03 seconds"])
    }
}
