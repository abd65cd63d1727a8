import Foundation
import Testing

/// The layer rule of docs/architecture.md, enforced on the sources: a file may name the types of
/// its own folder and of the layers below it, never those of a layer above; the codec folders are
/// peers that do not name each other's types (what they share lives in a lower layer or in the
/// seam: `Codecs/`'s root files and `Codecs/Encoding/`), except the registry, which is the one list
/// of codecs.
@Suite("Layer rule")
struct LayerRuleTests {
    /// The core module's folders from the bottom up.
    static let layers = ["Support", "Core", "Compression", "Canvas", "Quantization", "Codecs", "Image",
                         "Processing", "Playback", "Display", "Surface"]
    /// Folders of `Codecs/` that are the seam every codec shares (below the codec folders, like the
    /// files at `Codecs/`'s root), not a codec.
    static let codecSeams: Set<String> = ["Encoding"]
    /// Files allowed to name every codec folder's types.
    static let registries: Set<String> = ["Codecs/CodecRegistry.swift"]

    private static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/Zoetrope")

    @Test("no file names a type of a higher layer or of another codec")
    func rule() throws {
        let files = try SourceFile.all(in: Self.sources)
        let violations = LayerCheck(files: files).violations
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
        #expect(files.count > 100, "the sources were not found at \(Self.sources.path)")
    }

    @Test("the check sees an upward reference, a sideways one between codecs, and nothing in comments")
    func probe() {
        let files = [
            SourceFile(path: "Core/Low.swift", text: "struct Low { var high: High? } // Peer\n"),
            SourceFile(path: "Image/High.swift", text: "final class High { let s = \"Low Peer\" }\n"),
            SourceFile(path: "Codecs/A/A.swift", text: "enum A { static let b = B.self }\n"),
            SourceFile(path: "Codecs/B/B.swift", text: "enum B { struct Local {} }\nstruct Peer { let local: Local }\n"),
            SourceFile(path: "Codecs/CodecRegistry.swift", text: "enum CodecRegistry { let x = (A.self, B.self) }\n"),
        ]
        #expect(LayerCheck(files: files).violations == [
            "Codecs/A/A.swift names B (Codecs/B)",
            "Core/Low.swift names High (Image)",
        ])
    }
}

/// One source file, as the tokens of its code (comments and string literals left out).
struct SourceFile {
    let path: String
    /// Identifiers and single punctuation characters, with the line each starts on.
    let tokens: [(text: String, line: Int, column: Int)]

    init(path: String, text: String) {
        self.path = path
        tokens = SwiftTokens.scan(Array(text.utf8))
    }

