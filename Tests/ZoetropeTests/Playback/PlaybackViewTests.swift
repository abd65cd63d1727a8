import Testing
@testable import Zoetrope
import ZoetropeTesting

/// A view that records what it is asked to show.
final class RecordingView: AnimatableView {
    let animator: Animator
    private let shown = LockedState<[DisplayFrame]>([])

    init(clock: ManualClock, cache: SharedFrameCache) {
        animator = Animator(clock: clock, cache: cache)
    }

    func display(_ frame: DisplayFrame) { shown.withLock { $0.append(frame) } }
    var displayed: [DisplayFrame] { shown.withLock { $0 } }
}

@Suite("Animatable views and images")
struct PlaybackViewTests {
    static func view() -> (RecordingView, ManualClock, ManualDecodeScheduler) {
        let clock = ManualClock()
        let scheduler = ManualDecodeScheduler()
        return (RecordingView(clock: clock, cache: SharedFrameCache(byteLimit: 1 << 20, scheduler: scheduler)),
                clock, scheduler)
    }

    static func stills(_ count: Int) -> [RGBAImage] {
        (0..<count).map { CountingImage.still($0, size: PixelSize(width: 3, height: 2)) }
    }

    @Test("a view shows the first frame on prepare and each new frame while animating")
    func viewFollowsAnimator() throws {
        let (view, clock, scheduler) = Self.view()
        let sequence = try FrameSequence(frames: Self.stills(3), duration: .milliseconds(100), playCount: .finite(1))
        try view.prepareForAnimation(with: sequence)
        #expect(view.frameCount == 3)
        #expect(!view.isAnimating)
        #expect(view.displayed.map(\.index) == [0])
        view.startAnimating()
        #expect(view.isAnimating)
        for step in 1...8 {
            scheduler.runAll()
            clock.tick(at: .milliseconds(step * 50))
        }
        #expect(view.displayed.map(\.index) == [0, 1, 2])
        #expect(view.displayed.map(\.image) == Self.stills(3))
        #expect(view.activeFrame == Self.stills(3)[2])
        #expect(!view.isAnimating) // finished
        view.updateImageIfNeeded()
        #expect(view.displayed.count == 3) // nothing new to show
    }

    @Test("stopAnimating pauses in place; prepareForReuse lets go of the image")
    func stopAndReuse() throws {
        let (view, clock, scheduler) = Self.view()
        try view.prepareForAnimation(with: FrameSequence(frames: Self.stills(4), duration: .milliseconds(100)))
        view.startAnimating()
        for step in 1...3 { scheduler.runAll(); clock.tick(at: .milliseconds(step * 50)) }
        view.stopAnimating()
        clock.tick(at: .seconds(2))
        #expect(view.animator.currentFrame == 1)
        view.prepareForReuse()
        #expect(view.frameCount == 0)
        #expect(view.activeFrame == nil)
        #expect(!view.isAnimating)
    }

    @Test("damaged bytes make prepareForAnimation throw")
    func damagedBytes() {
        let (view, _, _) = Self.view()
        #expect(throws: ZoetropeError.self) { try view.prepareForAnimation(withBytes: [1, 2, 3]) }
        #expect(throws: ZoetropeError.self) { try view.animate(withFile: "/nonexistent/zoetrope.gif") }
    }

    @Test("a frame sequence takes one duration or one per frame, and checks its input")
    func frameSequence() throws {
        let sequence = try FrameSequence(frames: Self.stills(3),
                                         durations: [.milliseconds(10), .milliseconds(-5), .milliseconds(30)],
                                         playCount: .finite(2))
        #expect(sequence.frameCount == 3)
        #expect(sequence.duration(at: 1) == .zero)
        #expect(sequence.totalDuration == .milliseconds(40))
        #expect(sequence.playCount == .finite(2))
        #expect(try sequence.frame(at: 2) == Self.stills(3)[2])
        #expect(throws: ZoetropeError.self) { try sequence.frame(at: 3) }
        #expect(throws: ZoetropeError.self) { try FrameSequence(frames: [], duration: .milliseconds(10)) }
        #expect(throws: ZoetropeError.self) {
            try FrameSequence(frames: Self.stills(2), durations: [.milliseconds(10)])
        }
        #expect(throws: ZoetropeError.self) {
            try FrameSequence(frames: [RGBAImage(width: 1, height: 1), RGBAImage(width: 2, height: 1)],
                              duration: .milliseconds(10))
        }
    }

    @Test("a sprite sheet shows rectangles of one image, through the view's contents rect")
    func spriteSheet() throws {
        let sheet = RGBAImage(width: 8, height: 2)
        let rects = (0..<4).map { PixelRect(x: $0 * 2, y: 0, width: 2, height: 2) }
        let sprite = try SpriteSheet(sheet: sheet, frameRects: rects, duration: .milliseconds(100))
        #expect(sprite.canvasSize == PixelSize(width: 8, height: 2))
        #expect(sprite.contentsRect(at: 3) == rects[3])
        #expect(try sprite.frame(at: 1) == sheet)
        #expect(throws: ZoetropeError.self) {
            try SpriteSheet(sheet: sheet, frameRects: [PixelRect(x: 7, y: 0, width: 2, height: 2)],
                            duration: .milliseconds(10))
        }
        #expect(throws: ZoetropeError.self) { try SpriteSheet(sheet: sheet, frameRects: [], duration: .zero) }

        let (view, clock, scheduler) = Self.view()
        try view.animate(withImage: sprite)
        for step in 1...7 { scheduler.runAll(); clock.tick(at: .milliseconds(step * 50)) }
        #expect(view.displayed.map(\.contentsRect) == [rects[0], rects[1], rects[2], rects[3]])
    }
}

extension AnimatableView {
    fileprivate func animate(withImage image: any AnimatableImage) throws {
        try prepareForAnimation(with: image)
        startAnimating()
    }
}
