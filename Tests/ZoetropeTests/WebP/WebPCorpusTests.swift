import Testing
import Zoetrope

/// The corpus's WebP entries (webp/, perf/ and bad/): every one is checked against libwebp's
/// reference hashes or its `expect` contract.
enum WebPCorpus {
    /// The WebP entries; none when the corpus is not configured (the tests are then skipped), and an
    /// error, failing the test that asked, when the manifest cannot be read.
    static func entries() throws -> [Corpus.Entry] {
        guard Corpus.isConfigured else { return [] }
        return try Corpus.entries().filter { $0.format == "webp" }
    }

    /// Still lossy entries with hashes of libwebp's point-sampled (`-nofancy`) output.
    static func pointSampled() throws -> [Corpus.Entry] {
        try entries().filter { $0.expect == "decode" && $0.frames_sha256_nofancy != nil }
    }
}

@Suite("WebP corpus conformance", .timeLimit(.minutes(30)))
struct WebPCorpusTests {
    @Test("every WebP in the manifest meets its expectation, and every one is visited",
          .enabled(if: Corpus.isConfigured, Corpus.skipMessage))
    func conformance() async throws {
        let tally = try await CorpusRunner.run(formats: ["webp"], name: "WebP")
        #expect(tally.visited.values.reduce(0, +) >= 100 && tally.visited["decode", default: 0] >= 100)
        #expect(try WebPCorpus.pointSampled().count > 10)
    }

    @Test("still lossy files with point-sampled chroma match libwebp's -nofancy output",
          .enabled(if: Corpus.isConfigured, Corpus.skipMessage), arguments: try WebPCorpus.pointSampled())
    func pointSampledChroma(_ entry: Corpus.Entry) throws {
        var tally = CorpusTally()
        try CorpusChecks.checkDecode(entry, options: DecodingOptions(chromaUpsampling: .pointSampled),
                                     reference: entry.frames_sha256_nofancy, tally: &tally)
        #expect(tally.comparedFrames == entry.frame_count)
    }

    @Test("frame(at:) in reverse and shuffled order equals sequential decoding",
          .enabled(if: Corpus.isConfigured, Corpus.skipMessage), arguments: try CorpusChecks.animated(WebPCorpus.entries()))
    func randomAccess(_ entry: Corpus.Entry) throws {
        try CorpusChecks.checkRandomAccess(entry)
    }
}
