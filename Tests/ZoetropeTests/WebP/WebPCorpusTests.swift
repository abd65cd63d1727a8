import Testing
import Zoetrope

/// The corpus's WebP entries (webp/, perf/ and bad/): every one is checked against libwebp's
/// reference hashes or its `expect` contract.
enum WebPCorpus {
    static let entries: [Corpus.Entry] = {
        guard Corpus.isConfigured, let all = try? Corpus.entries() else { return [] }
        return all.filter { $0.format == "webp" }
    }()

    /// Still lossy entries with hashes of libwebp's point-sampled (`-nofancy`) output.
    static var pointSampled: [Corpus.Entry] {
        entries.filter { $0.expect == "decode" && $0.frames_sha256_nofancy != nil }
    }
}

@Suite("WebP corpus conformance", .timeLimit(.minutes(10)))
struct WebPCorpusTests {
    @Test("every WebP in the manifest meets its expectation, and every one is visited",
          .enabled(if: Corpus.isConfigured, Corpus.skipMessage))
    func conformance() throws {
        let tally = try CorpusRunner.run(formats: ["webp"], name: "WebP")
        #expect(tally.visited.values.reduce(0, +) >= 100 && tally.visited["decode", default: 0] >= 100)
        #expect(WebPCorpus.pointSampled.count > 10)
    }

    @Test("still lossy files with point-sampled chroma match libwebp's -nofancy output",
          .enabled(if: Corpus.isConfigured, Corpus.skipMessage), arguments: WebPCorpus.pointSampled)
    func pointSampledChroma(_ entry: Corpus.Entry) throws {
        var tally = CorpusTally()
        try CorpusChecks.checkDecode(entry, options: DecodingOptions(chromaUpsampling: .pointSampled),
                                     reference: entry.frames_sha256_nofancy, tally: &tally)
        #expect(tally.comparedFrames == entry.frame_count)
    }

    @Test("frame(at:) in reverse and shuffled order equals sequential decoding",
          .enabled(if: Corpus.isConfigured, Corpus.skipMessage), arguments: CorpusChecks.animated(WebPCorpus.entries))
    func randomAccess(_ entry: Corpus.Entry) throws {
        try CorpusChecks.checkRandomAccess(entry)
    }
}
