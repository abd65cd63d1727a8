import Testing
import Zoetrope

@Suite("GIF encoder")
struct GIFEncoderTests {
    /// A `width`×`height` image of `colors` distinct colours, with transparent pixels where `hole` says.
    private func picture(width: Int, height: Int, colors: Int, seed: UInt64, hole: (Int, Int) -> Bool = { _, _ in false }) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        var generator = SplitMix64(seed: seed)
        for y in 0..<height {
            for x in 0..<width {
                let color = Int.random(in: 0..<colors, using: &generator)
                image[x, y] = hole(x, y) ? (9, 9, 9, 0)
                    : (UInt8(color & 0xFF), UInt8(color >> 8 & 0xFF), UInt8(truncatingIfNeeded: color &* 7), 255)
            }
        }
        return image
    }

    @Test("RGBA frames with at most 256 colours round-trip exactly, transparency included")
    func exactRoundTrip() throws {
        let frames = (0..<4).map { number in
            picture(width: 20, height: 15, colors: 60, seed: UInt64(number)) { x, y in (x + y + number) % 5 == 0 }
        }
        let delays: [Duration] = [.milliseconds(40), .milliseconds(100), .milliseconds(1000), .milliseconds(5)]
        let bytes = try GIFEncoder.encode(frames: frames, durations: delays, playCount: .infinite)
        let image = try AnimatedImage(bytes: bytes)
        #expect(image.frameCount == 4 && image.playCount == .infinite)
        #expect(image.frames.map(\.storedDuration) == [.milliseconds(40), .milliseconds(100), .milliseconds(1000), .milliseconds(10)])
        for index in 0..<4 {
            #expect(try image.frame(at: index) == GIFFixtures.canonical(frames[index]), "frame \(index)")
        }
        #expect(image.warnings.isEmpty)
    }

    @Test("frames that together exceed 256 colours get exact local palettes when each fits")
    func localPalettes() throws {
        let frames = (0..<3).map { picture(width: 16, height: 16, colors: 200, seed: 100 + UInt64($0)) }
        let bytes = try GIFEncoder.encode(frames: frames, durations: [.milliseconds(50)], playCount: .finite(1))
        let image = try AnimatedImage(bytes: bytes)
        #expect(image.storedLoopCount == nil && image.playCount == .finite(1))
        for index in 0..<3 { #expect(try image.frame(at: index) == frames[index]) }
    }

    @Test("a frame with more than 256 colours is quantized to the nearest colour cube entry")
    func quantization() throws {
        let frame = picture(width: 40, height: 40, colors: 5000, seed: 5)
        let decoded = try AnimatedImage(bytes: GIFEncoder.encode(frames: [frame], durations: [.milliseconds(100)], playCount: .finite(1))).frame(at: 0)
        var worst = 0
        for (original, result) in zip(frame.pixels, decoded.pixels) { worst = max(worst, abs(Int(original) - Int(result))) }
        #expect(worst <= 26, "6 levels of red/blue are 51 apart: at most about half of that off")
        #expect(decoded.isOpaque)
    }

    @Test("partially transparent pixels become transparent below alpha 128 and opaque from 128")
    func alphaThreshold() throws {
        var frame = RGBAImage(width: 2, height: 1)
        frame[0, 0] = (200, 10, 10, 127)
        frame[1, 0] = (10, 200, 10, 128)
        let decoded = try AnimatedImage(bytes: GIFEncoder.encode(frames: [frame], durations: [.milliseconds(100)], playCount: .finite(2))).frame(at: 0)
        #expect(decoded[0, 0].a == 0)
        #expect(decoded[1, 0] == (10, 200, 10, 255))
    }

    @Test("invalid input is refused with an error")
    func invalidInput() {
        let small = RGBAImage(width: 2, height: 2), other = RGBAImage(width: 3, height: 2)
        #expect(throws: ZoetropeError.self) { try GIFEncoder.encode(frames: [], durations: [], playCount: .finite(1)) }
        #expect(throws: ZoetropeError.self) { try GIFEncoder.encode(frames: [small, other], durations: [.zero], playCount: .finite(1)) }
        #expect(throws: ZoetropeError.self) { try GIFEncoder.encode(frames: [small, small], durations: [.zero, .zero, .zero], playCount: .finite(1)) }
        let palette = GIFFixtures.palette(4)
        let wrongCount = GIFEncoder.IndexedFrame(rect: PixelRect(x: 0, y: 0, width: 2, height: 2), indices: [0, 1, 2])
        #expect(throws: ZoetropeError.self) {
            try GIFEncoder.encode(GIFEncoder.IndexedImage(canvasSize: PixelSize(width: 2, height: 2), globalColorTable: palette, frames: [wrongCount]))
        }
        let tooLarge = GIFEncoder.IndexedFrame(rect: PixelRect(x: 0, y: 0, width: 1, height: 1), indices: [9],
                                               lzw: GIFEncoder.LZWOptions(minimumCodeSize: 2))
        #expect(throws: ZoetropeError.self) {
            try GIFEncoder.encode(GIFEncoder.IndexedImage(canvasSize: PixelSize(width: 1, height: 1), globalColorTable: palette, frames: [tooLarge]))
        }
        #expect(throws: ZoetropeError.self) {
            try GIFEncoder.encode(GIFEncoder.IndexedImage(canvasSize: PixelSize(width: 70000, height: 1), frames: []))
        }
    }

    @Test("the indexed writer stores exactly what it is given")
    func indexedFields() throws {
        let frame = GIFEncoder.IndexedFrame(rect: PixelRect(x: 3, y: 4, width: 2, height: 1), indices: [1, 0],
                                            localColorTable: GIFFixtures.palette(3), disposal: 6, transparentIndex: 0,
                                            delayCentiseconds: 12, isInterlaced: true)
        let bytes = try GIFEncoder.encode(GIFEncoder.IndexedImage(canvasSize: PixelSize(width: 9, height: 9), loopCount: 7,
                                                                  loopExtension: .animexts, frames: [frame]))
        #expect(Array(bytes[0..<6]) == Array("GIF89a".utf8))
        let image = try AnimatedImage(bytes: bytes)
        #expect(image.storedLoopCount == 7)
        let info = image.frames[0]
        #expect(info.rect == PixelRect(x: 3, y: 4, width: 2, height: 1) && info.storedDisposal == 6 && info.hasTransparency)
        #expect(info.storedDuration == .milliseconds(120) && info.isInterlaced)
        let canvas = try image.frame(at: 0)
        let color = GIFFixtures.palette(3)[1]
        #expect(canvas[3, 4] == (color.red, color.green, color.blue, 255) && canvas[4, 4].a == 0)
    }
}

