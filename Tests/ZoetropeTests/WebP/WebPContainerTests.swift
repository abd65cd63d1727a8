import Testing
@testable import Zoetrope

/// WebP files built in code: the container's frame table, and animations composited with libwebp's
/// rules. Expected pixels are worked out by hand from libwebp's integer formula (see
/// `WebPCompositingTests`), not produced by the decoder.
@Suite("WebP container and animation")
struct WebPContainerTests {
    static func solid(_ width: Int, _ height: Int, _ argb: UInt32) -> [UInt8] {
        VP8LTestStream.literals(width: width, height: height, [UInt32](repeating: argb, count: width * height))
    }

    /// Frame 0: opaque red 4×4. Frame 1: green at alpha 128 on (2,2) 2×2, blended, disposed to
    /// background. Frame 2: blue at alpha 200 on rows 2–3, blended (the cleared rectangle is copied,
    /// the rest blended). Frame 3: opaque white 4×4, not blended (a key frame).
    static func animation() -> [UInt8] {
        WebPTestFile.animation(width: 4, height: 4, loopCount: 3, frames: [
            .init(duration: 40, payload: solid(4, 4, 0xFFFF_0000)),
            .init(x: 2, y: 2, duration: 5, disposesToBackground: true, payload: solid(2, 2, 0x8000_FF00)),
            .init(y: 2, duration: 70, payload: solid(4, 2, 0xC800_00FF)),
            .init(blends: false, payload: solid(4, 4, 0xFFFF_FFFF)),
        ])
    }

