import Foundation

/// Writing to standard error, where messages and progress go so standard output stays clean data.
enum StandardError {
    static func print(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// Rewrites a one-line progress message in place; `nil` clears it.
    static func progress(_ message: String?) {
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + (message ?? "")).utf8))
    }

    /// Whether standard error is a terminal (progress lines are shown only then).
    static var isTerminal: Bool { isatty(2) != 0 }
}
