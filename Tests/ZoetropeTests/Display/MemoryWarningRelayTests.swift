import Testing
@testable import Zoetrope
import ZoetropeTesting

@Suite("Memory warnings")
struct MemoryWarningRelayTests {
    /// Plays eight frames with a budget of six ahead until the buffer's window has grown.
    private func grownHarness() throws -> PlaybackHarness {
        let image = CountingImage(milliseconds: Array(repeating: 10, count: 8))
        let harness = try PlaybackHarness(image, configuration: Animator.Configuration(budget: .frames(6)))
        harness.animator.play()
        for step in 1...6 { harness.tick(milliseconds: step * 10) }
        return harness
    }

    @Test("a warning shrinks every buffer of every following cache to the next frame")
    func warningShrinksBuffers() throws {
        let relay = MemoryWarningRelay()
        let first = try grownHarness(), second = try grownHarness()
        #expect(first.animator.prefetchWindow?.window == 6 && second.animator.prefetchWindow?.window == 6)
        relay.follow(first.cache)
        relay.follow(second.cache)
        relay.follow(first.cache)
        #expect(relay.followers.count == 2)
        relay.memoryWarningReceived()
        #expect(first.animator.prefetchWindow?.window == 1 && second.animator.prefetchWindow?.window == 1)
        // Frames beyond the next one are let go (the shown frame and the next one stay).
        first.scheduler.runAll()
        #expect(first.cache.statistics.storedFrames == 2)
    }

    @Test("a cache that went away is forgotten")
    func weakCaches() {
        let relay = MemoryWarningRelay()
        do {
            let cache = SharedFrameCache(byteLimit: 1 << 20, scheduler: ManualDecodeScheduler())
            relay.follow(cache)
            #expect(relay.followers.count == 1)
        }
        #expect(relay.followers.isEmpty)
        relay.memoryWarningReceived()
    }
}
