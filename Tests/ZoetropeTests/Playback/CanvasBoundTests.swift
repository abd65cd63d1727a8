import Testing
@testable import Zoetrope
import ZoetropeTesting

/// Full-size canvases held by animations decoding in turn, and the memory the cache reports.
@Suite("Canvases bounded by the decoding under way")
struct CanvasBoundTests {
    static let animations = 6
    static let displaySize = PixelSize(width: 12, height: 12)

    /// Six animators showing six delta-coded GIFs (no clean start after frame 0) at 12×12 on one
    /// cache, decoding in turn on one manual scheduler.
    struct Grid {
        let images: [AnimatedImage]
        let references: [ScaledImage]
        let animators: [Animator]
        let clock = ManualClock()
        let scheduler = ManualDecodeScheduler()
        let cache: SharedFrameCache

        init(idleCanvasLimit: Int = 1) throws {
            images = try (0..<CanvasBoundTests.animations).map { _ in try DisplaySizeTests.patternedGIF() }
            // Other copies: reading the references must not give the played images canvases.
            references = try images.map { _ in try DisplaySizeTests.patternedGIF().scaled(toFit: CanvasBoundTests.displaySize) }
            let shared = SharedAnimationClock(source: clock)
            let cache = SharedFrameCache(byteLimit: 1 << 24, scheduler: scheduler, idleCanvasLimit: idleCanvasLimit,
                                         timeSource: { .zero })
            self.cache = cache
            animators = images.map { _ in Animator(clock: shared.makeClock(), cache: cache) }
            for (animator, image) in zip(animators, images) {
                animator.displaySize = CanvasBoundTests.displaySize
                try animator.prepare(image)
                animator.play()
            }
        }

        /// Images holding a full-size canvas now, as the images themselves say.
        var canvasesHeld: Int { images.count { $0.holdsCanvas } }

        /// Bytes the cache should report: every image's own memory, every frame it keeps and the
        /// buffers parked canvases let go, kept for the next image decoded.
        var heldBytes: Int {
            images.reduce(0) { $0 + $1.retainedBytes } + cache.statistics.storedFrames * references[0].canvasSize.area * 4
                + cache.statistics.reusableBytes
        }
    }

    @Test("animations decoding in turn hold at most the idle limit of canvases, and show the right frames")
    func canvasesBounded() throws {
        let grid = try Grid()
        var most = 0
        for step in 0...30 {
            // One decode at a time, as a worker runs them: after each, at most one idle canvas.
            while grid.scheduler.runNext() {
                most = max(most, grid.canvasesHeld)
                #expect(grid.canvasesHeld <= 1)
            }
            grid.clock.tick(at: .milliseconds(step * 50))
            for (animator, reference) in zip(grid.animators, grid.references) {
                let frame = try #require(animator.activeFrame)
                #expect(frame == (try reference.frame(at: animator.currentFrame)))
            }
        }
        #expect(most == 1)
        #expect(grid.animators.allSatisfy { $0.currentPlay >= 1 }) // every frame was shown
        #expect(grid.cache.heldCanvasCount <= 1)
    }

    @Test("a parked canvas is counted, and the cache's total is what the images and frames hold")
    func memoryAccounting() throws {
        let grid = try Grid()
        let canvasBytes = 48 * 30 * 4
        var sawParked = false
        for step in 0...30 {
            while grid.scheduler.runNext() {
                let statistics = grid.cache.statistics
                #expect(statistics.retainedBytes == grid.images.reduce(0) { $0 + $1.retainedBytes })
                #expect(statistics.totalBytes == grid.heldBytes)
                #expect(statistics.reusableBytes <= 2 * (canvasBytes + 48 * 30)) // two canvases and their indices at most
                // Mid-play, parked animations keep a packed canvas: counted, and smaller than one.
                let parked = grid.images.filter { !$0.holdsCanvas && $0.retainedBytes > 0 }
                #expect(parked.allSatisfy { $0.retainedBytes < canvasBytes })
                sawParked = sawParked || !parked.isEmpty
            }
            grid.clock.tick(at: .milliseconds(step * 50))
        }
        #expect(sawParked)
        // Every frame held at 12×8: the canvases and packed copies are gone, and the buffers kept
        // for reuse with them.
        #expect(grid.cache.statistics.retainedBytes == 0)
        #expect(grid.cache.statistics.reusableBytes == 0)
    }

    @Test("with no idle canvas allowed, only the image being decoded holds one")
    func noIdleCanvas() throws {
        let grid = try Grid(idleCanvasLimit: 0)
        for step in 0...14 {
            while grid.scheduler.runNext() { #expect(grid.canvasesHeld == 0) }
            grid.clock.tick(at: .milliseconds(step * 50))
            #expect(grid.canvasesHeld == 0)
        }
        #expect(grid.animators.allSatisfy { $0.bufferMisses == 0 })
    }
}
