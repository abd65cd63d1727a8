import Testing
@testable import Zoetrope

@Suite("Compositor")
struct CompositorTests {
    private func info(_ rect: PixelRect, disposal: FrameDisposal = .none, blend: FrameBlend = .over) -> FrameInfo {
        FrameInfo(rect: rect, disposal: disposal, storedDisposal: 0, blend: blend, hasTransparency: true,
                  storedDelay: nil, delay: .milliseconds(100), offset: 0)
    }

    private func solid(_ width: Int, _ height: Int, _ pixel: (UInt8, UInt8, UInt8, UInt8)) -> RGBAImage {
        RGBAImage(width: width, height: height,
                  pixels: Array([[pixel.0, pixel.1, pixel.2, pixel.3]].joined()).repeated(width * height))
    }

    @Test("a frame partly outside the canvas is clipped")
    func clipping() {
        var compositor = Compositor(size: PixelSize(width: 3, height: 3))
        compositor.draw(solid(2, 2, (255, 0, 0, 255)), info: info(PixelRect(x: 2, y: 2, width: 2, height: 2)))
        #expect(compositor.canvas[2, 2] == (255, 0, 0, 255))
        #expect(compositor.canvas[1, 2] == (0, 0, 0, 0))
        #expect(compositor.canvas[2, 1] == (0, 0, 0, 0))
    }

    @Test("over leaves the canvas where the frame is transparent; source replaces it")
    func blending() {
        var compositor = Compositor(size: PixelSize(width: 1, height: 1))
        compositor.draw(solid(1, 1, (10, 20, 30, 255)), info: info(PixelRect(x: 0, y: 0, width: 1, height: 1)))
        compositor.draw(solid(1, 1, (99, 99, 99, 0)), info: info(PixelRect(x: 0, y: 0, width: 1, height: 1)))
        #expect(compositor.canvas[0, 0] == (10, 20, 30, 255))
        compositor.draw(solid(1, 1, (99, 99, 99, 0)), info: info(PixelRect(x: 0, y: 0, width: 1, height: 1), blend: .source))
        #expect(compositor.canvas[0, 0] == (99, 99, 99, 0))
    }

    @Test("over with partial alpha is non-premultiplied Porter-Duff rounded to nearest")
    func partialAlpha() {
        var compositor = Compositor(size: PixelSize(width: 1, height: 1))
        let whole = info(PixelRect(x: 0, y: 0, width: 1, height: 1))
        compositor.draw(solid(1, 1, (0, 0, 255, 128)), info: whole)
        compositor.draw(solid(1, 1, (255, 0, 0, 128)), info: whole)
        // Worked by hand: αo = 128 + 128·(1 − 128/255) = 191.75 → 192;
        // R = 255·128 / 191.75 = 170.2 → 170; B = 255·128·127/255 / 191.75 = 84.8 → 85.
        #expect(compositor.canvas[0, 0] == (170, 0, 85, 192))
    }

    @Test("disposal to background clears only the frame's rectangle")
    func disposeBackground() {
        var compositor = Compositor(size: PixelSize(width: 2, height: 1))
        compositor.draw(solid(2, 1, (1, 2, 3, 255)), info: info(PixelRect(x: 0, y: 0, width: 2, height: 1)))
        let second = info(PixelRect(x: 1, y: 0, width: 1, height: 1), disposal: .background)
        compositor.draw(solid(1, 1, (9, 9, 9, 255)), info: second)
        compositor.dispose(second)
        #expect(compositor.canvas[0, 0] == (1, 2, 3, 255))
        #expect(compositor.canvas[1, 0] == (0, 0, 0, 0))
    }

    @Test("disposal to previous restores what was under the frame")
    func disposePrevious() {
        var compositor = Compositor(size: PixelSize(width: 2, height: 2))
        compositor.draw(solid(2, 2, (1, 2, 3, 255)), info: info(PixelRect(x: 0, y: 0, width: 2, height: 2)))
        let second = info(PixelRect(x: 1, y: 1, width: 2, height: 2), disposal: .previous)
        compositor.draw(solid(2, 2, (9, 9, 9, 255)), info: second)
        #expect(compositor.canvas[1, 1] == (9, 9, 9, 255))
        compositor.dispose(second)
        #expect(compositor.canvas[1, 1] == (1, 2, 3, 255))
        #expect(compositor.canvas == solid(2, 2, (1, 2, 3, 255)))
    }
}

private extension Array {
    func repeated(_ count: Int) -> [Element] { (0..<count).flatMap { _ in self } }
}
