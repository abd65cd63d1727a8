import Testing
import Zoetrope

@Suite("GIF decoding limits")
struct GIFLimitsTests {
    private let palette = GIFFixtures.palette(4)

    /// A tiny file declaring a `canvas` logical screen with `frames` small frames.
    private func file(canvas: PixelSize, frames: [PixelRect]) throws -> [UInt8] {
        let indexed = frames.map { GIFFixtures.solid($0, index: 1) }
        return try GIFEncoder.encode(GIFEncoder.IndexedImage(canvasSize: canvas, globalColorTable: palette, frames: indexed))
    }

    @Test("a huge canvas declared in a tiny file is refused while parsing, before any pixel memory")
    func hugeCanvas() throws {
        let bytes = try file(canvas: PixelSize(width: 65535, height: 65535), frames: [PixelRect(x: 0, y: 0, width: 2, height: 2)])
        #expect(bytes.count < 100)
        let error = try #require(throws: ZoetropeError.self) { try AnimatedImage(bytes: bytes) }
        #expect(error.kind == .limitExceeded && error.format == .gif)
        // The same file under a limit it fits is fine.
        let tiny = try file(canvas: PixelSize(width: 40, height: 40), frames: [PixelRect(x: 0, y: 0, width: 2, height: 2)])
        let strict = DecodingOptions(limits: DecodingLimits(maxPixels: 1600))
        #expect(try AnimatedImage(bytes: tiny, options: strict).frameCount == 1)
        #expect(throws: ZoetropeError.self) {
            try AnimatedImage(bytes: tiny, options: DecodingOptions(limits: DecodingLimits(maxPixels: 1599)))
        }
    }

    @Test("a frame larger than the pixel limit stops parsing there")
    func hugeFrame() throws {
        let bytes = try file(canvas: PixelSize(width: 8, height: 8), frames: [
            PixelRect(x: 0, y: 0, width: 8, height: 8),
            PixelRect(x: 0, y: 0, width: 300, height: 300),
        ])
        let image = try AnimatedImage(bytes: bytes, options: DecodingOptions(limits: DecodingLimits(maxPixels: 10_000)))
        #expect(image.frameCount == 1)
        #expect(image.warnings.map(\.kind) == [.limitExceeded])
    }

    @Test("too many frames: the frames within the limit are kept, with a warning; none allowed throws")
    func tooManyFrames() throws {
        let rect = PixelRect(x: 0, y: 0, width: 2, height: 2)
        let bytes = try file(canvas: PixelSize(width: 2, height: 2), frames: Array(repeating: rect, count: 5))
        let image = try AnimatedImage(bytes: bytes, options: DecodingOptions(limits: DecodingLimits(maxFrameCount: 3)))
        #expect(image.frameCount == 3)
        let warning = try #require(image.warnings.first)
        #expect(warning.kind == .limitExceeded && warning.offset != nil)
        #expect(throws: ZoetropeError.self) {
            try AnimatedImage(bytes: bytes, options: DecodingOptions(limits: DecodingLimits(maxFrameCount: 0)))
        }
    }

    @Test("nothing is summed over the frames: 600 tiny frames on a 2000×1000 canvas all stay")
    func longAnimationOnBigCanvas() throws {
        // The old limit charged a canvas (8 MB) per frame and kept the first 536 of these frames.
        let rects = (0..<600).map { PixelRect(x: $0 % 2000, y: $0 % 1000, width: 1, height: 1) }
        let bytes = try file(canvas: PixelSize(width: 2000, height: 1000), frames: rects)
        let image = try AnimatedImage(bytes: bytes)
        #expect(image.frameCount == 600)
        #expect(image.warnings.isEmpty)
        var visited = 0
        try image.forEachFrame { index, frame in
            visited += 1
            #expect(frame[index % 2000, index % 1000] == (palette[1].red, palette[1].green, palette[1].blue, 255))
        }
        #expect(visited == 600)
    }

    @Test("hostile frame rectangles never crash: 65535-wide frames, frames far off the canvas, empty frames")
    func hostileRectangles() throws {
        let rects = [
            PixelRect(x: 65535, y: 65535, width: 1, height: 1),
            PixelRect(x: 0, y: 0, width: 0, height: 5),
            PixelRect(x: 60000, y: 0, width: 5535, height: 3),
        ]
        let bytes = try file(canvas: PixelSize(width: 4, height: 4), frames: rects)
        let image = try AnimatedImage(bytes: bytes)
        #expect(image.frameCount == 3)
        for index in 0..<3 {
            #expect(try image.frame(at: index).pixels.allSatisfy { $0 == 0 }, "frame \(index) lies outside the canvas")
        }
    }
}
