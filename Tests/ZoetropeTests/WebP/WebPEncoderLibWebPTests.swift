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
        let frames = APNGTests.animation(width: 30, height: 22, frames: 6, rng: &rng)
        let bytes = try WebPEncoder.encode(frames: frames, durations: Array(repeating: .milliseconds(30), count: 6),
                                           playCount: .infinite)
        var planner = WebPFramePlanner()
        var pieces = frames.compactMap { planner.add($0) }
        pieces += [planner.finish()].compactMap { $0 }
        #expect(pieces.count == frames.count)
        for (index, piece) in pieces.enumerated() {
            let still = try #require(try LibWebPTools.frame(index + 1, of: bytes), "webpmux frame \(index + 1)")
            let reference = try #require(try LibWebPTools.decode(still))
            #expect(reference.width == piece.rect.width && reference.height == piece.rect.height)
            #expect(reference.pixels == piece.image.pixels, "frame \(index)")
        }
    }
}