    static func all(in folder: URL) throws -> [SourceFile] {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        var files: [SourceFile] = []
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let path = String(url.path.dropFirst(folder.path.count + 1))
            files.append(SourceFile(path: path, text: try String(contentsOf: url, encoding: .utf8)))
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The folder that is this file's layer: `Codecs/GIF` for a codec's files, else the top folder
    /// (`Codecs` for the seam's).
    var layer: String {
        let parts = path.split(separator: "/")
        if parts.first == "Codecs" && parts.count > 2 && !LayerRuleTests.codecSeams.contains(String(parts[1])) {
            return "Codecs/\(parts[1])"
        }
        return String(parts.first ?? "")
    }

    private static let declarers: Set<String> = ["struct", "class", "enum", "protocol", "actor", "typealias"]

    /// The names after `struct`, `class`, … (`topLevelOnly`: only where the line starts with the
    /// declaration or its modifiers, unindented).
    private func declarations(topLevelOnly: Bool) -> [String] {
        var names: [String] = []
        for (index, token) in tokens.enumerated().dropLast() where Self.declarers.contains(token.text) {
            let name = tokens[index + 1].text
            guard name.first?.isUppercase == true else { continue }
            if topLevelOnly {
                var first = index
                while first > 0, tokens[first - 1].line == token.line { first -= 1 }
                guard tokens[first].column == 0 else { continue }
            }
            names.append(name)
        }
        return names
    }

    /// The types the file declares at its top level (what other files may name).
    var topLevelDeclarations: [String] { declarations(topLevelOnly: true) }

    /// Every name the file declares or binds as a generic parameter (nested types and generic
    /// parameters shadow other files' types of the same name).
    var localNames: Set<String> {
        var names = Set(declarations(topLevelOnly: false))
        for index in tokens.indices.dropFirst().dropLast()
        where ["<", ","].contains(tokens[index - 1].text) && [":", ",", ">"].contains(tokens[index + 1].text) {
            names.insert(tokens[index].text)
        }
        return names
    }

    /// Capitalised identifiers the file uses.
    var typeReferences: Set<String> {
        Set(tokens.lazy.map(\.text).filter { $0.first?.isUppercase == true })
    }
}

/// A small Swift lexer: identifiers and punctuation of the code, without comments (nested block
/// comments included) and string literals (single-line, multi-line and raw, with interpolations
/// left out too: a type named only inside a string is not a dependency).
enum SwiftTokens {
    static func scan(_ bytes: [UInt8]) -> [(text: String, line: Int, column: Int)] {
        var tokens: [(text: String, line: Int, column: Int)] = []
        var index = 0, line = 0, lineStart = 0
        func at(_ offset: Int) -> UInt8 { index + offset < bytes.count ? bytes[index + offset] : 0 }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                index += 1; line += 1; lineStart = index
            } else if byte == UInt8(ascii: "/") && at(1) == UInt8(ascii: "/") {
                while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
            } else if byte == UInt8(ascii: "/") && at(1) == UInt8(ascii: "*") {
                skipBlockComment(bytes, &index, &line, &lineStart)
            } else if byte == UInt8(ascii: "\"") || (byte == UInt8(ascii: "#") && at(1) == UInt8(ascii: "\"")) {
                skipString(bytes, &index, &line, &lineStart)
            } else if isIdentifierStart(byte) {
                let start = index
                while index < bytes.count && (isIdentifierStart(bytes[index]) || isDigit(bytes[index])) { index += 1 }
                tokens.append((String(decoding: bytes[start..<index], as: UTF8.self), line, start - lineStart))
            } else {
                if byte > 32 { tokens.append((String(UnicodeScalar(byte)), line, index - lineStart)) }
                index += 1
            }
        }
        return tokens
    }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func skipBlockComment(_ bytes: [UInt8], _ index: inout Int, _ line: inout Int, _ lineStart: inout Int) {
        var depth = 0
        repeat {
            if bytes[index] == UInt8(ascii: "/") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*") {
                depth += 1; index += 2
            } else if bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/") {
                depth -= 1; index += 2
            } else {
                if bytes[index] == UInt8(ascii: "\n") { line += 1; lineStart = index + 1 }
                index += 1
            }
        } while depth > 0 && index < bytes.count
    }

    /// Skips a string literal starting at `index` (`"`, `#"`, `\"\"\"`, `#\"\"\"`…).
    private static func skipString(_ bytes: [UInt8], _ index: inout Int, _ line: inout Int, _ lineStart: inout Int) {
        var hashes = 0
        while bytes[index] == UInt8(ascii: "#") { hashes += 1; index += 1 }
        let quote = UInt8(ascii: "\"")
        let multiline = index + 2 < bytes.count && bytes[index + 1] == quote && bytes[index + 2] == quote
        index += multiline ? 3 : 1
        let closer = [UInt8](repeating: quote, count: multiline ? 3 : 1) + [UInt8](repeating: UInt8(ascii: "#"), count: hashes)
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\") && hashes == 0 { index += 2; continue }
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1; lineStart = index + 1
                if !multiline { return }
            }
            if bytes[index...].starts(with: closer) { index += closer.count; return }
            index += 1
        }
    }
}

/// The layer rule over a set of files.
struct LayerCheck {
    let files: [SourceFile]

    /// `FILE names TYPE (LAYER)` for every reference the rule forbids, sorted.
    var violations: [String] {
        var owners: [String: Set<String>] = [:]
        for file in files {
            for name in file.topLevelDeclarations { owners[name, default: []].insert(file.layer) }
        }
        var found: [String] = []
        for file in files {
            let local = file.localNames
            for name in file.typeReferences.subtracting(local).sorted() {
                guard let layers = owners[name], !layers.contains(file.layer),
                      layers.allSatisfy({ !allowed(file, toName: $0) }) else { continue }
                found.append("\(file.path) names \(name) (\(layers.sorted().joined(separator: ", ")))")
            }
        }
        return found.sorted()
    }

    /// Whether `file` may name a type declared in `layer`.
    private func allowed(_ file: SourceFile, toName layer: String) -> Bool {
        let own = rank(file.layer), other = rank(layer)
        if other < own { return true }
        guard other == own else { return false }
        // Same layer: the codec folders are peers; files at `Codecs/`'s root (the seam) are below
        // every codec folder, and only the registry names the codecs.
        if layer == "Codecs" { return true }
        return LayerRuleTests.registries.contains(file.path)
    }

    private func rank(_ layer: String) -> Int {
        let top = String(layer.split(separator: "/").first ?? "")
        return LayerRuleTests.layers.firstIndex(of: top) ?? -1
    }
}
