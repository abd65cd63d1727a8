import Testing
@testable import Zoetrope

@Suite("Compositor")
struct CompositorTests {
    private func info(_ rect: PixelRect, disposal: FrameDisposal = .none, blend: FrameBlend = .over) -> FrameInfo {
        FrameInfo(rect: rect, disposal: disposal, storedDisposal: 0, blend: blend, hasTransparency: true,
                  storedDuration: nil, duration: .milliseconds(100), offset: 0)
    }

    private func solid(_ width: Int, _ height: Int, _ pixel: (UInt8, UInt8, UInt8, UInt8)) -> RGBAImage {
        RGBAImage(width: width, height: height,
                  pixels: Array([[pixel.0, pixel.1, pixel.2, pixel.3]].joined()).repeated(width * height))
    }

    @Test("a frame partly outside the canvas is clipped")
    func clipping() throws {
        var compositor = Compositor(size: PixelSize(width: 3, height: 3))
        try compositor.draw(solid(2, 2, (255, 0, 0, 255)), info: info(PixelRect(x: 2, y: 2, width: 2, height: 2)))
        #expect(compositor.canvas[2, 2] == (255, 0, 0, 255))
        #expect(compositor.canvas[1, 2] == (0, 0, 0, 0))
        #expect(compositor.canvas[2, 1] == (0, 0, 0, 0))
    }

    @Test("over leaves the canvas where the frame is transparent; source replaces it")
    func blending() throws {
        var compositor = Compositor(size: PixelSize(width: 1, height: 1))
        try compositor.draw(solid(1, 1, (10, 20, 30, 255)), info: info(PixelRect(x: 0, y: 0, width: 1, height: 1)))
        try compositor.draw(solid(1, 1, (99, 99, 99, 0)), info: info(PixelRect(x: 0, y: 0, width: 1, height: 1)))
        #expect(compositor.canvas[0, 0] == (10, 20, 30, 255))
        try compositor.draw(solid(1, 1, (99, 99, 99, 0)), info: info(PixelRect(x: 0, y: 0, width: 1, height: 1), blend: .source))
        #expect(compositor.canvas[0, 0] == (99, 99, 99, 0))
    }

    @Test("binary-alpha blending (GIF) gives what exact over gives, at every width and offset")
    func binaryAlphaMatchesExact() throws {
        var rng = SplitMix64(seed: 11)
        for trial in 0..<60 {
            let canvasSize = PixelSize(width: 13, height: 7)
            let width = 1 + trial % 11, height = 1 + trial % 5
            var frame = RGBAImage(width: width, height: height)
            var background = RGBAImage(width: 13, height: 7)
            for y in 0..<7 { for x in 0..<13 { background[x, y] = (UInt8(x * 9), UInt8(y * 30), 7, 255) } }
            for y in 0..<height {
                for x in 0..<width {
                    let value = UInt8.random(in: 0...255, using: &rng)
                    // Transparent pixels keep a colour: over must ignore it.
                    frame[x, y] = (value, 200, UInt8(x), value % 3 == 0 ? 0 : 255)
                }
            }
            let rect = PixelRect(x: trial % 7 - 2, y: trial % 4 - 1, width: width, height: height)
            var exact = Compositor(size: canvasSize), binary = Compositor(size: canvasSize)
            for compositor in [0, 1] {
                let full = info(PixelRect(x: 0, y: 0, width: 13, height: 7), blend: .source)
                if compositor == 0 { try exact.draw(background, info: full) } else { try binary.draw(background, info: full) }
            }
            try exact.draw(frame, info: info(rect), blending: .exact)
            try binary.draw(frame, info: info(rect), blending: .binaryAlpha)
            #expect(binary.canvas == exact.canvas, "trial \(trial): \(width)×\(height) at \(rect.x),\(rect.y)")
        }
    }

    @Test("over with partial alpha is non-premultiplied Porter-Duff rounded to nearest")
    func partialAlpha() throws {
        var compositor = Compositor(size: PixelSize(width: 1, height: 1))
        let whole = info(PixelRect(x: 0, y: 0, width: 1, height: 1))
        try compositor.draw(solid(1, 1, (0, 0, 255, 128)), info: whole)
        try compositor.draw(solid(1, 1, (255, 0, 0, 128)), info: whole)
        // Worked by hand: αo = 128 + 128·(1 − 128/255) = 191.75 → 192;
        // R = 255·128 / 191.75 = 170.2 → 170; B = 255·128·127/255 / 191.75 = 84.8 → 85.
        #expect(compositor.canvas[0, 0] == (170, 0, 85, 192))
    }

    @Test("disposal to background clears only the frame's rectangle")
    func disposeBackground() throws {
        var compositor = Compositor(size: PixelSize(width: 2, height: 1))
        try compositor.draw(solid(2, 1, (1, 2, 3, 255)), info: info(PixelRect(x: 0, y: 0, width: 2, height: 1)))
        let second = info(PixelRect(x: 1, y: 0, width: 1, height: 1), disposal: .background)
        try compositor.draw(solid(1, 1, (9, 9, 9, 255)), info: second)
        try compositor.dispose(second)
        #expect(compositor.canvas[0, 0] == (1, 2, 3, 255))
        #expect(compositor.canvas[1, 0] == (0, 0, 0, 0))
    }

