import Foundation
import Testing
@testable import Zoetrope

/// Conformance against every PNG and APNG entry of the shared corpus manifest.
@Suite("PNG corpus conformance", .enabled(if: Corpus.isConfigured, Corpus.skipMessage), .timeLimit(.minutes(30)))
struct PNGCorpusTests {
    static func entries(_ expectations: Set<String>) throws -> [Corpus.Entry] {
        try Corpus.entries().filter { ($0.format == "png" || $0.format == "apng") && expectations.contains($0.expect) }
    }

    /// All frames of `bytes`, composited, or the first error.
    static func decodeAll(_ bytes: [UInt8]) throws -> (image: AnimatedImage, frames: [RGBAImage]) {
        let image = try AnimatedImage(bytes: bytes)
        var frames: [RGBAImage] = []
        try image.forEachFrame { _, frame in frames.append(frame) }
        return (image, frames)
    }

    @Test("every PNG and APNG in the manifest meets its expectation, and every one is visited")
    func conformance() async throws {
        let tally = try await CorpusRunner.run(formats: ["png", "apng"], name: "PNG/APNG")
        #expect(tally.visited["decode", default: 0] >= 260 && tally.referenceFrames > 0)
    }

    @Test("re-encoding every valid file (as zoetrope convert does) gives back the same frames")
    func reencodeRoundTrip() async throws {
        for entry in try Self.entries(["decode"]) where entry.category != "perf" {
            await Task.yield() // see CorpusRunner: long loops yield the cooperative pool
            let (image, frames) = try Self.decodeAll(Corpus.bytes(entry))
            let durations = (0..<image.frameCount).map { image.duration(at: $0) }
            let bytes = frames.count == 1 ? PNGEncoder.encode(frames[0], level: 1)
                : try APNGEncoder.encode(frames: frames, durations: durations, playCount: image.playCount, level: 1)
            let (again, againFrames) = try Self.decodeAll(bytes)
            #expect(againFrames == frames, "\(entry.path)")
            guard frames.count > 1 else { continue } // a single frame is written as a plain PNG
            #expect(again.playCount == image.playCount, "\(entry.path)")
            #expect((0..<again.frameCount).map { again.duration(at: $0) } == durations, "\(entry.path)")
        }
    }
}
