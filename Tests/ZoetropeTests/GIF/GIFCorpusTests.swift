import Testing
import Zoetrope

/// The corpus's GIF entries (gif/, perf/ and bad/), read through ``Corpus``.
enum GIFCorpus {
    static let entries: [Corpus.Entry] = {
        guard Corpus.isConfigured, let all = try? Corpus.entries() else { return [] }
        return all.filter { $0.format == "gif" }
    }()

    /// Animated files small enough to replay in any order many times over.
    static var animated: [Corpus.Entry] {
        entries.filter { entry in
            guard entry.expect == "decode", let count = entry.frame_count, count > 1,
                  let width = entry.width, let height = entry.height else { return false }
            return count <= 400 && width * height * count <= 40_000_000
        }
    }

    static func open(_ entry: Corpus.Entry) throws -> AnimatedImage {
        try AnimatedImage(bytes: try Corpus.bytes(entry))
    }
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

@Suite("GIF corpus conformance")
struct GIFCorpusTests {
    @Test("the corpus has GIF entries", .enabled(if: Corpus.isConfigured, Corpus.skipMessage))
    func corpusHasGIFs() {
        #expect(GIFCorpus.entries.count > 50, "expected the manifest to list the GIF corpus")
    }

    @Test("every GIF in the manifest meets its expectation",
          .enabled(if: Corpus.isConfigured, Corpus.skipMessage), arguments: GIFCorpus.entries)
    func conformance(_ entry: Corpus.Entry) throws {
        switch entry.expect {
        case "decode": try checkDecode(entry)
        case "decode_lenient": try checkLenient(entry)
        case "error": try checkError(entry)
        case "error_or_partial": try checkPartial(entry)
        default: decodeEverything(entry) // "any": anything but a crash or a hang
        }
    }

    private func checkDecode(_ entry: Corpus.Entry) throws {
        let path = entry.path
        let image = try GIFCorpus.open(entry)
        let structuralWarnings = image.warnings
        #expect(image.format == .gif, "\(path)")
        #expect(image.canvasSize == PixelSize(width: entry.width ?? -1, height: entry.height ?? -1), "\(path): canvas")
        #expect(image.frameCount == entry.frame_count, "\(path): frame count")
        #expect(image.storedLoopCount == entry.loop_count, "\(path): loop count")
        let storedMilliseconds = image.frames.map { milliseconds($0.storedDelay ?? .zero) }
        #expect(storedMilliseconds == entry.durations_ms, "\(path): stored delays")
        let reference = try #require(entry.frames_sha256, "\(path): manifest has no reference hashes")
        try #require(reference.count == image.frameCount, "\(path): reference hash count")

        var fingerprints: [UInt64] = []
        for index in 0..<image.frameCount {
            let frame = try image.frame(at: index)
            #expect(Corpus.canonicalHash(frame) == reference[index], "\(path): frame \(index) differs from the reference")
            fingerprints.append(fingerprint(frame))
        }
        var visited = 0
        try image.forEachFrame { index, frame in
            #expect(fingerprint(frame) == fingerprints[index], "\(path): forEachFrame frame \(index) differs from frame(at:)")
            visited += 1
        }
        #expect(visited == image.frameCount, "\(path): forEachFrame visited \(visited) frames")
        // Structural warnings are allowed (one file has a second GIF glued to its end), but valid
        // files must decode without damage to any frame's data.
        #expect(image.warnings == structuralWarnings, "\(path): damage while decoding \(image.warnings)")
    }

    private func checkLenient(_ entry: Corpus.Entry) throws {
        let image = try GIFCorpus.open(entry)
        #expect(image.frameCount == entry.frame_count, "\(entry.path): frame count")
        var visited = 0
        try image.forEachFrame { _, _ in visited += 1 }
        #expect(visited == entry.frame_count, "\(entry.path): decoded frames")
    }

    private func checkError(_ entry: Corpus.Entry) throws {
        let bytes = try Corpus.bytes(entry)
        guard let image = try? AnimatedImage(bytes: bytes) else { return }
        var failed = false
        do { try image.forEachFrame { _, _ in } } catch { failed = true }
        #expect(failed || !image.warnings.isEmpty, "\(entry.path): must be rejected or reported as damaged")
    }

    private func checkPartial(_ entry: Corpus.Entry) throws {
        let bytes = try Corpus.bytes(entry)
        guard let image = try? AnimatedImage(bytes: bytes) else { return }
        let reference = entry.frames_sha256 ?? []
        for index in 0..<image.frameCount {
            guard let frame = try? image.frame(at: index) else { break }
            if index < reference.count {
                #expect(Corpus.canonicalHash(frame) == reference[index], "\(entry.path): partial frame \(index) differs from the reference")
            }
        }
    }

    private func decodeEverything(_ entry: Corpus.Entry) {
        guard let bytes = try? Corpus.bytes(entry), let image = try? AnimatedImage(bytes: bytes) else { return }
        for index in 0..<image.frameCount { _ = try? image.frame(at: index) }
        try? image.forEachFrame { _, _ in }
    }

    @Test("frame(at:) in reverse and shuffled order equals sequential decoding",
          .enabled(if: Corpus.isConfigured, Corpus.skipMessage), arguments: GIFCorpus.animated)
    func randomAccess(_ entry: Corpus.Entry) throws {
        let sequential = try GIFCorpus.open(entry)
        var expected: [UInt64] = []
        try sequential.forEachFrame { _, frame in expected.append(fingerprint(frame)) }

        let image = try GIFCorpus.open(entry)
        var generator = SplitMix64(seed: 0x5EED)
        let order = Array((0..<image.frameCount).reversed()) + (0..<image.frameCount).shuffled(using: &generator)
        for index in order {
            #expect(fingerprint(try image.frame(at: index)) == expected[index],
                    "\(entry.path): frame \(index) by random access differs from sequential decoding")
        }
    }
}
