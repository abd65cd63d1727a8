#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file named on the command line: `-` for a standard stream, otherwise a path taken as the exact
/// bytes the shell passed (any name the file system allows, valid UTF-8 or not).
struct PathArgument: Hashable {
    /// The argument as the parser saw it (invalid UTF-8 repaired with U+FFFD).
    let text: String
    /// The argument's bytes as passed to the process.
    let bytes: [UInt8]

    init(_ text: String) {
        self.text = text
        bytes = RawArguments.bytes(for: text)
    }

    /// Throws when several arguments of this command line, not valid UTF-8, read as this one's
    /// text, so that which file is meant cannot be told (the shell passed them, Swift's decoding of
    /// the arguments merged them).
    func requireUnambiguous() throws {
        if RawArguments.isAmbiguous(text) {
            throw CommandFailure(file: display, "several arguments that are not valid UTF-8 read as this name; "
                                 + "which file is meant cannot be told (rename the files, or run one command per file)")
        }
    }

    /// A path made by the command from `bytes`.
    init(bytes: [UInt8]) {
        self.bytes = bytes
        text = String(decoding: bytes, as: UTF8.self)
    }

    /// Whether this is `-`: standard input where a file is read, standard output where one is written.
    var isStandardStream: Bool { text == "-" }

    /// The path for messages: printable, one line (see ``EscapedText``).
    var display: String { isStandardStream ? "<standard input>" : EscapedText.bytes(bytes) }

    /// Calls `body` with the path as a NUL-terminated C string.
    func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        unsafe try (bytes + [0]).withUnsafeBufferPointer { buffer in
            unsafe try buffer.withMemoryRebound(to: CChar.self) { unsafe try body($0.baseAddress!) }
        }
    }

    /// The folder holding this path ("." for a bare name), as bytes.
    var directoryBytes: [UInt8] {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return Array(".".utf8) }
        return slash == 0 ? [UInt8(ascii: "/")] : Array(bytes[..<slash])
    }

    /// The last path component, as bytes.
    var fileNameBytes: [UInt8] {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return bytes }
        return Array(bytes[(slash + 1)...])
    }

    /// The extension after the last dot of the file name, lowercased ("" when there is none).
    var fileExtension: String {
        let name = fileNameBytes
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > 0 else { return "" }
        return String(decoding: name[(dot + 1)...], as: UTF8.self).lowercased()
    }
}

/// The process's arguments as bytes. Swift decodes `argv` into `String`s and replaces invalid
/// UTF-8 with U+FFFD, which would lose such file names; this maps each decoded argument (and the
/// value of each `--option=value`) back to the bytes it came from. Texts are compared by their
/// UTF-8, so canonically equivalent names (NFC and NFD) stay apart.
enum RawArguments {
    /// One decoded text (by its UTF-8) and the distinct byte strings it came from.
    private struct Entry {
        let text: [UInt8]
        var sources: [[UInt8]]
    }

    /// The process's arguments, searched linearly: a command line holds a handful of them, and a
    /// dictionary keyed by `[UInt8]` would cost more to set up (its generic metadata is made at run
    /// time, through protocol-conformance scans) than every search together.
    private static let entries: [Entry] = {
        var entries: [Entry] = []
        func add(_ bytes: [UInt8]) {
            let text = Array(String(decoding: bytes, as: UTF8.self).utf8)
            if let index = entries.firstIndex(where: { $0.text == text }) {
                if !entries[index].sources.contains(bytes) { entries[index].sources.append(bytes) }
            } else {
                entries.append(Entry(text: text, sources: [bytes]))
            }
        }
        for index in 0..<Int(CommandLine.argc) {
            guard let pointer = unsafe CommandLine.unsafeArgv[index] else { continue }
            let bytes = unsafe Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
                                                  count: strlen(pointer)))
            add(bytes)
            if bytes.starts(with: Array("--".utf8)), let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
                add(Array(bytes[(equals + 1)...]))
            }
        }
        return entries
    }()

    /// The byte strings `text` was decoded from (empty when it is not an argument of this process).
    private static func sources(of text: String) -> [[UInt8]] {
        let utf8 = Array(text.utf8)
        return entries.first { $0.text == utf8 }?.sources ?? []
    }

    /// The bytes `text` was decoded from, or its UTF-8 when it is not an argument of this process.
    /// When two arguments that are not valid UTF-8 decode to the same text, which one is meant
    /// cannot be told: the first is used and ``isAmbiguous(_:)`` says so.
    static func bytes(for text: String) -> [UInt8] {
        sources(of: text).first ?? Array(text.utf8)
    }

    /// Whether several different arguments decode to `text`.
    static func isAmbiguous(_ text: String) -> Bool {
        sources(of: text).count > 1
    }
}
