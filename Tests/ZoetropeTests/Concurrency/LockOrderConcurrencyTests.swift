import Foundation
import Testing
@testable import Zoetrope
import ZoetropeTesting

/// The lock order written beside `LockedState` — a thread holds at most one — checked in debug
/// builds by `LockOrder`. A scenario touching every path of playback runs on one thread (manual
/// clock and decoding) with violations recorded, so that a nesting fails a test by name; on other
/// threads a violation stops the test process with both locks named.
@Suite("Concurrency: lock order", .enabled(if: LockOrder.isChecking, "the lock-order check runs in debug builds only"))
struct LockOrderConcurrencyTests {
    @Test("a LockedState taken while another is held is reported, naming where both were made")
    func nestingIsReported() {
        let line = #line; let outer = LockedState(0), inner = LockedState(0)
        let sequential = LockOrder.violations {
            outer.withLock { $0 += 1 }
            inner.withLock { $0 += 1 }
        }
        #expect(sequential.isEmpty)
        let nested = LockOrder.violations {
            outer.withLock { _ in inner.withLock { $0 += 1 } }
        }
        #expect(nested.count == 1, "\(nested)")
        // Both locks are named by where they were made (this file, `line`).
        #expect(nested.first?.components(separatedBy: "ZoetropeTests/LockOrderConcurrencyTests.swift:\(line)").count == 3,
                "\(nested)")
        // After the nesting, the thread holds nothing: the next acquisitions are fine.
        #expect(LockOrder.violations { inner.withLock { $0 += 1 } }.isEmpty)
    }

    /// An image waiting for its bytes, and those bytes in three chunks: up to 2 frames, up to 4,
    /// the rest.
    static func arrivingImage() throws -> (ProgressiveImage, [[UInt8]]) {
        let bytes = ProgressiveImageTests.gif
        let probe = ProgressiveImage(options: .default, parseStep: 1)
        var cuts: [Int] = []
        for (offset, byte) in bytes.enumerated() {
            probe.append([byte])
            if cuts.count < 2 && probe.frameCount >= 2 * (cuts.count + 1) { cuts.append(offset + 1) }
        }
        try #require(cuts.count == 2)
        let chunks = [Array(bytes[..<cuts[0]]), Array(bytes[cuts[0]..<cuts[1]]), Array(bytes[cuts[1]...])]
        return (ProgressiveImage(options: .default, parseStep: 1), chunks)
    }

    @Test("playing, seeking, restyling, memory pressure, frames arriving, broken frames, views and surfaces take one lock at a time")
    func playbackTakesOneLockAtATime() throws {
        let violations = try LockOrder.violations {
            try Self.playThroughEveryPath()
            try Self.surfaceAndViewPaths()
            _ = try PlaybackSimulation.run(BrokenImage(broken: [2], playCount: .finite(2)), ticksPerSecond: 60,
                                           duration: .seconds(2))
        }
        #expect(violations.isEmpty, "\(violations.count) nested acquisitions: \(Set(violations).sorted().joined(separator: "\n"))")
    }

    /// An animator on a progressive image and on a broken one, with an observer calling back.
    static func playThroughEveryPath() throws {
        let (image, chunks) = try arrivingImage()
        let clock = ManualClock(), scheduler = ManualDecodeScheduler()
        let cache = SharedFrameCache(byteLimit: 1 << 20, scheduler: scheduler)
        var animator: Animator? = Animator(clock: clock, cache: cache)
        image.append(chunks[0])
        try animator?.prepare(image)
        animator?.observe { [weak animator] _ in _ = animator?.currentFrame }
        animator?.play()
        for (step, chunk) in chunks.dropFirst().enumerated() {
            for tick in 1...20 { scheduler.runAll(); clock.tick(at: .milliseconds(step * 400 + tick * 20)) }
            image.append(chunk)
        }
        image.finish()
        for tick in 1...40 { scheduler.runAll(); clock.tick(at: .milliseconds(800 + tick * 20)) }
        animator?.seek(toFrame: 2)
        animator?.style = PlaybackStyle(rate: 2, mode: .bounce, playCount: .finite(3))
        cache.handleMemoryPressure()
        animator?.handleMemoryPressure()
        try animator?.prepare(BrokenImage(broken: [1, 3]))
        for tick in 1...40 { scheduler.runAll(); clock.tick(at: .milliseconds(2000 + tick * 20)) }
        animator?.seek(toFrame: 3)
        _ = animator?.takeFrameToDisplay()
        animator?.unload()
        animator = nil // deinit: clock, cache
        scheduler.runAll()
    }

    /// A view with its visibility, and a surface's attachments scrolling in and out.
    static func surfaceAndViewPaths() throws {
        let clock = ManualClock(), scheduler = ManualDecodeScheduler()
        let cache = SharedFrameCache(byteLimit: 1 << 20, scheduler: scheduler)
        let view = RecordingView(clock: clock, cache: cache)
        let activity = ApplicationActivity()
        let playback = ViewPlayback(animator: view.animator, activity: activity)
        try view.prepareForAnimation(with: CountingImage(milliseconds: [30, 30, 30]))
        playback.apply(PlaybackSettings(style: PlaybackStyle(rate: 1.5, mode: .reverse)))
        playback.setInWindow(true)
        for tick in 1...10 { scheduler.runAll(); clock.tick(at: .milliseconds(tick * 20)) }
        activity.setActive(false)
        activity.setActive(true)
        playback.setHidden(true)
        let relay = MemoryWarningRelay()
        relay.follow(cache)
        relay.memoryWarningReceived()
        let surface = AnimationSurface(cache: cache, clock: clock)
        var attachments = (0..<3).map { surface.makeAttachment(image: BrokenImage(broken: $0 == 0 ? [0] : [2]),
                                                               size: PixelSize(width: 2, height: 2)) }
        let arriving = ProgressiveImage(options: .default, parseStep: 1)
        arriving.append(ProgressiveImageTests.gif)
        attachments.append(surface.makeAttachment(image: arriving, size: PixelSize(width: 6, height: 6)))
        attachments.append(try surface.makeAttachment(bytes: ProgressiveImageTests.apng, size: PixelSize(width: 6, height: 6)))
        for attachment in attachments { attachment.setVisible(true) }
        for tick in 11...30 { scheduler.runAll(); clock.tick(at: .milliseconds(tick * 20)) }
        surface.reducesMotion = true
        for attachment in attachments { attachment.setVisible(false) }
        _ = surface.statistics
    }
}
