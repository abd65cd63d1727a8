import Testing
@testable import Zoetrope

@Suite("GIF encoder corpus round trip", .enabled(if: Corpus.isConfigured, Corpus.skipMessage), .timeLimit(.minutes(30)))
struct GIFEncoderCorpusTests {
    /// Whether every frame has at most 256 colours (transparency counting as one when present).
    private static func fitsPerFrame(_ frames: [RGBAImage]) -> Bool {
        frames.allSatisfy { frame in
            var colors = Set<UInt32>()
            for pixel in 0..<frame.width * frame.height {
                colors.insert(frame[byte: pixel * 4 + 3] < 128 ? 0xFF00_0000 : GIFFrameMaker.rgb(frame, pixel))
                if colors.count > 256 { return false }
            }
            return true
        }
    }

    @Test("re-encoding corpus GIFs with at most 256 colours per frame gives back the same frames",
          arguments: [GIFEncoder.Options(), GIFEncoder.Options(palette: .perFrame), GIFEncoder.Options(dither: .errorDiffusion)])
    func exactRoundTrip(_ options: GIFEncoder.Options) async throws {
        var checked = 0
        for entry in try GIFCorpus.entries() where entry.expect == "decode" && entry.category != "perf" {
            await Task.yield()
            let image = try AnimatedImage(bytes: Corpus.bytes(entry))
            // Bounded work: the long and the huge files are covered by the decoder's suites.
            guard image.frameCount * image.canvasSize.width * image.canvasSize.height <= 4_000_000 else { continue }
            let frames = try GIFFixtures.sequentialFrames(image).map(GIFFixtures.canonical)
            guard Self.fitsPerFrame(frames) else { continue }
            let durations = (0..<image.frameCount).map { image.duration(at: $0) }
            let bytes = try GIFEncoder.encode(frames: frames, durations: durations, playCount: image.playCount, options: options)
            let again = try GIFFixtures.sequentialFrames(AnimatedImage(bytes: bytes)).map(GIFFixtures.canonical)
            #expect(again == frames, "\(entry.path)")
            checked += 1
        }
        #expect(checked >= 30, "only \(checked) corpus GIFs were re-encoded")
    }
}
