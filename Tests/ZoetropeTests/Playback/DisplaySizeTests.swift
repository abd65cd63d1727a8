import Testing
@testable import Zoetrope
import ZoetropeTesting

/// Frames kept at the size they are shown: ``Animator/displaySize`` and the cache's frame size.
@Suite("Playback at the display size")
struct DisplaySizeTests {
    /// A 48×30 GIF of 12 frames, each a different pattern with transparent pixels, looping forever.
    static func patternedGIF() throws -> AnimatedImage {
        let size = PixelSize(width: 48, height: 30)
        let palette: [GIFEncoder.Color] = (0..<16).map { (index: Int) -> GIFEncoder.Color in
            GIFEncoder.Color(red: UInt8(index * 16), green: UInt8(255 - index * 9), blue: UInt8(index * 5))
        }
        func pattern(_ frame: Int) -> [UInt8] {
            (0..<size.area).map { (pixel: Int) -> UInt8 in
                let value: Int = pixel * 7 + (pixel / size.width) * 3 + frame
                return UInt8(value % 16)
            }
        }
        let rect = PixelRect(x: 0, y: 0, width: size.width, height: size.height)
        let frames: [GIFEncoder.IndexedFrame] = (0..<12).map { (frame: Int) -> GIFEncoder.IndexedFrame in
            GIFEncoder.IndexedFrame(rect: rect, indices: pattern(frame), transparentIndex: 0, delayCentiseconds: 5)
        }
        return try AnimatedImage(bytes: try GIFEncoder.encode(GIFEncoder.IndexedImage(
            canvasSize: size, globalColorTable: palette, loopCount: 0, frames: frames)))
    }

    @Test("frames reduced in the cache equal scaled(toFit:) of the full frames, and full size stays the default")
    func reducedFramesEqualScaledToFit() throws {
        let image = try Self.patternedGIF()
        let bounds = PixelSize(width: 13, height: 13)
        let reference = image.scaled(toFit: bounds)
        let cache = SharedFrameCache(byteLimit: 1 << 24, scheduler: ManualDecodeScheduler())
        let reduced = CacheClient(image: image, budget: .frames(2), cache: cache, displaySize: bounds)
        for index in 0..<image.frameCount {
            let frame = try reduced.decodeNow(index)
            #expect(frame.size == PixelSize(width: 13, height: 8))
            #expect(frame == (try reference.frame(at: index)))
        }
        #expect(cache.statistics.storedBytes <= image.frameCount * 13 * 8 * 4)
        // Asked for directly, with no display size, frames are full size.
        let other = try Self.patternedGIF()
        let full = CacheClient(image: other, budget: .frames(2), cache: cache)
        #expect(try full.decodeNow(3) == (try other.frame(at: 3)))
    }

    /// A 40×24 GIF: a full first frame, then small rectangles (with transparent pixels) disposed
    /// in turn not at all, to background and to previous, as ffmpeg and gifsicle write deltas.
    static func rectanglesGIF() throws -> AnimatedImage {
        let palette: [GIFEncoder.Color] = (0..<8).map { GIFEncoder.Color(red: UInt8($0 * 32), green: UInt8(200 - $0 * 20), blue: 90) }
        let first = GIFEncoder.IndexedFrame(rect: PixelRect(x: 0, y: 0, width: 40, height: 24),
                                            indices: (0..<960).map { UInt8($0 % 7 + 1) }, delayCentiseconds: 5)
        let deltas = (1..<13).map { (frame: Int) -> GIFEncoder.IndexedFrame in
            let rect = PixelRect(x: (frame * 7) % 31, y: (frame * 5) % 17, width: 9, height: 7)
            return GIFEncoder.IndexedFrame(rect: rect, indices: (0..<63).map { UInt8(($0 + frame) % 8) },
                                           disposal: frame % 3 + 1, transparentIndex: 0, delayCentiseconds: 5)
        }
        return try AnimatedImage(bytes: try GIFEncoder.encode(GIFEncoder.IndexedImage(
            canvasSize: PixelSize(width: 40, height: 24), globalColorTable: palette, loopCount: 0,
            frames: [first] + deltas)))
    }

