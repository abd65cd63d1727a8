import Foundation

/// Runs the built `zoetrope` command as a separate process, as a user would.
struct CommandRunner {
    struct Result {
        /// The exit status, or the signal's number when ``signaled``.
        var status: Int32
        /// Whether a signal ended the process (a trap, an abort, a kill).
        var signaled = false
        var standardOutput: [UInt8]
        var standardError: String

        /// The lines written to standard error.
        var errorLines: [String] { standardError.split(separator: "\n").map(String.init) }
    }

    /// The built `zoetrope` command, next to the test bundle in the build folder.
    static var executable: String {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // On macOS the test runner is inside an .xctest bundle; walk up to the build folder.
        while folder.path != "/" && !FileManager.default.fileExists(atPath: folder.appendingPathComponent("zoetrope").path) {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("zoetrope").path
    }

    /// Runs `zoetrope ARGUMENTS` in `directory`, feeding `input` to standard input; standard output
    /// goes to `outputFile` when given (e.g. `/dev/full`), else is captured.
    static func run(_ arguments: [String], in directory: URL? = nil, input: [UInt8] = [],
                    outputFile: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        return try run(process, input: input, outputFile: outputFile)
    }

    /// Runs `script` with `sh -c`, with `$ZOETROPE` naming the command (for arguments that are not
    /// valid UTF-8, which `Process` cannot pass).
    static func shell(_ script: String, in directory: URL) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(["ZOETROPE": executable]) { $1 }
        return try run(process, input: [], outputFile: nil)
    }

    private static func run(_ process: Process, input: [UInt8], outputFile: String?) throws -> Result {
        let inputPipe = Pipe(), outputPipe = Pipe(), errorPipe = Pipe()
        process.standardInput = inputPipe
        if let outputFile {
            process.standardOutput = FileHandle(forWritingAtPath: outputFile)
        } else {
            process.standardOutput = outputPipe
        }
        process.standardError = errorPipe
        try process.run()
        // Read both pipes while the process runs, so that neither fills up and blocks it.
        let group = DispatchGroup()
        nonisolated(unsafe) var output = Data(), error = Data()
        DispatchQueue.global().async(group: group) { output = outputPipe.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { error = errorPipe.fileHandleForReading.readDataToEndOfFile() }
        try? inputPipe.fileHandleForWriting.write(contentsOf: Data(input))
        try? inputPipe.fileHandleForWriting.close()
        if outputFile != nil { try? outputPipe.fileHandleForWriting.close() }
        process.waitUntilExit()
        group.wait()
        return Result(status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal,
                      standardOutput: [UInt8](output), standardError: String(decoding: error, as: UTF8.self))
    }
}

/// A fresh temporary folder, removed when the value is released.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    func write(_ bytes: [UInt8], to name: String) throws { try Data(bytes).write(to: url.appendingPathComponent(name)) }

    func read(_ name: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: url.appendingPathComponent(name))) }

    /// The names in the folder (hidden ones included: a leftover temporary file would show).
    func names() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() }
}
