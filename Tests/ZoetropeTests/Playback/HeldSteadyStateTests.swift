import Testing
@testable import Zoetrope
import ZoetropeTesting

/// A surface whose visible animations have every frame held: playing on decodes nothing and
/// misses nothing, whatever the clock's ticks (the surface benchmark's state after the first loop).
@Suite("Every frame held: no miss at rest")
struct HeldSteadyStateTests {
    @Test("once every visible frame is held, ticks of any length decode nothing and miss nothing")
    func noMissAtRest() throws {
        let images = try (0..<4).map { _ in try DisplaySizeTests.patternedGIF() }
        let scheduler = ManualDecodeScheduler()
        let clock = ManualClock()
        let surface = AnimationSurface(cache: SharedFrameCache(byteLimit: 1 << 24, scheduler: scheduler, timeSource: { .zero }),
                                       clock: clock,
                                       configuration: Animator.Configuration(style: PlaybackStyle(playCount: .infinite)))
        // Three attachments of each image, as a chat stream shows one image several times; the
        // first of each visible.
        let attachments = (0..<12).map { surface.makeAttachment(image: images[$0 % 4], size: PixelSize(width: 12, height: 12)) }
        let visible = Array(attachments.prefix(4))
        for attachment in visible { attachment.setVisible(true) }
        var now = Duration.zero
        func held() -> Bool {
            visible.allSatisfy { surface.cache.storedFrameCount(of: $0.image.source) == $0.image.source.frameCount }
        }
        for _ in 0..<400 where !held() {
            scheduler.runAll()
            now += .milliseconds(16)
            clock.tick(at: now)
        }
        #expect(held())
        let (misses, decodes) = (visible.map(\.animator.bufferMisses), surface.statistics.cache.decodes)
        // Ticks as a loaded machine's timer gives them: on time, late, very late, bunched.
        let intervals: [Duration] = [.milliseconds(16), .milliseconds(17), .milliseconds(1), .milliseconds(90),
                                     .milliseconds(16), .milliseconds(400), .zero, .milliseconds(33), .seconds(2)]
        for step in 0..<600 {
            now += intervals[step % intervals.count]
            clock.tick(at: now)
            scheduler.runAll()
        }
        #expect(visible.map(\.animator.bufferMisses) == misses)
        #expect(surface.statistics.cache.decodes == decodes)
        #expect(held())
    }
}
