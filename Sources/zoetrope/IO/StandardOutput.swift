/// Checked writes to standard output: a failed write (a full disk, a closed descriptor) throws a
/// ``SystemError`` instead of being lost. A closed pipe ends the process quietly through SIGPIPE,
/// as in other Unix tools (``ZoetropeCommand/main()`` makes sure SIGPIPE is not ignored).
enum StandardOutput {
    static func write(_ bytes: [UInt8]) throws {
        try FileDescriptorWriter.standardOutput.write(bytes)
    }

    /// Writes `text` and a line break.
    static func print(_ text: String) throws {
        try write(Array((text + "\n").utf8))
    }
}
