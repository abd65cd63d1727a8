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

    /// Whether conformance tests should run.
    static var isConfigured: Bool { root != nil }

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

    /// A flag's value: the manifest uses booleans, numbers, strings and lists.
    enum FlagValue: Decodable, Sendable, Equatable {
        case bool(Bool)
        case other

        init(from decoder: any Decoder) throws {
            if let value = try? decoder.singleValueContainer().decode(Bool.self) { self = .bool(value) } else { self = .other }
        }
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

        /// The parsed facts the tests use: WebP's chunk list and codec.
        struct Container: Decodable, Sendable {
            var chunks: [String]?
            var codec: String?
        }

        struct Tolerance: Decodable, Sendable {
            var max_channel_diff: Int
        }

        var testDescription: String { path }

        /// Whether the manifest flags `name` for this file.
        func hasFlag(_ name: String) -> Bool {
            if case .bool(false)? = flags?[name] { return false }
            return flags?[name] != nil
        }
    }
}
