import Foundation
import Testing
@testable import Zoetrope

/// The corpus's lossless WebP stills: files whose chunks are one `VP8L` (optionally with `VP8X`
/// and metadata chunks), decoded straight through ``VP8LDecoder`` without the container.
enum VP8LStillCorpus {
    /// The manifest fields these tests need (``Corpus/Entry`` has no chunk list).
    struct Manifest: Decodable { var files: [File] }

    struct File: Decodable, CustomTestStringConvertible, Sendable {
        var path: String
        var category: String
        var format: String
        var expect: String
        var container: Container?
        var frames_sha256: [String?]?
        var testDescription: String { path }
    }

    struct Container: Decodable, Sendable { var chunks: [String]? }

    static let metadataChunks: Set<String> = ["ICCP", "EXIF", "XMP "]

    static let files: [File] = {
        guard let root = Corpus.root,
              let data = try? Data(contentsOf: URL(fileURLWithPath: root).appendingPathComponent("manifest.json")),
              let manifest = try? JSONDecoder().decode(Manifest.self, from: data) else { return [] }
        return manifest.files.filter { $0.format == "webp" }
    }()

    /// Whether the chunk list is exactly one VP8L, optionally with VP8X and metadata.
    static func isLosslessStill(_ file: File) -> Bool {
        guard let chunks = file.container?.chunks, chunks.filter({ $0 == "VP8L" }).count == 1 else { return false }
        return chunks.allSatisfy { $0 == "VP8L" || $0 == "VP8X" || metadataChunks.contains($0) }
    }

    static let stills: [File] = files.filter { $0.expect == "decode" && isLosslessStill($0) }
    static let bad: [File] = files.filter { $0.category == "bad" }

    static func bytes(_ file: File) throws -> [UInt8] {
        let root = try #require(Corpus.root)
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: root).appendingPathComponent(file.path)))
    }

    /// The payload ranges of every chunk named `fourCC` in a RIFF/WEBP file (clamped to the file,
    /// so that truncated files still yield their partial chunk).
    static func chunks(named fourCC: String, in bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var offset = 12
        let name = Array(fourCC.utf8)
        while offset + 8 <= bytes.count {
            let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16
                | Int(bytes[offset + 7]) << 24
            let start = offset + 8
            let end = min(bytes.count, start + size)
            if Array(bytes[offset ..< offset + 4]) == name { ranges.append(start ..< end) }
            offset = start + size + (size & 1)
        }
        return ranges
    }
}

@Suite("VP8L corpus stills")
struct VP8LStillCorpusTests {
    @Test("the corpus lists lossless stills", .enabled(if: Corpus.isConfigured, Corpus.skipMessage))
    func corpusHasStills() {
        #expect(VP8LStillCorpus.stills.count >= 30, "expected the manifest to list the lossless stills")
    }

    @Test("every lossless still decodes to its reference hash",
          .enabled(if: Corpus.isConfigured, Corpus.skipMessage), arguments: VP8LStillCorpus.stills)
    func still(_ file: VP8LStillCorpus.File) throws {
        let bytes = try VP8LStillCorpus.bytes(file)
        let payload = try #require(VP8LStillCorpus.chunks(named: "VP8L", in: bytes).first)
        let frame = try VP8LDecoder.decode(bytes, payload: payload, maxPixels: 1 << 26)
        #expect(frame.damage == nil, "\(file.path): \(String(describing: frame.damage))")
        let reference = try #require(file.frames_sha256?.first ?? nil, "\(file.path): no reference hash")
        #expect(Corpus.canonicalHash(frame.image) == reference, "\(file.path) differs from libwebp")
    }

    @Test("damaged WebP files never crash the VP8L decoder",
          .enabled(if: Corpus.isConfigured, Corpus.skipMessage), arguments: VP8LStillCorpus.bad)
    func bad(_ file: VP8LStillCorpus.File) throws {
        let bytes = try VP8LStillCorpus.bytes(file)
        for payload in VP8LStillCorpus.chunks(named: "VP8L", in: bytes) {
            if let frame = try? VP8LDecoder.decode(bytes, payload: payload, maxPixels: 1 << 24) {
                #expect(frame.image.pixels.count == frame.image.width * frame.image.height * 4)
            }
        }
    }
}