@Suite("Sample animation")
struct SampleAnimationTests {
    @Test("the sample animation is a looping 96×96 zoetrope of distinct frames with transparency")
    func frames() throws {
        let frames = SampleAnimation.frames()
        #expect(frames.count == SampleAnimation.frameCount && frames.count >= 12)
        #expect(frames.allSatisfy { $0.size == SampleAnimation.size })
        #expect(Set(frames).count == frames.count, "every frame differs: the drum turns and the ball moves")
        #expect(frames.allSatisfy { !$0.isOpaque && $0.pixels.contains { $0 != 0 } })
        var colors = Set<[UInt8]>()
        for frame in frames {
            for index in stride(from: 0, to: frame.pixels.count, by: 4) { colors.insert(Array(frame.pixels[index..<index + 4])) }
        }
        #expect(colors.count <= 256)
        #expect(SampleAnimation.frames() == frames, "drawing is deterministic")
    }

    @Test("the sample GIF decodes to exactly the drawn frames and loops forever")
    func gif() throws {
        let image = try AnimatedImage(bytes: SampleAnimation.gif())
        let frames = SampleAnimation.frames()
        #expect(image.frameCount == frames.count && image.canvasSize == SampleAnimation.size)
        #expect(image.playCount == .infinite && image.storedLoopCount == 0)
        #expect(image.frames.allSatisfy { $0.duration == SampleAnimation.frameDuration })
        #expect(try GIFFixtures.sequentialFrames(image) == frames.map(GIFFixtures.canonical))
    }
}
