#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing to standard error, where messages and progress go so standard output stays clean data.
/// A failure to write here cannot be reported anywhere, so it is ignored.
enum StandardError {
    static func print(_ message: String) {
        try? FileDescriptorWriter.standardError.write(Array((message + "\n").utf8))
    }

    /// Rewrites a one-line progress message in place; `nil` clears it.
    static func progress(_ message: String?) {
        try? FileDescriptorWriter.standardError.write(Array(("\r\u{1B}[K" + (message ?? "")).utf8))
    }

    /// Whether standard error is a terminal (progress is shown only then).
    static var isTerminal: Bool { isatty(2) != 0 }
}
