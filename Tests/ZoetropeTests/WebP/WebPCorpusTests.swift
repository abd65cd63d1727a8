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

@Suite("WebP corpus conformance")
struct WebPCorpusTests {
    @Test("the corpus has its WebP entries", .enabled(if: Corpus.isConfigured, Corpus.skipMessage))
    func corpusHasWebPs() {
        #expect(WebPCorpus.entries.count >= 100, "expected the manifest to list the WebP corpus")
        #expect(WebPCorpus.pointSampled.count > 10)
    }

    @Test("every WebP in the manifest meets its expectation",
          .enabled(if: Corpus.isConfigured, Corpus.skipMessage), arguments: WebPCorpus.entries)
    func conformance(_ entry: Corpus.Entry) throws {
        try CorpusChecks.conformance(entry, format: .webp)
    }

    @Test("still lossy files with point-sampled chroma match libwebp's -nofancy output",
          .enabled(if: Corpus.isConfigured, Corpus.skipMessage), arguments: WebPCorpus.pointSampled)
    func pointSampledChroma(_ entry: Corpus.Entry) throws {
        try CorpusChecks.checkDecode(entry, format: .webp, options: DecodingOptions(chromaUpsampling: .pointSampled),
                                     reference: entry.frames_sha256_nofancy)
    }

    @Test("frame(at:) in reverse and shuffled order equals sequential decoding",
          .enabled(if: Corpus.isConfigured, Corpus.skipMessage), arguments: CorpusChecks.animated(WebPCorpus.entries))
    func randomAccess(_ entry: Corpus.Entry) throws {
        try CorpusChecks.checkRandomAccess(entry)
    }
}
