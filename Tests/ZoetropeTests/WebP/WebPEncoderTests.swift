import Testing
@testable import Zoetrope

@Suite("WebP lossless encoding")
struct WebPEncoderTests {
    /// Test images of the kinds the encoder's transforms target.
    enum Kind: CaseIterable {
        case gradient, noise, fewColors, manyColors, translucent, stripes
    }

    static func image(_ kind: Kind, width: Int, height: Int, seed: UInt64) -> RGBAImage {
        var rng = SplitMix64(seed: seed)
        var image = RGBAImage(width: width, height: height)
        let palette: [(UInt8, UInt8, UInt8, UInt8)] = (0..<(kind == .fewColors ? 11 : 200)).map { _ in
            (UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng),
             UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng) | 0x80)
        }
        for y in 0..<height {
            for x in 0..<width {
                switch kind {
                case .gradient:
                    image[x, y] = (UInt8(truncatingIfNeeded: x * 3), UInt8(truncatingIfNeeded: y * 2),
                                   UInt8(truncatingIfNeeded: x + y), 255)
                case .noise:
                    let value = rng.next()
                    image[x, y] = (UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8),
                                   UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 24))
                case .fewColors, .manyColors:
                    let index = (x / 3 + y / 2 + Int(rng.next() % 3)) % palette.count
                    image[x, y] = palette[index]
                case .translucent:
                    image[x, y] = (UInt8(truncatingIfNeeded: x * 7), 90, UInt8(truncatingIfNeeded: y * 5),
                                   UInt8(truncatingIfNeeded: (x ^ y) * 9))
                case .stripes:
                    image[x, y] = x % 4 < 2 ? (255, 255, 255, 255) : (0, 0, 0, 0)
                }
            }
        }
        return image
    }

    static func decodeStill(_ bytes: [UInt8]) throws -> RGBAImage {
        let decoded = try AnimatedImage(bytes: bytes)
        #expect(decoded.format == .webp)
        #expect(decoded.frameCount == 1)
        return try decoded.frame(at: 0)
    }

    @Test("generated images of every kind and many sizes decode back exactly", arguments: Kind.allCases)
    func stillRoundTrip(kind: Kind) throws {
        for (index, size) in [(1, 1), (2, 1), (1, 5), (7, 3), (33, 17), (64, 64), (131, 45)].enumerated() {
            let source = Self.image(kind, width: size.0, height: size.1, seed: UInt64(index))
            for level in [0, 5, 6, 9] {
                let bytes = try WebPEncoder.encode(source, level: level)
                #expect(try Self.decodeStill(bytes) == source, "\(kind) \(size) level \(level)")
            }
        }
    }

    @Test("on a smooth gradient, predictor modes chosen by entropy code smaller than by residual size, exactly")
    func entropyModes() throws {
        // A 256×64 ramp whose steps are uneven (x·255/256): small residuals everywhere, but only
        // some modes make them the same from pixel to pixel.
        var image = RGBAImage(width: 256, height: 64)
        for y in 0..<64 { for x in 0..<256 { image[x, y] = (UInt8(x * 255 / 256), UInt8(y * 255 / 256), UInt8((x + y) % 256), 255) } }
        let settings = VP8LEncoderSettings(level: 6)
        let bySize = VP8LEncoder.encode(image, settings: settings, plans: [.spatial])
        let byEntropy = VP8LEncoder.encode(image, settings: settings,
                                           plans: [.spatial(subtractGreen: true, crossColor: true, modesByEntropy: true)])
        #expect(byEntropy.count * 10 < bySize.count * 9, "by entropy \(byEntropy.count) bytes, by size \(bySize.count)")
        let body = WebPFileWriter.chunk(RIFFChunk.vp8l, byEntropy)
        #expect(try Self.decodeStill(WebPFileWriter.riffHeader(bodySize: body.count) + body) == image)
    }

    @Test("the optimal parse, priced with the colour cache, keeps repeats and cached colours exact; level 5 stays near 6")
    func optimalParseLevels() throws {
        // Runs of one colour, rows repeated with a shift, and literals from a small set of colours
        // that the cache holds: every kind of step the parse can take.
        var rng = SplitMix64(seed: 11)
        var image = RGBAImage(width: 160, height: 96)
        let colors: [(UInt8, UInt8, UInt8)] = (0 ..< 40).map { (index: Int) -> (UInt8, UInt8, UInt8) in
            let red = UInt8(index * 6), green = UInt8(255 - index * 5), blue = UInt8(index * index % 256)
            return (red, green, blue)
        }
        for y in 0 ..< 96 {
            for x in 0 ..< 160 {
                let pick = y % 3 == 2 ? (x + y / 3) % 40 : x < 40 ? 7 : Int(rng.next() % 40)
                image[x, y] = (colors[pick].0, colors[pick].1, colors[pick].2, 255)
            }
        }
        let sizes = try [4, 5, 6].map { level in
            let bytes = try WebPEncoder.encode(image, level: level)
            #expect(try Self.decodeStill(bytes) == image, "level \(level)")
            return bytes.count
        }
        #expect(sizes[1] < sizes[0] && sizes[1] * 100 <= sizes[2] * 103, "levels 4, 5, 6: \(sizes) bytes")
    }

    @Test("the histograms of every colour cache size, taken in one sweep, are those of the streams each cache makes")
    func cacheHistogramsInOneSweep() {
        var rng = SplitMix64(seed: 35)
        let colors = (0..<40).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
        let width = 64
        var pixels = [UInt32](repeating: 0, count: width * 40)
        for index in pixels.indices {
            let choice = rng.next() % 8
            pixels[index] = choice < 3 && index >= width ? pixels[index - width]
                : choice < 5 && index > 0 ? pixels[index - 1] : colors[Int(rng.next() % 40)]
        }
        let tokens = VP8LMatchFinder.tokens(pixels, width: width, settings: VP8LMatchFinder.Settings(chainLength: 8, isLazy: true))
        let candidates = [0, 1, 3, 5, 8, 10]
        let swept = VP8LColorCacheEncoder.histograms(bits: candidates, of: tokens, pixels: pixels)
        for (bits, histogram) in zip(candidates, swept) {
            let expected = VP8LHistogram(VP8LColorCacheEncoder.apply(bits: bits, to: tokens, pixels: pixels), cacheBits: bits)
            #expect(histogram.green == expected.green, "cache bits \(bits)")
            #expect(histogram.red == expected.red && histogram.blue == expected.blue && histogram.alpha == expected.alpha)
            #expect(histogram.distance == expected.distance && histogram.extraBits == expected.extraBits)
        }
        let cacheStart = VP8LPrefixCodeSet.literalCount + VP8LPrefixCodeSet.lengthPrefixCount
        #expect(swept[4].green.dropFirst(cacheStart).contains { $0 > 0 })
    }

    @Test("a flat image compresses to a few bytes")
    func flatImage() throws {
        var image = RGBAImage(width: 300, height: 200)
        for y in 0..<200 { for x in 0..<300 { image[x, y] = (12, 34, 56, 255) } }
        let bytes = try WebPEncoder.encode(image)
        #expect(bytes.count < 80)
        #expect(try Self.decodeStill(bytes) == image)
    }

    @Test("empty and oversized images are refused with a typed error")
    func invalidSizes() throws {
        for size in [(0, 1), (1, 0), (16385, 1), (1, 16385)] {
            let error = try #require(throws: ZoetropeError.self) {
                try WebPEncoder.encode(RGBAImage(width: size.0, height: size.1))
            }
            #expect(error.kind == .invalidArgument)
        }
        let frame = RGBAImage(width: 2, height: 2)
        #expect(throws: ZoetropeError.self) { try WebPEncoder.encode(frames: [], durations: [], playCount: .infinite) }
        #expect(throws: ZoetropeError.self) {
            try WebPEncoder.encode(frames: [frame, RGBAImage(width: 3, height: 2)], durations: [.zero, .zero], playCount: .infinite)
        }
        #expect(throws: ZoetropeError.self) { try WebPEncoder.encode(frames: [frame], durations: [], playCount: .infinite) }
        #expect(throws: ZoetropeError.self) {
            try WebPEncoder.encode(frames: [frame, frame], durations: [.zero, .zero], playCount: .finite(70_000))
        }
    }

    @Test("regions with different statistics get their own prefix codes (entropy image), exactly")
    func entropyImage() throws {
        let image = Self.twoRegions()
        let settings = VP8LEncoderSettings(level: 6)
        var single = settings
        single.entropy.entropyImageBits = []
        var sizes: [Int] = []
        for options in [settings, single] {
            let payload = VP8LEncoder.encode(image, settings: options)
            let body = WebPFileWriter.chunk(RIFFChunk.vp8l, payload)
            #expect(try Self.decodeStill(WebPFileWriter.riffHeader(bodySize: body.count) + body) == image)
            sizes.append(payload.count)
        }
        #expect(sizes[0] < sizes[1])
    }

    /// Noise in two halves with different colours: one set of prefix codes fits neither well.
    static func twoRegions() -> RGBAImage {
        var rng = SplitMix64(seed: 5)
        var image = RGBAImage(width: 128, height: 96)
        for y in 0..<96 {
            for x in 0..<128 {
                let noise = UInt8(truncatingIfNeeded: rng.next() & 0x3f)
                image[x, y] = x < 64 ? (noise &+ 100, 10, 200, 255) : (20, noise, 30 &+ noise / 4, 255)
            }
        }
        return image
    }

    @Test("the widest image VP8L allows is written")
    func widestImage() throws {
        var image = RGBAImage(width: 16384, height: 1)
        for x in 0..<16384 { image[x, 0] = (UInt8(truncatingIfNeeded: x), UInt8(truncatingIfNeeded: x >> 8), 0, 255) }
        #expect(try Self.decodeStill(try WebPEncoder.encode(image, level: 1)) == image)
    }
}
