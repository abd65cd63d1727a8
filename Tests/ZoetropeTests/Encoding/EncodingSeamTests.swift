import Testing
@testable import Zoetrope

/// The rules every encoder shares (``EncodingRules``, ``PlayCountRule``), the decoder canvas the
/// frame planners simulate (``DecoderCanvas``), and the registry's encoder entries.
@Suite("Encoding seam")
struct EncodingSeamTests {
    static let rules: [(String, EncodingRules, LoopCountRule)] = [("GIF", .gif, .repetitions), ("APNG", .apng, .plays),
                                                                  ("WebP", .webp, .plays)]

    @Test("each format's play-count rule is the inverse of its decoders' loop-count rule, up to its maximum")
    func playCountsRoundTrip() throws {
        for (name, rules, decoding) in Self.rules {
            #expect(rules.playCounts.storage == decoding, "\(name)")
            let maximum = rules.playCounts.maximumPlays
            for playCount in [PlayCount.infinite, .finite(1), .finite(2), .finite(3), .finite(maximum - 1), .finite(maximum)] {
                let stored = try rules.playCounts.stored(playCount, format: rules.format)
                #expect(decoding.playCount(stored: stored) == playCount, "\(name) \(playCount)")
            }
            for refused in [0, -1, maximum + 1] {
                #expect(throws: ZoetropeError.self, "\(name) \(refused)") {
                    try rules.playCounts.stored(.finite(refused), format: rules.format)
                }
                #expect(rules.playCounts.nearest(.finite(refused)) == .finite(refused < 1 ? 1 : maximum))
            }
        }
        #expect(PlayCountRule.gif.maximumPlays == 65_536 && PlayCountRule.webp.maximumPlays == 65_535
                && PlayCountRule.apng.maximumPlays == Int(Int32.max))
        #expect(try PlayCountRule.gif.stored(.finite(1), format: .gif) == nil)
    }

    @Test("every encoder takes one duration per frame or one for all, and refuses other counts and negative ones")
    func durations() throws {
        let frames = [EncoderSamples.pattern(width: 6, height: 4), RGBAImage(width: 6, height: 4)]
        for encoder in ImageEncoder.registered {
            func encode(_ durations: [Duration]) throws -> [UInt8] {
                var bytes: [UInt8] = []
                try encoder.encode(FrameArray(frames: frames), durations: durations, playCount: .infinite) { bytes += $0 }
                return bytes
            }
            let shared = try encode([.milliseconds(70)])
            #expect(shared == (try encode([.milliseconds(70), .milliseconds(70)])), "\(encoder.name)")
            let image = try AnimatedImage(bytes: shared, options: DecodingOptions(timing: .raw))
            #expect((0..<2).map { image.duration(at: $0) } == [.milliseconds(70), .milliseconds(70)], "\(encoder.name)")
            for bad: [Duration] in [[], [.zero, .zero, .zero], [.zero, .milliseconds(-10)]] {
                #expect(throws: ZoetropeError.self, "\(encoder.name) \(bad)") { try encode(bad) }
            }
        }
    }

    @Test("the rules refuse empty sources and canvases the format cannot store")
    func frames() {
        for (name, rules, _) in Self.rules {
            #expect(throws: ZoetropeError.self, "\(name)") {
                try rules.check(FrameArray(frames: []), durations: [.zero], playCount: .infinite)
            }
            #expect(throws: ZoetropeError.self, "\(name)") {
                try rules.check(FrameArray(frames: [RGBAImage(width: 0, height: 3)]), durations: [.zero], playCount: .infinite)
            }
            #expect(throws: ZoetropeError.self, "\(name)") { try rules.checkCanvas(PixelSize(width: rules.maximumDimension + 1, height: 1)) }
        }
        #expect(throws: ZoetropeError.self) { try WebPEncoder.encode(RGBAImage(width: 16_385, height: 1)) }
    }

    @Test("the decoder canvas keeps, clears or restores as each disposal says")
    func decoderCanvas() {
        var canvas = DecoderCanvas(size: PixelSize(width: 4, height: 3), restoresPrevious: true)
        #expect(canvas.distinctDisposals([.none, .background, .previous]) == [.none])
        let first = EncoderSamples.pattern(width: 4, height: 3)
        canvas.draw(in: PixelRect(x: 0, y: 0, width: 4, height: 3), on: canvas.shows, leaving: first)
        // After one frame, PREVIOUS acts as BACKGROUND, so it is not a choice of its own.
        #expect(canvas.distinctDisposals([.none, .background, .previous]) == [.none, .background])
        #expect(canvas.canvas(after: .previous) == RGBAImage(width: 4, height: 3))
        var second = first
        second[1, 1] = (9, 9, 9, 255)
        canvas.draw(in: PixelRect(x: 1, y: 1, width: 2, height: 1), on: first, leaving: second)
        #expect(canvas.canvas(after: .none) == second)
        #expect(canvas.canvas(after: .previous) == first)
        var cleared = second
        cleared[1, 1] = (0, 0, 0, 0)
        cleared[2, 1] = (0, 0, 0, 0)
        #expect(canvas.canvas(after: .background) == cleared)
        var withoutPrevious = DecoderCanvas(size: PixelSize(width: 4, height: 3))
        withoutPrevious.draw(in: PixelRect(x: 0, y: 0, width: 4, height: 3), after: .none) { $0 = first }
        withoutPrevious.draw(in: PixelRect(x: 0, y: 0, width: 1, height: 1), after: .none) { $0[0, 0] = (1, 1, 1, 255) }
        #expect(withoutPrevious.distinctDisposals([.none, .background, .previous]) == [.none, .background])
        #expect(withoutPrevious.shows[0, 0] == (1, 1, 1, 255))
    }

    @Test("bounding finds the rectangle a full scan finds, for sparse and dense pixel sets")
    func boundingRectangle() {
        var rng = SplitMix64(seed: 11)
        for density in [0, 1, 5, 50, 95, 100] {
            for _ in 0..<20 {
                let width = 1 + Int(rng.next() % 13), height = 1 + Int(rng.next() % 9)
                let included = (0..<width * height).map { _ in Int(rng.next() % 100) < density }
                var expected: PixelRect?
                for y in 0..<height {
                    for x in 0..<width where included[y * width + x] {
                        let pixel = PixelRect(x: x, y: y, width: 1, height: 1)
                        expected = expected.map { $0.union(pixel) } ?? pixel
                    }
                }
                #expect(PixelRect.bounding(width: width, height: height) { included[$0] } == expected)
            }
        }
    }

    @Test("changedRect, cropped and clear, against a direct scan")
    func canvasDifference() {
        var rng = SplitMix64(seed: 5)
        for _ in 0..<50 {
            let width = 1 + Int(rng.next() % 9), height = 1 + Int(rng.next() % 7)
            let base = EncoderSamples.pattern(width: width, height: height)
            var target = base
            for _ in 0..<Int(rng.next() % 4) {
                target[Int(rng.next() % UInt64(width)), Int(rng.next() % UInt64(height))] = (7, 7, 7, UInt8(rng.next() % 256))
            }
            var changed: [(Int, Int)] = []
            for y in 0..<height { for x in 0..<width where base[x, y] != target[x, y] { changed.append((x, y)) } }
            let expected = changed.isEmpty ? nil : PixelRect(
                x: changed.map(\.0).min()!, y: changed.map(\.1).min()!,
                width: changed.map(\.0).max()! - changed.map(\.0).min()! + 1, height: changed.map(\.1).max()! - changed.map(\.1).min()! + 1)
            #expect(base.changedRect(to: target) == expected)
            let rect = PixelRect(x: width / 3, y: height / 3, width: width - width / 3, height: height - height / 3)
            let crop = target.cropped(to: rect)
            var cleared = target
            cleared.clear(rect)
            for y in 0..<height {
                for x in 0..<width {
                    let inside = rect.contains(PixelRect(x: x, y: y, width: 1, height: 1))
                    if inside { #expect(crop[x - rect.x, y - rect.y] == target[x, y]) }
                    let wanted: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) = inside ? (0, 0, 0, 0) : target[x, y]
                    #expect(cleared[x, y] == wanted)
                }
            }
        }
    }

    @Test("the registry lists each encoder once, with the names, extensions and settings the command offers")
    func registry() throws {
        #expect(ImageEncoder.registered.map(\.name) == ["GIF", "PNG", "WebP"])
        #expect(ImageEncoder.formatNames == ["gif", "png", "apng", "webp"])
        #expect(ImageEncoder.fileExtensions == ["gif", "png", "apng", "webp"])
        #expect(ImageEncoder.named("APNG")?.name == "PNG" && ImageEncoder.forFileExtension("WEBP")?.name == "WebP")
        #expect(ImageEncoder.readers(of: "level").map(\.name) == ["PNG", "WebP"])
        #expect(ImageEncoder.readers(of: "lossy").map(\.name) == ["GIF"])
        let webp = try #require(ImageEncoder.named("webp"))
        #expect(throws: ZoetropeError.self) { try webp.check(EncoderSettings(["lossy": "60"])) }
        #expect(throws: ZoetropeError.self) { try webp.check(EncoderSettings(["level": "10"])) }
        let gif = try #require(ImageEncoder.named("gif"))
        #expect(throws: ZoetropeError.self) { try gif.check(EncoderSettings(["dither": "random"])) }
        #expect(try GIFEncoder.Options(EncoderSettings(["colors": "16", "dither": "ordered", "palette": "frame", "lossy": "30"]))
                == GIFEncoder.Options(maximumColors: 16, dither: .ordered, palette: .perFrame, lossy: 30))
        #expect(ImageEncoder.named("png")?.passes(1) == 1 && ImageEncoder.named("png")?.passes(3) == 2)
    }

    @Test("a play count beyond the format's maximum is stored as the maximum through the registry")
    func nearestPlayCount() throws {
        let frames = [RGBAImage(width: 2, height: 2), EncoderSamples.pattern(width: 2, height: 2)]
        let webp = try #require(ImageEncoder.named("webp"))
        var bytes: [UInt8] = []
        try webp.encode(FrameArray(frames: frames), durations: [.milliseconds(10)], playCount: .finite(65_536)) { bytes += $0 }
        #expect(try AnimatedImage(bytes: bytes).playCount == .finite(65_535))
        #expect(throws: ZoetropeError.self) {
            try WebPEncoder.encode(frames: frames, durations: [.milliseconds(10)], playCount: .finite(65_536))
        }
    }
}
