import Foundation
import Testing
@testable import Zoetrope

/// The corpus's still lossy WebP files: one `VP8 ` chunk (metadata chunks allowed) and no
/// `ALPH`, `VP8L` or animation, read with a test-local manifest view (the shared ``Corpus.Entry``
/// does not carry the chunk list or the `-nofancy` hashes).
enum VP8StillCorpus {
    struct Entry: Decodable, Sendable, CustomTestStringConvertible {
        struct Container: Decodable, Sendable { var chunks: [String]? }
        var path: String
        var format: String
        var category: String
        var expect: String
        var width: Int?
        var height: Int?
        var frames_sha256: [String]?
        var frames_sha256_nofancy: [String]?
        var container: Container?

        var testDescription: String { path }
        var chunks: [String] { container?.chunks ?? [] }

        /// A single lossy image chunk without alpha or animation.
        var isLossyStill: Bool {
            chunks.filter { $0 == "VP8 " }.count == 1
                && !chunks.contains { ["ALPH", "VP8L", "ANIM", "ANMF"].contains($0) }
        }
    }

    private struct Manifest: Decodable { var files: [Entry] }

    static let all: [Entry] = {
        guard let root = Corpus.root,
              let data = try? Data(contentsOf: URL(fileURLWithPath: root).appendingPathComponent("manifest.json")),
              let manifest = try? JSONDecoder().decode(Manifest.self, from: data) else { return [] }
        return manifest.files.filter { $0.format == "webp" }
    }()

    /// Valid still lossy files with reference hashes.
    static var stills: [Entry] { all.filter { $0.expect == "decode" && $0.isLossyStill } }

    /// Damaged WebP files (those with a lossy chunk, at the top level or in an animation frame,
    /// are the ones that reach the VP8 decoder).
    static var damaged: [Entry] { all.filter { $0.category == "bad" } }

    static func bytes(_ entry: Entry) throws -> [UInt8] {
        let root = try #require(Corpus.root)
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: root).appendingPathComponent(entry.path)))
    }

    /// The payload of the first `VP8 ` chunk, found by walking the RIFF chunks.
    static func lossyPayload(_ bytes: [UInt8]) -> Range<Int>? { lossyPayloads(bytes).first }

    /// The payloads of all `VP8 ` chunks, at the top level and inside `ANMF` frames (after their
    /// 16-byte frame header). Sizes are padded to even; a chunk that claims more than the file
    /// holds is cut at the end of the file.
    static func lossyPayloads(_ bytes: [UInt8]) -> [Range<Int>] {
        guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8) else {
            return []
        }
        return lossyPayloads(bytes, in: 12..<bytes.count)
    }

    private static func lossyPayloads(_ bytes: [UInt8], in region: Range<Int>) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var offset = region.lowerBound
        while offset + 8 <= region.upperBound {
            let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            let start = offset + 8
            let end = min(region.upperBound, start + size)
            let fourCC = bytes[offset..<(offset + 4)]
            if fourCC.elementsEqual("VP8 ".utf8) { found.append(start..<end) }
            if fourCC.elementsEqual("ANMF".utf8), start + 16 <= end { found += lossyPayloads(bytes, in: (start + 16)..<end) }
            offset = start + size + (size & 1)
        }
        return found
    }
}

@Suite("VP8 still corpus conformance")
struct VP8StillCorpusTests {
    @Test("the corpus has lossy stills", .enabled(if: Corpus.isConfigured, Corpus.skipMessage))
    func corpusHasLossyStills() {
        #expect(VP8StillCorpus.stills.count >= 37, "expected the manifest to list the lossy conformance files")
    }

    @Test("every lossy still matches libwebp, fancy and point-sampled",
          .enabled(if: Corpus.isConfigured, Corpus.skipMessage), arguments: VP8StillCorpus.stills)
    func matchesReference(_ entry: VP8StillCorpus.Entry) throws {
        let bytes = try VP8StillCorpus.bytes(entry)
        let payload = try #require(VP8StillCorpus.lossyPayload(bytes), "\(entry.path): no VP8 chunk")
        let size = try VP8Decoder.readSize(bytes, payload: payload)
        #expect(size == PixelSize(width: entry.width ?? -1, height: entry.height ?? -1), "\(entry.path): size")
        let fancy = try VP8Decoder.decode(bytes, payload: payload, upsampling: .fancy, maxPixels: 1 << 26)
        #expect(fancy.damage == nil, "\(entry.path): unexpected damage \(String(describing: fancy.damage))")
        #expect(Corpus.canonicalHash(fancy.image) == entry.frames_sha256?.first, "\(entry.path): fancy output differs")
        if let nofancy = entry.frames_sha256_nofancy?.first {
            let sampled = try VP8Decoder.decode(bytes, payload: payload, upsampling: .pointSampled, maxPixels: 1 << 26)
            #expect(Corpus.canonicalHash(sampled.image) == nofancy, "\(entry.path): point-sampled output differs")
        }
    }

    @Test("damaged WebP files never crash the lossy decoder",
          .enabled(if: Corpus.isConfigured, Corpus.skipMessage), arguments: VP8StillCorpus.damaged)
    func damagedFilesDoNotCrash(_ entry: VP8StillCorpus.Entry) throws {
        let bytes = try VP8StillCorpus.bytes(entry)
        for payload in VP8StillCorpus.lossyPayloads(bytes) {
            do {
                _ = try VP8Decoder.readSize(bytes, payload: payload)
                let frame = try VP8Decoder.decode(bytes, payload: payload, maxPixels: 1 << 26)
                if entry.chunks == ["VP8 "] && entry.expect == "error" {
                    #expect(frame.damage != nil, "\(entry.path): must be rejected or reported as damaged")
                }
            } catch {
                #expect(error.format == .webp && error.offset != nil, "\(entry.path): error names the format and offset")
            }
        }
    }
}
