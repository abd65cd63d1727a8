import Testing
import Zoetrope

/// The corpus's GIF entries (gif/, perf/ and bad/), read through ``Corpus``.
enum GIFCorpus {
    /// The GIF entries; none when the corpus is not configured (the tests are then skipped), and an
    /// error, failing the test that asked, when the manifest cannot be read.
    static func entries() throws -> [Corpus.Entry] {
        guard Corpus.isConfigured else { return [] }
        return try Corpus.entries().filter { $0.format == "gif" }
    }

    /// Animated files small enough to replay in any order many times over.
    static func animated() throws -> [Corpus.Entry] { CorpusChecks.animated(try entries()) }
}

/// A duration in whole milliseconds, as the manifest lists delays.
func milliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds * 1000 + attoseconds / 1_000_000_000_000_000)
}

/// A cheap 64-bit fingerprint (FNV-1a over 8-byte words) to tell whether two decodes are identical.
func fingerprint(_ image: RGBAImage) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(image.width) << 32 ^ UInt64(image.height)
    image.pixels.withUnsafeBytes { raw in
        var index = 0
        while index + 8 <= raw.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0x100_0000_01b3
            index += 8
        }
        while index < raw.count {
            hash = (hash ^ UInt64(raw[index])) &* 0x100_0000_01b3
            index += 1
        }
    }
    return hash
}

@Suite("GIF corpus conformance", .timeLimit(.minutes(30)))
struct GIFCorpusTests {
    @Test("every GIF in the manifest meets its expectation, and every one is visited",
          .enabled(if: Corpus.isConfigured, Corpus.skipMessage))
    func conformance() async throws {
        let tally = try await CorpusRunner.run(formats: ["gif"], name: "GIF")
        // Every `decode` entry compares all its frames (77 files, among them one of 1500 frames).
        #expect(tally.visited["decode", default: 0] >= 77 && tally.comparedFrames > 1500)
    }

    @Test("frame(at:) in reverse and shuffled order equals sequential decoding",
          .enabled(if: Corpus.isConfigured, Corpus.skipMessage), arguments: try GIFCorpus.animated())
    func randomAccess(_ entry: Corpus.Entry) throws {
        try CorpusChecks.checkRandomAccess(entry)
    }
}
