import Testing
@testable import Zoetrope

@Suite("WebP encoder output read by libwebp")
struct WebPEncoderLibWebPTests {
    /// Each plan that applies to `image`, by name.
    static func plans(_ image: RGBAImage) -> [(String, VP8LTransformPlan)] {
        var plans: [(String, VP8LTransformPlan)] = [("none", .none), ("spatial", .spatial),
                                                    ("spatial, modes by entropy", .spatial(subtractGreen: true, crossColor: true, modesByEntropy: true))]
        for (green, cross) in [(false, false), (true, false), (false, true)] {
            plans.append(("predictor, subtract-green \(green), cross-colour \(cross)", .spatial(subtractGreen: green, crossColor: cross)))
        }
        if let colors = VP8LPaletteEncoder.palette(of: VP8LEncoder.argbPixels(image)) { plans.append(("palette", .palette(colors))) }
        return plans
    }

    @Test("every transform plan decodes back exactly, with our decoder and with dwebp", LibWebPTools.requirement,
          arguments: WebPEncoderTests.Kind.allCases)
    func everyPlan(kind: WebPEncoderTests.Kind) throws {
        for (index, size) in [(1, 1), (3, 7), (40, 9), (97, 61)].enumerated() {
            let source = WebPEncoderTests.image(kind, width: size.0, height: size.1, seed: UInt64(100 + index))
            for (name, plan) in Self.plans(source) {
                let payload = VP8LEncoder.encode(source, settings: VP8LEncoderSettings(level: 6), plans: [plan])
                let body = WebPFileWriter.chunk(RIFFChunk.vp8l, payload)
                let file = WebPFileWriter.riffHeader(bodySize: body.count) + body
                #expect(try WebPEncoderTests.decodeStill(file) == source, "\(kind) \(size) \(name)")
                let reference = try #require(try LibWebPTools.decode(file), "dwebp rejected \(kind) \(size) \(name)")
                #expect(reference.pixels == source.pixels, "dwebp: \(kind) \(size) \(name)")
            }
        }
    }

    @Test("an image coded with several prefix code groups (an entropy image) decodes exactly with dwebp",
          LibWebPTools.requirement)
    func entropyImage() throws {
        let image = WebPEncoderTests.twoRegions()
        for level in [6, 9] {
            let reference = try #require(try LibWebPTools.decode(try WebPEncoder.encode(image, level: level)))
            #expect(reference.pixels == image.pixels, "level \(level)")
        }
    }

    @Test("webpmux reads every frame of an animation, and dwebp decodes each to the planned piece",
          LibWebPTools.requirement)
    func animationFrames() throws {
        var rng = SplitMix64(seed: 11)
        var background = RGBAImage(width: 40, height: 30)
        for y in 0..<30 { for x in 0..<40 { background[x, y] = (UInt8(x * 6), UInt8(y * 8), 90, 255) } }
        // A sprite over a gradient: blended pieces whose unchanged pixels are transparent.
        let sprite = (0..<4).map { step in
            var frame = background
            for y in 9..<17 { for x in 3 + 9 * step ..< 11 + 9 * step where (x + y) % 5 != 0 { frame[x, y] = (255, 0, 0, 255) } }
            return frame
        }
        for frames in [APNGTests.animation(width: 30, height: 22, frames: 6, rng: &rng), sprite] {
            let bytes = try WebPEncoder.encode(frames: frames, durations: Array(repeating: .milliseconds(30), count: frames.count),
                                               playCount: .infinite)
            var planner = WebPFramePlanner()
            var pieces = frames.compactMap { planner.add($0) }
            pieces += [planner.finish()].compactMap { $0 }
            #expect(pieces.count == frames.count)
            for (index, piece) in pieces.enumerated() {
                let still = try #require(try LibWebPTools.frame(index + 1, of: bytes), "webpmux frame \(index + 1)")
                let reference = try #require(try LibWebPTools.decode(still))
                #expect(reference.width == piece.rect.width && reference.height == piece.rect.height)
                // A blended piece's transparent pixels show the canvas: their colour is free (the
                // encoder codes them as predicted), only their alpha must be 0.
                #expect(Self.visible(reference.pixels, blends: piece.blends) == Self.visible(piece.blended.pixels, blends: piece.blends),
                        "frame \(index)")
            }
        }
        #expect(Self.visible([1, 2, 3, 0, 4, 5, 6, 255], blends: true) == [0, 0, 0, 0, 4, 5, 6, 255])
    }

    /// `pixels` with the colour of fully transparent pixels cleared when `blends` (where it is free).
    static func visible(_ pixels: [UInt8], blends: Bool) -> [UInt8] {
        guard blends else { return pixels }
        var result = pixels
        for index in stride(from: 0, to: result.count, by: 4) where result[index + 3] == 0 {
            result[index] = 0; result[index + 1] = 0; result[index + 2] = 0
        }
        return result
    }
}
