import Testing
@testable import Zoetrope
import ZoetropeTesting

/// A view recording what it is given to show.
private final class SurfaceRecordingView: AnimatableView {
    let animator: Animator
    private let shown = LockedState<[DisplayFrame]>([])

    init(_ animator: Animator) { self.animator = animator }
    func display(_ frame: DisplayFrame) { shown.withLock { $0.append(frame) } }
    var frames: [DisplayFrame] { shown.withLock { $0 } }
}

/// Many attachments in one scrolling surface: one clock, one budget, nothing decoded off screen.
@Suite("Animation surface")
struct AnimationSurfaceTests {
    let clock = ManualClock()
    let scheduler = ManualDecodeScheduler()
    static let attachmentSize = PixelSize(width: 16, height: 16)

    func makeSurface(byteLimit: Int = 1 << 30, reducesMotion: Bool = false, posterByteLimit: Int = 1 << 30) -> AnimationSurface {
        AnimationSurface(cache: SharedFrameCache(byteLimit: byteLimit, scheduler: scheduler), clock: clock,
                         reducesMotion: reducesMotion, posterByteLimit: posterByteLimit)
    }

    /// Four frames of 100 ms, 32×32: attachments read it at 16×16.
    static func image() -> CountingImage {
        CountingImage(durations: Array(repeating: .milliseconds(100), count: 4), size: PixelSize(width: 32, height: 32))
    }

    /// Ticks the clock every 50 ms for `milliseconds`, letting decoding finish before each tick.
    func run(milliseconds: Int) {
        for _ in 0..<(milliseconds / 50) {
            scheduler.runAll()
            clock.advance(by: .milliseconds(50))
        }
    }

    @Test("an attachment never visible decodes nothing and shows nothing")
    func offScreenDecodesNothing() {
        let surface = makeSurface()
        let image = Self.image()
        let attachment = surface.makeAttachment(image: image, size: Self.attachmentSize)
        attachment.setVisible(false)
        #expect(attachment.presentation == .nothing)
        #expect(image.decodeCounts.isEmpty && surface.statistics.cache.decodes == 0)
    }

    @Test("visible attachments play on the one clock; scrolled out they pause, free their frames and show the poster")
    func scrollOutReleases() throws {
        let surface = makeSurface()
        let image = Self.image()
        let attachment = surface.makeAttachment(image: image, size: Self.attachmentSize)
        let view = SurfaceRecordingView(attachment.animator)
        attachment.attach(view)
        attachment.setVisible(true)
        #expect(attachment.presentation == .playing && attachment.animator.isPlaying)
        #expect(surface.clock.runningCount == 1)
        #expect(view.frames.map(\.index) == [0])
        run(milliseconds: 250)
        #expect(attachment.animator.currentFrame == 2)
        #expect(surface.cache.storedFrameCount(of: attachment.image.source) > 0)

        attachment.setVisible(false)
        #expect(attachment.presentation == .poster && !attachment.animator.isPlaying)
        #expect(surface.clock.runningCount == 0 && !clock.isRunning)
        #expect(surface.cache.storedFrameCount(of: attachment.image.source) == 0)
        #expect(surface.statistics.cache.storedBytes == 0)
        let last = try #require(view.frames.last)
        #expect(last.index == 0 && last.image == CountingImage.still(0, size: Self.attachmentSize))
    }

    @Test("the poster is frame 0 downscaled to the attachment's size, made once per image")
    func posterFrame() throws {
        let surface = makeSurface()
        let image = Self.image()
        let attachment = surface.makeAttachment(image: image, size: PixelSize(width: 8, height: 20))
        let poster = try attachment.poster()
        #expect(poster == CountingImage.still(0, size: PixelSize(width: 8, height: 8)))
        _ = try attachment.poster()
        #expect(image.decodeCounts == [0: 1])
        #expect(surface.statistics.posterBytes == 8 * 8 * 4)
    }

