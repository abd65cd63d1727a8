import Testing
@testable import Zoetrope

/// Frames that reach outside the canvas are decoded only where they are visible. The expected
/// pixels come from the unclipped path: the same frames on a canvas large enough to hold them,
/// cropped to the small canvas.
@Suite("GIF frames clipped by the canvas")
struct GIFClippingTests {
    private let palette = GIFFixtures.palette(16)

    private func file(canvas: PixelSize, frames: [GIFEncoder.IndexedFrame]) throws -> [UInt8] {
        try GIFEncoder.encode(GIFEncoder.IndexedImage(canvasSize: canvas, globalColorTable: palette, frames: frames))
    }

    private func crop(_ image: RGBAImage, to size: PixelSize) -> RGBAImage {
        var out = RGBAImage(width: size.width, height: size.height)
        for y in 0..<size.height {
            for x in 0..<size.width {
                for channel in 0..<4 { out[byte: (y * size.width + x) * 4 + channel] = image.pixels[(y * image.width + x) * 4 + channel] }
            }
        }
        return out
    }

    private func randomFrames(seed: UInt64, count: Int, limit: PixelSize) -> [GIFEncoder.IndexedFrame] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { number in
            let width = Int.random(in: 1...limit.width, using: &random)
            let height = Int.random(in: 1...limit.height, using: &random)
            let rect = PixelRect(x: Int.random(in: 0...limit.width / 2, using: &random),
                                 y: Int.random(in: 0...limit.height / 2, using: &random), width: width, height: height)
            // Few colours make long LZW strings that cross rows and the visible edge.
            let indices = GIFFixtures.randomIndices(width * height, below: 3, seed: seed &+ UInt64(number))
            return GIFEncoder.IndexedFrame(rect: rect, indices: indices, disposal: Int.random(in: 0...3, using: &random),
                                           transparentIndex: number % 2 == 0 ? 1 : nil,
                                           isInterlaced: Bool.random(using: &random))
        }
    }

    @Test("clipped frames composite exactly as the unclipped decoder's pixels, cropped", arguments: 0..<12)
    func matchesUnclipped(seed: Int) throws {
        let small = PixelSize(width: 9 + seed % 5, height: 7 + seed % 3)
        let frames = randomFrames(seed: UInt64(seed) &* 7919, count: 6, limit: PixelSize(width: 40, height: 30))
        let large = PixelSize(width: 80, height: 60)
        let clipped = try AnimatedImage(bytes: try file(canvas: small, frames: frames))
        let full = try AnimatedImage(bytes: try file(canvas: large, frames: frames))
        var compared = 0
        // Disposal 2 and 3 act on the clipped rectangle only, so the small canvas matches the crop.
        try full.forEachFrame { index, frame in
            let actual = try clipped.frame(at: index)
            #expect(actual == crop(frame, to: small), "frame \(index)")
            compared += 1
        }
        #expect(compared == frames.count)
    }

    @Test("a frame far larger than its 1×1 canvas decodes to the visible pixel only")
    func hugeFrameCostsTheCanvas() throws {
        // A 1×1 frame (one literal, then the end code), whose descriptor is then made to declare
        // 9000×9000: 81 million pixels, of which the canvas shows one.
        let frame = GIFEncoder.IndexedFrame(rect: PixelRect(x: 0, y: 0, width: 1, height: 1), indices: [2],
                                            isInterlaced: true)
        var bytes = try file(canvas: PixelSize(width: 1, height: 1), frames: [frame])
        let descriptor = try #require((13 + 48..<bytes.count).first { bytes[$0] == 0x2C })
        for offset in [5, 7] {
            bytes[descriptor + offset] = UInt8(9_000 & 0xFF)
            bytes[descriptor + offset + 1] = UInt8(9_000 >> 8)
        }
        let container = try GIFContainer(bytes: bytes, options: .default)
        #expect(container.table.frames[0].rect == PixelRect(x: 0, y: 0, width: 9_000, height: 9_000))
        let decoded = try container.decodeFrame(at: 0)
        #expect(decoded.image.width == 1 && decoded.image.height == 1)
        #expect(decoded.rect == PixelRect(x: 0, y: 0, width: 1, height: 1))
        #expect(decoded.damage?.message == "frame 0: image data ends after 1 of 81000000 pixels")
        let pixel = try AnimatedImage(bytes: bytes).frame(at: 0)
        #expect(Array(pixel.pixels) == [palette[2].red, palette[2].green, palette[2].blue, 255])
    }

    @Test("damage in a clipped frame is reported as the unclipped decoder reports it")
    func damageMatches() throws {
        let frame = GIFEncoder.IndexedFrame(rect: PixelRect(x: 2, y: 1, width: 30, height: 20),
                                            indices: GIFFixtures.randomIndices(600, below: 16, seed: 5))
        var messages: [String] = []
        for canvas in [PixelSize(width: 10, height: 8), PixelSize(width: 40, height: 30)] {
            var bytes = try file(canvas: canvas, frames: [frame])
            // Cut the image data short: keep the header, table and the first 40 data bytes.
            let dataStart = 13 + 48 + 10 + 1
            bytes = Array(bytes[..<(dataStart + 41)]) + [0, 0x3B]
            bytes[dataStart] = 40
            let decoded = try GIFContainer(bytes: bytes, options: .default).decodeFrame(at: 0)
            let damage = try #require(decoded.damage)
            #expect(damage.kind == .truncated)
            #expect(damage.message.hasPrefix("frame 0: the image data runs out after"))
            messages.append(damage.message + " @\(damage.offset ?? -1)")
            if canvas.width == 40 { #expect(decoded.rect == nil) } else { #expect(decoded.rect != nil) }
        }
        #expect(messages[0] == messages[1])
    }
}
