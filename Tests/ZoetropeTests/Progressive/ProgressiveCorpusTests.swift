import Testing
@testable import Zoetrope

/// Every corpus file (GIF, PNG, APNG, WebP; damaged ones too) fed to a progressive image in
/// random chunk sizes: each frame that becomes available equals the whole-file decode's frame at
/// that moment, and the finished image ends exactly as the whole file does.
@Suite("Progressive decoding of the corpus")
struct ProgressiveCorpusTests {
    static let entries: [Corpus.Entry] = {
        guard Corpus.isConfigured, let all = try? Corpus.entries() else { return [] }
        return all.filter { !$0.path.hasPrefix("perf/") }
    }()

    @Test("the corpus is there", .enabled(if: Corpus.isConfigured, Corpus.skipMessage))
    func corpusPresent() throws {
        #expect(try Corpus.entries().count > 100)
        #expect(Self.entries.count > 100)
    }

    @Test("frames become available complete, and the end matches the whole file",
          .enabled(if: Corpus.isConfigured, Corpus.skipMessage), arguments: entries)
    func feedInChunks(entry: Corpus.Entry) throws {
        let bytes = try Corpus.bytes(entry)
        var random = SplitMix64(seed: UInt64(truncatingIfNeeded: bytes.count &* 2654435761))
        // Small files are parsed after every chunk; larger ones as the library does by default.
        let image = ProgressiveImage(options: .default, parseStep: bytes.count < 100_000 ? 1 : ProgressiveImage.minimumParseStep)
        let whole: AnimatedImage
        do {
            whole = try AnimatedImage(bytes: bytes)
        } catch {
            image.append(bytes)
            image.finish()
            #expect(throws: ZoetropeError.self) { try image.completedWithinDeadline() }
            return
        }
        // An APNG whose animation proves broken only at its end (acTL's frame count, a repeated
        // sequence number) falls back to its still image then: the frames shown while it
        // arrived are replaced, as documented. Only its end is compared.
        let fallsBack = whole.warnings.contains { $0.message.contains("broken animation") }
        var checked = 0
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + Int.random(in: 1...max(1, bytes.count / 6), using: &random))
            image.append(Array(bytes[offset..<end]))
            offset = end
            for index in checked..<image.frameCount where !fallsBack {
                #expect(Self.outcome(image, index) == Self.outcome(whole, index), "frame \(index) after \(offset) bytes")
            }
            if !fallsBack { checked = max(checked, image.frameCount) }
        }
        image.finish()
        let complete = try image.completedWithinDeadline()
        #expect(image.frameCount == whole.frameCount)
        #expect(complete.structureWarnings.map(\.message) == whole.structureWarnings.map(\.message))
        for index in checked..<whole.frameCount {
            #expect(Self.outcome(image, index) == Self.outcome(whole, index), "frame \(index) at the end")
        }
    }

    /// A frame, or the message of the error decoding it gave.
    static func outcome(_ image: any AnimatableImage, _ index: Int) -> Result<RGBAImage, Failure> {
        do { return .success(try image.frame(at: index)) } catch { return .failure(Failure(message: "\(error)")) }
    }

    struct Failure: Error, Equatable { let message: String }
}
