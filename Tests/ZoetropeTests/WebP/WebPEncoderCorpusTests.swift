import Testing
import Zoetrope

@Suite("WebP encoder on the corpus", .timeLimit(.minutes(30)))
struct WebPEncoderCorpusTests {
    /// Pixels re-encoded per entry at most, so that the suite stays within seconds in debug builds
    /// while every decodable file is visited: long animations contribute their first frames, and
    /// frames larger than this their top-left corner (at most 256 pixels wide). The full-size
    /// files are measured by `scripts/webp-encode-size`.
    static let pixelBudget = 65_536

    /// The part of every frame the test encodes: the whole canvas when it fits the budget.
    static func window(_ size: PixelSize) -> PixelRect {
        guard size.area > pixelBudget else { return PixelRect(x: 0, y: 0, width: size.width, height: size.height) }
        let width = min(size.width, 256)
        return PixelRect(x: 0, y: 0, width: width, height: min(size.height, pixelBudget / width))
    }

    @Test("every decodable corpus image re-encoded as lossless WebP decodes to the same composited frames",
          .enabled(if: Corpus.isConfigured, Corpus.skipMessage))
    func corpusRoundTrip() async throws {
        let entries = try Corpus.entries().filter { $0.expect == "decode" }
        #expect(entries.count >= 400)
        var frameCount = 0
        for entry in entries {
            let image = try AnimatedImage(bytes: try Corpus.bytes(entry))
            let window = Self.window(image.canvasSize)
            let count = min(image.frameCount, max(1, Self.pixelBudget / max(1, window.area)))
            var frames: [RGBAImage] = []
            for index in 0 ..< count { frames.append(Self.crop(try image.frame(at: index), window)) }
            let durations = (0 ..< count).map { image.duration(at: $0) }
            let bytes = try WebPEncoder.encode(frames: frames, durations: durations, playCount: .infinite, level: 1)
            let decoded = try AnimatedImage(bytes: bytes)
            #expect(decoded.frameCount == count, "\(entry.path)")
            for index in 0 ..< min(count, decoded.frameCount) {
                #expect(try decoded.frame(at: index) == frames[index], "\(entry.path) frame \(index)")
            }
            frameCount += count
            await Task.yield() // other suites' real-clock tests share the two cooperative threads
        }
        #expect(frameCount >= entries.count)
    }

    static func crop(_ image: RGBAImage, _ rect: PixelRect) -> RGBAImage {
        guard rect.width != image.width || rect.height != image.height else { return image }
        var pixels: [UInt8] = []
        for y in rect.y ..< rect.maxY {
            let start = (y * image.width + rect.x) * 4
            pixels += image.pixels[start ..< start + rect.width * 4]
        }
        return RGBAImage(width: rect.width, height: rect.height, pixels: pixels)
    }
}
