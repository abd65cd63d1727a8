import Foundation
import Testing
import Zoetrope

/// The shared conformance corpus, found through the `ZOETROPE_CORPUS` environment variable.
///
/// Unset: conformance tests are skipped (with a message saying so). Set to a folder that does not
/// exist: they fail, so that CI cannot pass by accident without the corpus.
enum Corpus {
    static let variable = "ZOETROPE_CORPUS"

    /// The folder named by the environment variable, or `nil` when it is unset.
    static var root: String? {
        guard let value = ProcessInfo.processInfo.environment[variable], !value.isEmpty else { return nil }
        return value
    }

    /// Whether conformance tests should run: when the variable is set, and always when tools are
    /// required (CI), where an unset variable then fails them instead of skipping them.
    static var isConfigured: Bool { root != nil || RequiredTools.areRequired }

    static let skipMessage: Comment = "ZOETROPE_CORPUS is not set: corpus conformance tests skipped (set it to ../shared/corpus)"

    /// The manifest entries, loaded once.
    static func entries() throws -> [Entry] {
        let root = try #require(root, "ZOETROPE_CORPUS is not set")
        var isDirectory: ObjCBool = false
        try #require(FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) && isDirectory.boolValue,
                     "ZOETROPE_CORPUS names \(root), which is not a folder")
        let data = try Data(contentsOf: URL(fileURLWithPath: root).appendingPathComponent("manifest.json"))
        return try JSONDecoder().decode(Manifest.self, from: data).files
    }

    /// The bytes of a corpus file.
    static func bytes(_ entry: Entry) throws -> [UInt8] {
        let root = try #require(root)
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: root).appendingPathComponent(entry.path)))
    }

    /// The canonical hash of a frame, as the manifest makes it: RGB zeroed wherever alpha is 0.
    static func canonicalHash(_ image: RGBAImage) -> String {
        var pixels = image.pixels
        var index = 0
        while index < pixels.count {
            if pixels[index + 3] == 0 { pixels[index] = 0; pixels[index + 1] = 0; pixels[index + 2] = 0 }
            index += 4
        }
        return SHA256.hex(pixels)
    }

    /// A flag's value: the manifest uses booleans, frame lists and strings.
    enum FlagValue: Decodable, Sendable, Equatable {
        case bool(Bool)
        case frames([Int])
        case text(String)

        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            if let flag = try? value.decode(Bool.self) {
                self = .bool(flag)
            } else if let frames = try? value.decode([Int].self) {
                self = .frames(frames)
            } else {
                self = .text(try value.decode(String.self))
            }
        }
    }

    /// How many entries of `formats` the manifest lists, counted from the JSON itself (not through
    /// ``Entry``), so that a decoding or filtering mistake cannot hide entries from the suites.
    static func rawEntryCount(formats: Set<String>) throws -> Int {
        let root = try #require(root, "ZOETROPE_CORPUS is not set")
        let data = try Data(contentsOf: URL(fileURLWithPath: root).appendingPathComponent("manifest.json"))
        let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let files = try #require(manifest["files"] as? [[String: Any]])
        try #require(manifest["file_count"] as? Int == files.count, "manifest file_count differs from its entries")
        return files.filter { formats.contains($0["format"] as? String ?? "") }.count
    }

    struct Manifest: Decodable {
        var files: [Entry]
    }

    /// One manifest entry (the fields the tests use).
    struct Entry: Decodable, CustomTestStringConvertible, Sendable {
        var path: String
        var category: String
        var format: String
        var width: Int?
        var height: Int?
        var frame_count: Int?
        var loop_count: Int?
        var durations_ms: [Double]?
        var frames_sha256: [String]?
        var frames_sha256_nofancy: [String]?
        var container: Container?
        var expect: String
        var flags: [String: FlagValue]?
        var reference_frames: String?
        var tolerance: Tolerance?
        var static_fallback_sha256: String?

        /// The parsed facts the tests use: WebP's chunk list and codec; each frame's rectangle and
        /// disposal (GIF: `disposal`, APNG: `dispose_op`, WebP: `dispose`).
        struct Container: Decodable, Sendable {
            var chunks: [String]?
            var codec: String?
            var frames: [Frame]?

            struct Frame: Decodable, Sendable {
                var x: Int
                var y: Int
                var w: Int
                var h: Int
                var disposal: Int?
            }
        }

        struct Tolerance: Decodable, Sendable {
            var max_channel_diff: Int
        }

        var testDescription: String { path }
    }
}