    @Test("frames reduced from the frame before and the rectangles drawn since equal scaled(toFit:)")
    func reducedFromChangedRectangles() throws {
        let image = try Self.rectanglesGIF()
        #expect(image.changedRect(since: 0) == nil)
        #expect(image.changedRect(since: 1) == PixelRect(x: 7, y: 5, width: 9, height: 7)) // frame 0 stays
        // Frame 2 is restored to what was under it (disposal 3): its rectangle changes too.
        #expect(image.changedRect(since: 3) == PixelRect(x: 14, y: 10, width: 16, height: 12))
        let bounds = PixelSize(width: 13, height: 13)
        let reference = image.scaled(toFit: bounds)
        let cache = SharedFrameCache(byteLimit: 1 << 24, scheduler: ManualDecodeScheduler())
        let reduced = CacheClient(image: image, budget: .frames(13), cache: cache, displaySize: bounds)
        for pass in 0..<2 {
            for index in 0..<image.frameCount {
                #expect(try reduced.decodeNow(index) == (try reference.frame(at: index)), "pass \(pass) frame \(index)")
            }
        }
    }

    @Test("an animator with a display size shows every frame reduced as scaled(toFit:) reads it")
    func animatorShowsReducedFrames() throws {
        let image = try Self.patternedGIF()
        let bounds = PixelSize(width: 20, height: 20)
        let reference = image.scaled(toFit: bounds)
        let clock = ManualClock(), scheduler = ManualDecodeScheduler()
        let animator = Animator(clock: clock, cache: SharedFrameCache(byteLimit: 1 << 24, scheduler: scheduler))
        animator.displaySize = bounds
        try animator.prepare(image)
        animator.play()
        var shown: [Int] = []
        for step in 0...12 {
            scheduler.runAll()
            clock.tick(at: .milliseconds(step * 50))
            let frame = try #require(animator.activeFrame)
            #expect(frame == (try reference.frame(at: animator.currentFrame)))
            shown.append(animator.currentFrame)
        }
        #expect(Set(shown).count == 12)
        #expect(animator.bufferMisses == 0)
    }

    @Test("an image shown at two sizes decodes once per size and follows the largest")
    func sharedImageFollowsLargest() throws {
        let image = CountingImage(durations: Array(repeating: .milliseconds(50), count: 4),
                                  size: PixelSize(width: 40, height: 40))
        let clock = ManualClock(), scheduler = ManualDecodeScheduler()
        let shared = SharedAnimationClock(source: clock)
        let cache = SharedFrameCache(byteLimit: 1 << 24, scheduler: scheduler)
        var configuration = Animator.Configuration()
        configuration.startup.cover = .zero // each starts with its next frames, as one alone does
        let small = Animator(clock: shared.makeClock(), cache: cache, configuration: configuration)
        let large = Animator(clock: shared.makeClock(), cache: cache, configuration: configuration)
        small.displaySize = PixelSize(width: 10, height: 10)
        large.displaySize = PixelSize(width: 20, height: 20)
        try small.prepare(image)
        #expect(small.activeFrame?.size == PixelSize(width: 10, height: 10))
        scheduler.runAll()
        #expect(image.decodeCounts == [0: 1, 1: 1]) // the frame shown and the next
        try large.prepare(image)
        #expect(cache.frameSize(of: image) == PixelSize(width: 20, height: 20))
        scheduler.runAll()
        // The frames kept decoded again at the larger size, once, for both animators.
        #expect(image.decodeCounts == [0: 2, 1: 2])
        small.play()
        large.play()
        for step in 1...8 {
            scheduler.runAll()
            clock.tick(at: .milliseconds(step * 50))
            #expect(small.activeFrame?.size == PixelSize(width: 20, height: 20))
            #expect(large.activeFrame?.size == PixelSize(width: 20, height: 20))
        }
        // Frames 2 and 3 were only ever wanted at the larger size.
        #expect(image.decodeCounts == [0: 2, 1: 2, 2: 1, 3: 1])
        #expect(cache.statistics.storedBytes == 4 * 20 * 20 * 4)
        // The larger view goes: the frames follow the largest size still shown.
        large.unload()
        #expect(cache.frameSize(of: image) == PixelSize(width: 10, height: 10))
        scheduler.runAll()
        clock.tick(at: .milliseconds(450))
        #expect(small.activeFrame?.size == PixelSize(width: 10, height: 10))
        #expect(cache.statistics.storedBytes == 4 * 10 * 10 * 4)
    }

