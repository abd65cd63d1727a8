import Testing
@testable import Zoetrope

/// libwebp's animation compositing, checked against values worked out by hand from its integer
/// formula (`BlendPixelNonPremult` in libwebp's `anim_decode.c`), not by the code under test.
@Suite("WebP compositing")
struct WebPCompositingTests {
    static func image(_ width: Int, _ height: Int, _ pixel: (UInt8, UInt8, UInt8, UInt8)) -> RGBAImage {
        RGBAImage(width: width, height: height, pixels: Array([[pixel.0, pixel.1, pixel.2, pixel.3]].joined()).repeated(width * height))
    }

    static func frame(_ rect: PixelRect, blend: FrameBlend = .over, disposal: FrameDisposal = .none,
                      alpha: Bool = true) -> FrameInfo {
        FrameInfo(rect: rect, disposal: disposal, storedDisposal: disposal == .background ? 1 : 0, blend: blend,
                  hasTransparency: alpha, storedDuration: .milliseconds(100), duration: .milliseconds(100), offset: 0,
                  compression: .vp8l)
    }

    @Test("half-transparent over opaque: 200·128 + 10·127 scaled by ⌊2²⁴/255⌋ gives 105, 60, 40")
    func halfOverOpaque() throws {
        var compositor = Compositor(size: PixelSize(width: 1, height: 1))
        let whole = PixelRect(x: 0, y: 0, width: 1, height: 1)
        try compositor.draw(Self.image(1, 1, (10, 20, 30, 255)), info: Self.frame(whole), blending: .libwebp(keyFrame: true, unblended: nil))
        try compositor.draw(Self.image(1, 1, (200, 100, 50, 128)), info: Self.frame(whole), blending: .libwebp(keyFrame: false, unblended: nil))
        #expect(compositor.canvas[0, 0] == (105, 60, 40, 255))
    }

    @Test("over transparency libwebp's reciprocal truncates: white at alpha 200 becomes 254, not 255")
    func truncatingReciprocal() throws {
        var compositor = Compositor(size: PixelSize(width: 2, height: 1))
        // Frame 0 (a key frame) leaves pixel 1 transparent; frame 1 blends over it.
        try compositor.draw(Self.image(1, 1, (9, 9, 9, 255)), info: Self.frame(PixelRect(x: 0, y: 0, width: 1, height: 1)),
                        blending: .libwebp(keyFrame: true, unblended: nil))
        try compositor.draw(Self.image(2, 1, (255, 255, 255, 200)), info: Self.frame(PixelRect(x: 0, y: 0, width: 2, height: 1)),
                        blending: .libwebp(keyFrame: false, unblended: nil))
        #expect(compositor.canvas[1, 0] == (254, 254, 254, 200))
        // Over the opaque pixel: dst factor (255·56) >> 8 = 55, alpha 255, (255·200 + 9·55)·65793 >> 24 = 201.
        #expect(compositor.canvas[0, 0] == (201, 201, 201, 255))
    }

    @Test("a key frame and the previous frame's cleared rectangle are copied, not blended")
    func copiedNotBlended() throws {
        var compositor = Compositor(size: PixelSize(width: 2, height: 1))
        try compositor.draw(Self.image(2, 1, (255, 255, 255, 200)), info: Self.frame(PixelRect(x: 0, y: 0, width: 2, height: 1)),
                        blending: .libwebp(keyFrame: true, unblended: nil))
        #expect(compositor.canvas[1, 0] == (255, 255, 255, 200), "a key frame keeps its pixels exactly")
        let first = Self.frame(PixelRect(x: 0, y: 0, width: 1, height: 1), disposal: .background)
        var second = Compositor(size: PixelSize(width: 2, height: 1))
        try second.draw(Self.image(1, 1, (1, 2, 3, 255)), info: first, blending: .libwebp(keyFrame: true, unblended: nil))
        try second.dispose(first)
        try second.draw(Self.image(2, 1, (255, 255, 255, 200)), info: Self.frame(PixelRect(x: 0, y: 0, width: 2, height: 1)),
                    blending: .libwebp(keyFrame: false, unblended: first.rect))
        #expect(second.canvas[0, 0] == (255, 255, 255, 200), "inside the disposed rectangle: copied")
        #expect(second.canvas[1, 0] == (254, 254, 254, 200), "outside it: blended over transparency")
    }

    @Test("key frames follow libwebp: first; full and opaque or unblended; after a full or key frame disposed to background")
    func keyFrames() throws {
        let canvas = PixelSize(width: 4, height: 4)
        let full = PixelRect(x: 0, y: 0, width: 4, height: 4)
        let small = PixelRect(x: 1, y: 1, width: 2, height: 2)
        let frames = [
            Self.frame(small, disposal: .background),          // 0: first → key
            Self.frame(small),                                  // 1: previous was a key frame, disposed → key
            Self.frame(small, disposal: .background),           // 2: previous not disposed → not key
            Self.frame(small),                                  // 3: previous small, not key → not key; unblended = its rect
            Self.frame(full, blend: .source),                   // 4: full, no blend → key
            Self.frame(full),                                   // 5: full with alpha, blending → not key
        ]
        let records = frames.map { _ in Self.record(hasAlpha: true) }
        let rules = WebPContainer.blending(frames: frames, records: records, canvas: canvas)
        #expect(rules == [
            .libwebp(keyFrame: true, unblended: nil),
            .libwebp(keyFrame: true, unblended: small),
            .libwebp(keyFrame: false, unblended: nil),
            .libwebp(keyFrame: false, unblended: small),
            .libwebp(keyFrame: true, unblended: nil),
            .libwebp(keyFrame: false, unblended: nil),
        ])
    }

    static func record(hasAlpha: Bool) -> WebPFrameRecord {
        WebPFrameRecord(compression: .vp8l, image: 0..<0, alpha: nil, size: PixelSize(width: 1, height: 1), hasAlpha: hasAlpha)
    }
}

private extension Array {
    func repeated(_ count: Int) -> [Element] { (0..<count).flatMap { _ in self } }
}