    @Test("identical images pasted twice decode once")
    func duplicatesShare() throws {
        let surface = makeSurface()
        let bytes = try PasteboardImageReaderTests.gif()
        let first = try surface.makeAttachment(bytes: bytes, size: Self.attachmentSize)
        let second = try surface.makeAttachment(bytes: bytes, size: Self.attachmentSize)
        let other = try surface.makeAttachment(bytes: try PasteboardImageReaderTests.apng(), size: Self.attachmentSize)
        #expect(first.image === second.image && first.image !== other.image)
        #expect(surface.statistics.distinctImages == 2)
        first.setVisible(true)
        second.setVisible(true)
        scheduler.runAll()
        // Two frames, each decoded once for both attachments.
        #expect(surface.statistics.cache.decodes == 2)
        #expect(surface.cache.storedFrameCount(of: first.image.source) == 2)
    }

    @Test("reduced motion shows the poster of visible attachments, and playing resumes when it is turned off")
    func reducedMotion() {
        let surface = makeSurface(reducesMotion: true)
        let image = Self.image()
        let attachment = surface.makeAttachment(image: image, size: Self.attachmentSize)
        let view = SurfaceRecordingView(attachment.animator)
        attachment.attach(view)
        attachment.setVisible(true)
        run(milliseconds: 300)
        #expect(attachment.presentation == .poster && !attachment.animator.isPlaying)
        #expect(image.decodeCounts == [0: 1])
        #expect(view.frames.map(\.index) == [0])
        surface.reducesMotion = false
        #expect(attachment.presentation == .playing && attachment.animator.isPlaying)
        surface.reducesMotion = true
        #expect(attachment.presentation == .poster && surface.statistics.cache.storedBytes == 0)
    }

    @Test("200 attachments, 10 visible: memory stays within the budget and the others decode nothing")
    func manyAttachments() throws {
        let frameBytes = Self.attachmentSize.area * 4
        let byteLimit = 10 * 2 * frameBytes, posterByteLimit = 15 * frameBytes
        let surface = makeSurface(byteLimit: byteLimit, posterByteLimit: posterByteLimit)
        let images = (0..<200).map { _ in Self.image() }
        let attachments = images.map { surface.makeAttachment(image: $0, size: Self.attachmentSize) }
        for index in 100..<110 { attachments[index].setVisible(true) }
        run(milliseconds: 1000)
        for index in 100..<110 { attachments[index].setVisible(false) }
        for index in 110..<120 { attachments[index].setVisible(true) }
        run(milliseconds: 1000)

        let statistics = surface.statistics
        #expect(statistics.attachments == 200 && statistics.visibleAttachments == 10)
        #expect(statistics.playingAttachments == 10)
        #expect(statistics.cache.peakBytes <= byteLimit)
        // 20 posters were made; the 15 most recently used are kept.
        #expect(statistics.posterBytes == posterByteLimit)
        #expect(statistics.memoryBytes <= byteLimit + posterByteLimit)
        for index in 100..<110 { #expect(surface.cache.storedFrameCount(of: attachments[index].image.source) == 0) }
        for (index, image) in images.enumerated() where !(100..<120).contains(index) {
            #expect(image.decodeCounts.isEmpty)
        }
        #expect(images[115].decodeCounts.values.reduce(0, +) >= 4)

        // Scrolling past all of them, ten at a time, stays within both limits.
        for start in stride(from: 0, to: 200, by: 10) {
            for index in 100..<120 { attachments[index].setVisible(false) }
            for index in start..<start + 10 { attachments[index].setVisible(true) }
            run(milliseconds: 200)
            for index in start..<start + 10 { attachments[index].setVisible(false) }
        }
        let after = surface.statistics
        #expect(after.cache.peakBytes <= byteLimit && after.posterBytes <= posterByteLimit)
        #expect(after.cache.storedBytes == 0 && after.playingAttachments == 0)
        #expect(images.allSatisfy { $0.decodeCounts[0] != nil })
    }

    @Test("attachments that go away release their image and its poster")
    func releaseOnDeinit() throws {
        let surface = makeSurface()
        var attachment: SurfaceAttachment? = surface.makeAttachment(image: Self.image(), size: Self.attachmentSize)
        attachment?.setVisible(true)
        attachment?.setVisible(false)
        #expect(surface.statistics.posterBytes > 0 && surface.statistics.distinctImages == 1)
        attachment = nil
        #expect(surface.statistics.posterBytes == 0 && surface.statistics.distinctImages == 0)
        #expect(surface.statistics.attachments == 0)
    }
}