    @Test("a size change decodes the frame shown again at the new size, and no frame of the old size shows after")
    func sizeChangeRedecodes() throws {
        let image = CountingImage(durations: Array(repeating: .milliseconds(50), count: 6),
                                  size: PixelSize(width: 64, height: 32))
        let clock = ManualClock(), scheduler = ManualDecodeScheduler()
        let animator = Animator(clock: clock, cache: SharedFrameCache(byteLimit: 1 << 24, scheduler: scheduler))
        animator.displaySize = PixelSize(width: 16, height: 16)
        try animator.prepare(image)
        animator.play()
        for step in 1...3 {
            scheduler.runAll()
            clock.tick(at: .milliseconds(step * 50))
        }
        #expect(animator.currentFrame == 3 && animator.activeFrame?.size == PixelSize(width: 16, height: 8))
        let changes = LockedState<[(Int, PixelSize?)]>([])
        animator.observe { [weak animator] event in
            guard case .frameChanged(let frame, _) = event else { return }
            let size = animator?.activeFrame?.size
            changes.withLock { $0.append((frame, size)) }
        }
        animator.displaySize = PixelSize(width: 32, height: 32)
        // Replaced at once, on the calling thread, before any background decoding ran.
        #expect(animator.currentFrame == 3 && animator.activeFrame?.size == PixelSize(width: 32, height: 16))
        for step in 4...12 {
            scheduler.runAll()
            clock.tick(at: .milliseconds(step * 50))
        }
        let seen = changes.withLock { $0 }
        #expect(seen.first?.0 == 3 && seen.count >= 9)
        #expect(seen.allSatisfy { $0.1 == PixelSize(width: 32, height: 16) })
        #expect(animator.bufferMisses == 0)
    }

    @Test("an animation kept whole at its display size lets go of its canvas and checkpoints, and the cache counts what it holds")
    func wholeAnimationReleasesCanvas() throws {
        // 40 frames of 96×96 with no clean restart: reading them would save checkpoints.
        let palette = [GIFEncoder.Color(red: 255, green: 0, blue: 0), GIFEncoder.Color(red: 0, green: 0, blue: 255)]
        let first = GIFEncoder.IndexedFrame(rect: PixelRect(x: 0, y: 0, width: 96, height: 96),
                                            indices: [UInt8](repeating: 0, count: 96 * 96), delayCentiseconds: 5)
        let squares = (1..<40).map { index in
            GIFEncoder.IndexedFrame(rect: PixelRect(x: (index % 8) * 12, y: (index / 8) * 12, width: 12, height: 12),
                                    indices: [UInt8](repeating: 1, count: 144), delayCentiseconds: 5)
        }
        let image = try AnimatedImage(bytes: try GIFEncoder.encode(GIFEncoder.IndexedImage(
            canvasSize: PixelSize(width: 96, height: 96), globalColorTable: palette, loopCount: 0, frames: [first] + squares)))
        let clock = ManualClock(), scheduler = ManualDecodeScheduler()
        let cache = SharedFrameCache(byteLimit: 1 << 24, scheduler: scheduler)
        let animator = Animator(clock: clock, cache: cache)
        animator.displaySize = PixelSize(width: 12, height: 12)
        try animator.prepare(image)
        // The canvas, and the indices buffer: the LZW literal strings (2-bit literals), then 96×96.
        let canvas = 96 * 96 * 4 + LZWDecoder.literalRoom(minimumCodeSize: 2) + 96 * 96, frame = 12 * 12 * 4
        // Decoding: one canvas and the indices of one frame, no checkpoint, counted.
        #expect(image.retainedBytes == canvas)
        #expect(cache.statistics.retainedBytes == canvas)
        animator.play()
        for step in 1...45 {
            scheduler.runAll()
            clock.tick(at: .milliseconds(step * 50))
            #expect(image.retainedBytes <= canvas)
        }
        let statistics = cache.statistics
        #expect(statistics.storedFrames == 40 && statistics.storedBytes == 40 * frame)
        #expect(image.retainedBytes == 0 && statistics.retainedBytes == 0)
        #expect(statistics.totalBytes == 40 * frame)
        #expect(statistics.decodes == 40) // each frame decoded once
        #expect(animator.bufferMisses == 0)
    }
}