    @Test("the frame table: rectangles, blend and dispose flags, durations, loop count, compression")
    func frameTable() throws {
        let image = try AnimatedImage(bytes: Self.animation())
        #expect(image.format == .webp)
        #expect(image.canvasSize == PixelSize(width: 4, height: 4))
        #expect(image.frames.map(\.rect) == [PixelRect(x: 0, y: 0, width: 4, height: 4), PixelRect(x: 2, y: 2, width: 2, height: 2),
                                             PixelRect(x: 0, y: 2, width: 4, height: 2), PixelRect(x: 0, y: 0, width: 4, height: 4)])
        #expect(image.frames.map(\.blend) == [.over, .over, .over, .source])
        #expect(image.frames.map(\.disposal) == [.none, .background, .none, .none])
        #expect(image.frames.map(\.storedDuration) == [.milliseconds(40), .milliseconds(5), .milliseconds(70), .milliseconds(100)])
        #expect(image.frames.map(\.duration) == [.milliseconds(40), .milliseconds(100), .milliseconds(70), .milliseconds(100)],
                "5 ms shows for 100 ms, as in browsers")
        #expect(image.storedLoopCount == 3)
        #expect(image.playCount == .finite(3), "WebP counts plays, not repetitions")
        #expect(image.frames.allSatisfy { $0.compression == .vp8l })
        let summary = try ImageInspector.inspect(Self.animation())
        #expect(summary.isAnimated && summary.compressions == [.vp8l] && summary.format == .webp)
    }

    @Test("blending and disposal follow libwebp, pixel for pixel")
    func compositing() throws {
        let image = try AnimatedImage(bytes: Self.animation())
        let afterGreen = try image.frame(at: 1)
        #expect(afterGreen[0, 0] == (255, 0, 0, 255))
        // (0·128 + 255·127)·65793 >> 24 = 126, (255·128)·65793 >> 24 = 127.
        #expect(afterGreen[2, 2] == (126, 127, 0, 255))
        let afterBlue = try image.frame(at: 2)
        #expect(afterBlue[0, 0] == (255, 0, 0, 255), "rows the frame does not cover are untouched")
        // Over red: factor (255·56) >> 8 = 55; (255·55)·65793 >> 24 = 54, (255·200)·65793 >> 24 = 199.
        #expect(afterBlue[0, 2] == (54, 0, 199, 255))
        // Inside the rectangle frame 1 cleared: copied, not blended over transparency (which gives 254).
        #expect(afterBlue[3, 3] == (0, 0, 255, 200))
        let white = try image.frame(at: 3)
        #expect((0..<4).allSatisfy { white[$0, $0] == (255, 255, 255, 255) })
        // Random access gives what sequential decoding gives.
        var sequential: [RGBAImage] = []
        try AnimatedImage(bytes: Self.animation()).forEachFrame { _, frame in sequential.append(frame) }
        let shuffled = try AnimatedImage(bytes: Self.animation())
        for index in [3, 1, 2, 0, 2] { #expect(try shuffled.frame(at: index) == sequential[index]) }
    }

    @Test("a still: the simple VP8L form and the extended form with metadata chunks")
    func stills() throws {
        let simple = try AnimatedImage(bytes: WebPTestFile.still(Self.solid(3, 2, 0xFF12_3456)))
        #expect(simple.frameCount == 1 && simple.canvasSize == PixelSize(width: 3, height: 2))
        #expect(try simple.frame(at: 0)[2, 1] == (0x12, 0x34, 0x56, 255))
        #expect(simple.storedLoopCount == nil && simple.playCount == .finite(1))
        let vp8x = WebPTestFile.chunk("VP8X", [0x20 | 0x08, 0, 0, 0] + WebPTestFile.le24(2) + WebPTestFile.le24(1))
        let extended = WebPTestFile.riff(vp8x + WebPTestFile.chunk("ICCP", [1, 2, 3]) + WebPTestFile.chunk("ABCD", [9])
                                         + WebPTestFile.chunk("VP8L", Self.solid(3, 2, 0xFF00_00FF))
                                         + WebPTestFile.chunk("EXIF", [0, 1]))
        let image = try AnimatedImage(bytes: extended)
        #expect(image.metadata == ImageMetadata(hasICCProfile: true, hasEXIF: true, hasXMP: false))
        #expect(try image.frame(at: 0)[0, 0] == (0, 0, 255, 255), "the unknown chunk is skipped")
    }

    @Test("a file cut inside a frame keeps the frames before the cut, with a warning")
    func truncation() throws {
        let whole = Self.animation()
        let cut = Array(whole.prefix(whole.count - 20))
        let image = try AnimatedImage(bytes: cut)
        #expect(image.frameCount >= 3)
        #expect(image.warnings.contains { $0.kind == .truncated && $0.format == .webp })
        #expect(try image.frame(at: 2) == (try AnimatedImage(bytes: whole).frame(at: 2)))
    }

    @Test("hostile structure: frames outside the canvas, ANMF before ANIM, no image, huge canvases")
    func hostile() throws {
        let outside = WebPTestFile.animation(width: 4, height: 4, loopCount: 0, frames: [
            .init(x: 2, y: 0, payload: Self.solid(4, 4, 0xFFFF_FFFF)),
        ])
        #expect(throws: ZoetropeError.self) { try AnimatedImage(bytes: outside) }
        let secondOutside = WebPTestFile.animation(width: 4, height: 4, loopCount: 0, frames: [
            .init(payload: Self.solid(4, 4, 0xFFFF_FFFF)), .init(x: 2, y: 2, payload: Self.solid(4, 4, 0xFFFF_FFFF)),
        ])
        let kept = try AnimatedImage(bytes: secondOutside)
        #expect(kept.frameCount == 1 && kept.warnings.contains { $0.kind == .malformed })
        let anmfFirst = WebPTestFile.riff(WebPTestFile.chunk("VP8X", [0x02, 0, 0, 0, 3, 0, 0, 3, 0, 0])
                                          + WebPTestFile.chunk("ANMF", [UInt8](repeating: 0, count: 24)))
        #expect(throws: ZoetropeError.self) { try AnimatedImage(bytes: anmfFirst) }
        let huge = WebPTestFile.riff(WebPTestFile.chunk("VP8X", [0x02, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])
                                     + WebPTestFile.chunk("ANIM", [0, 0, 0, 0, 0, 0]))
        do {
            _ = try AnimatedImage(bytes: huge)
            Issue.record("a 16777216² canvas must be refused")
        } catch {
            #expect(error.kind == .limitExceeded)
        }
        #expect(throws: ZoetropeError.self) { try AnimatedImage(bytes: WebPTestFile.riff(WebPTestFile.chunk("ABCD", [1]))) }
    }

    @Test("DecodingLimits: frames past maxFrameCount are dropped with a warning")
    func frameLimit() throws {
        let options = DecodingOptions(limits: DecodingLimits(maxFrameCount: 2))
        let image = try AnimatedImage(bytes: Self.animation(), options: options)
        #expect(image.frameCount == 2)
        #expect(image.warnings.contains { $0.kind == .limitExceeded && $0.offset != nil })
    }

    /// libwebp's demuxer (which browsers use) goes on after an `ANMF`'s image chunks, not at the end
    /// the `ANMF` declares; a fuzzer found an `ANMF` declaring 4 bytes more than its frame, which
    /// libwebp reads past into the next `ANMF`, keeping every frame.
    @Test("an ANMF that declares more bytes than its frame: the walk goes on after the image, as libwebp's")
    func overlongAnimationFrame() throws {
        let colours: [UInt32] = [0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF]
        var bytes = WebPTestFile.animation(width: 2, height: 2, loopCount: 0,
                                           frames: colours.map { .init(blends: false, payload: Self.solid(2, 2, $0)) })
        // RIFF header 12, VP8X 18, ANIM 14: the first ANMF's header at 44, then the second one's.
        let firstSize = Int(bytes[48]) | Int(bytes[49]) << 8
        let second = 44 + 8 + firstSize + (firstSize & 1)
        #expect(Array(bytes[second..<(second + 4)]) == Array("ANMF".utf8))
        bytes[second + 4] &+= 4
        let image = try AnimatedImage(bytes: bytes)
        #expect(image.frames.count == 3)
        #expect(image.warnings.isEmpty)
        var shown: [[UInt8]] = []
        try image.forEachFrame { _, frame in shown.append(Array(frame.pixels.prefix(4))) }
        #expect(shown == [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255]])
    }
}