    @Test("disposal to previous restores what was under the frame")
    func disposePrevious() throws {
        var compositor = Compositor(size: PixelSize(width: 2, height: 2))
        try compositor.draw(solid(2, 2, (1, 2, 3, 255)), info: info(PixelRect(x: 0, y: 0, width: 2, height: 2)))
        let second = info(PixelRect(x: 1, y: 1, width: 2, height: 2), disposal: .previous)
        try compositor.draw(solid(2, 2, (9, 9, 9, 255)), info: second)
        #expect(compositor.canvas[1, 1] == (9, 9, 9, 255))
        try compositor.dispose(second)
        #expect(compositor.canvas[1, 1] == (1, 2, 3, 255))
        #expect(compositor.canvas == solid(2, 2, (1, 2, 3, 255)))
    }

    @Test("a first frame covering the canvas becomes it as drawing would make it")
    func blankCanvasTakesFullFrame() throws {
        let whole = PixelRect(x: 0, y: 0, width: 2, height: 1)
        // A fully transparent pixel with a colour: "over" turns it into transparent black.
        let frame = RGBAImage(width: 2, height: 1, pixels: [50, 60, 70, 0, 1, 2, 3, 128])
        var over = Compositor(size: PixelSize(width: 2, height: 1))
        try over.draw(frame, info: info(whole))
        #expect(over.canvas.pixels == [0, 0, 0, 0, 1, 2, 3, 128])
        var source = Compositor(size: PixelSize(width: 2, height: 1))
        try source.draw(frame, info: info(whole, blend: .source))
        #expect(source.canvas == frame)
        #expect(Self.sharesStorage(source.canvas, frame), "taken over, not copied")
        try source.draw(solid(1, 1, (9, 9, 9, 255)), info: info(PixelRect(x: 0, y: 0, width: 1, height: 1)))
        #expect(source.canvas.pixels == [9, 9, 9, 255, 1, 2, 3, 128])
        // Over a transparent canvas, partial alpha stays as it is: such a frame is taken over too.
        let translucent = RGBAImage(width: 2, height: 1, pixels: [0, 0, 0, 0, 1, 2, 3, 128])
        var translucentOver = Compositor(size: PixelSize(width: 2, height: 1))
        try translucentOver.draw(translucent, info: info(whole))
        #expect(translucentOver.canvas == translucent)
        #expect(Self.sharesStorage(translucentOver.canvas, translucent))
        // A frame that does not cover the canvas is drawn into a buffer of the canvas's own.
        var partial = Compositor(size: PixelSize(width: 3, height: 1))
        try partial.draw(translucent, info: info(whole, blend: .source))
        #expect(partial.canvas.pixels == [0, 0, 0, 0, 1, 2, 3, 128, 0, 0, 0, 0])
    }

    private static func sharesStorage(_ a: RGBAImage, _ b: RGBAImage) -> Bool {
        a.pixels.withUnsafeBufferPointer { first in b.pixels.withUnsafeBufferPointer { $0.baseAddress == first.baseAddress } }
    }

    @Test("disposing a canvas-sized frame to background leaves a transparent canvas to draw on")
    func disposeWholeCanvas() throws {
        var compositor = Compositor(size: PixelSize(width: 2, height: 2))
        let whole = info(PixelRect(x: 0, y: 0, width: 2, height: 2), disposal: .background)
        try compositor.draw(solid(2, 2, (1, 2, 3, 255)), info: whole)
        try compositor.dispose(whole)
        #expect(compositor.isBlank)
        try compositor.draw(solid(1, 1, (7, 8, 9, 255)), info: info(PixelRect(x: 1, y: 1, width: 1, height: 1)))
        #expect(compositor.canvas[1, 1] == (7, 8, 9, 255))
        #expect(compositor.canvas[0, 0] == (0, 0, 0, 0))
    }

    @Test("a frame drawn in place that overwrites its rectangle leaves the canvas as clearing first would")
    func overwritingSkipsClear() throws {
        for rect in [PixelRect(x: 0, y: 0, width: 2, height: 2), PixelRect(x: 1, y: 1, width: 2, height: 2)] {
            var compositor = Compositor(size: PixelSize(width: 3, height: 3))
            let first = info(PixelRect(x: 0, y: 0, width: 2, height: 2), disposal: .background)
            try compositor.draw(solid(2, 2, (1, 2, 3, 255)), info: first)
            try compositor.dispose(first)
            #expect(compositor.isBlank)
            try compositor.drawInPlace(info: info(rect), overwrites: true) { pixels in
                for y in rect.y..<rect.maxY {
                    for x in rect.x..<rect.maxX { pixels.storeBytes(of: x == 1 && y == 1 ? 0 : 0xFF09_0807, toByteOffset: (y * 3 + x) * 4, as: UInt32.self) }
                }
            }
            var expected = RGBAImage(width: 3, height: 3)
            for y in rect.y..<rect.maxY {
                for x in rect.x..<rect.maxX where x != 1 || y != 1 { expected[x, y] = (7, 8, 9, 255) }
            }
            #expect(compositor.canvas == expected, "\(rect)")
        }
    }

    @Test("a blank canvas under a previous-disposed frame comes back transparent")
    func disposePreviousOverBlank() throws {
        var compositor = Compositor(size: PixelSize(width: 2, height: 2))
        let whole = info(PixelRect(x: 0, y: 0, width: 2, height: 2), disposal: .previous)
        try compositor.draw(solid(2, 2, (1, 2, 3, 255)), info: whole)
        #expect(compositor.canvas == solid(2, 2, (1, 2, 3, 255)))
        try compositor.dispose(whole)
        #expect(compositor.canvas == RGBAImage(width: 2, height: 2))
    }
}

private extension Array {
    func repeated(_ count: Int) -> [Element] { (0..<count).flatMap { _ in self } }
}
