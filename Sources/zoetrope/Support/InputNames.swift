#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Zoetrope

/// The input names of `convert`: patterns the shell left alone expanded in numeric order, and
/// list files read.
enum InputNames {
    /// `name`, or the files it matches when it holds `*`, `?` or `[` and no file has that very
    /// name (the shell passes a quoted pattern, or one that matched nothing, as it is), sorted with
    /// runs of digits compared as numbers (`frame-2.png` before `frame-10.png`).
    /// - Throws: ``CommandFailure`` when a pattern matches no file.
    static func expand(_ name: String) throws -> [PathArgument] {
        let path = PathArgument(name)
        guard !path.isStandardStream, path.bytes.contains(where: { "*?[".utf8.contains($0) }),
              FileIdentity(path: path) == nil else { return [path] }
        var found = unsafe glob_t()
        defer { unsafe globfree(&found) }
        let status = unsafe path.withCString { unsafe glob($0, 0, nil, &found) }
        guard status == 0, unsafe found.gl_pathc > 0 else {
            throw CommandFailure(file: path.display, "no file matches this pattern")
        }
        var matches: [[UInt8]] = []
        for index in unsafe 0..<Int(found.gl_pathc) {
            guard let match = unsafe found.gl_pathv[index] else { continue }
            unsafe matches.append(Array(UnsafeBufferPointer(start: UnsafeRawPointer(match).assumingMemoryBound(to: UInt8.self),
                                                     count: strlen(match))))
        }
        return matches.sorted(by: numericOrder).map { PathArgument(bytes: $0) }
    }

    /// Whether `a` sorts before `b`, runs of digits compared by value (then by length, so `01`
    /// after `1`), everything else byte by byte.
    static func numericOrder(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if isDigit(a[i]) && isDigit(b[j]) {
                let endA = a[i...].firstIndex { !isDigit($0) } ?? a.count
                let endB = b[j...].firstIndex { !isDigit($0) } ?? b.count
                // Leading zeros do not count towards the value.
                let digitsA = a[i..<endA].drop { $0 == 0x30 }, digitsB = b[j..<endB].drop { $0 == 0x30 }
                if digitsA.count != digitsB.count { return digitsA.count < digitsB.count }
                if !digitsA.elementsEqual(digitsB) { return digitsA.lexicographicallyPrecedes(digitsB) }
                if endA - i != endB - j { return endA - i < endB - j }
                (i, j) = (endA, endB)
            } else {
                if a[i] != b[j] { return a[i] < b[j] }
                i += 1
                j += 1
            }
        }
        return a.count - i < b.count - j
    }

    /// The frames a list file names (`--list`): one line per file, its name and how long it
    /// shows (`40`, `40ms` or `0.04s`), a name relative to the list's folder; blank lines and
    /// lines starting with `#` are skipped.
    /// - Throws: ``CommandFailure`` naming the list and the line that is wrong.
    static func list(_ listPath: PathArgument) throws -> [(path: PathArgument, duration: Duration)] {
        let text = try InputFile(listPath).bytes.array
        var entries: [(PathArgument, Duration)] = []
        for (number, line) in text.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let trimmed = Self.trimmed(Array(line))
            guard let first = trimmed.first, first != UInt8(ascii: "#") else { continue }
            guard let gap = trimmed.lastIndex(where: Self.isBlank),
                  let duration = duration(String(decoding: trimmed[(gap + 1)...], as: UTF8.self)) else {
                throw CommandFailure(file: listPath.display, "line \(number + 1): write a file name and how long it shows "
                                     + "(such as: frame-001.png 40ms)")
            }
            let name = Self.trimmed(Array(trimmed[..<gap]))
            let folder = listPath.directoryBytes
            let full = name.first == UInt8(ascii: "/") || folder == Array(".".utf8) ? name : folder + [UInt8(ascii: "/")] + name
            entries.append((PathArgument(bytes: full), duration))
        }
        guard !entries.isEmpty else { throw CommandFailure(file: listPath.display, "the list names no file") }
        return entries
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }

    /// `bytes` without blanks at either end.
    private static func trimmed(_ bytes: [UInt8]) -> [UInt8] {
        guard let first = bytes.firstIndex(where: { !isBlank($0) }), let last = bytes.lastIndex(where: { !isBlank($0) }) else { return [] }
        return Array(bytes[first...last])
    }

    /// `40`, `40ms` (milliseconds) or `0.04s` (seconds), above 0 and at most an hour.
    private static func duration(_ text: String) -> Duration? {
        let (number, scale) = text.hasSuffix("ms") ? (text.dropLast(2), 1.0) : text.hasSuffix("s") ? (text.dropLast(), 1000.0)
            : (Substring(text), 1.0)
        guard let value = Double(number), value.isFinite, value > 0, value * scale <= 3_600_000 else { return nil }
        return .microseconds(Int64((value * scale * 1000).rounded()))
    }
}
