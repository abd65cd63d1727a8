import Foundation
import ZoetropeTestSupport

/// Runs the built `zoetrope` command as a separate process, as a user would.
struct CommandRunner {
    struct Result {
        /// The exit status (128 + N when signal N ended the command).
        var status: Int32
        /// The signal that ended the command, if one did.
        var signal: Int32?
        /// Whether a signal ended the command (a trap, an abort, a kill).
        var signaled: Bool { signal != nil }
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
    /// goes to `outputFile` when given (e.g. `/dev/full`), else is captured. `environment` is added
    /// to the test process's (`ZOETROPE_TEST_FAULT`). The command is started as a shell starts it
    /// (default signal actions, no signals blocked), and killed, failing the test, when it has not
    /// finished within `seconds`.
    static func run(_ arguments: [String], in directory: URL? = nil, input: [UInt8] = [],
                    outputFile: String? = nil, environment: [String: String] = [:],
                    seconds: Double = Deadline.standard) throws -> Result {
        let result = try Subprocess.run([executable] + arguments, in: directory?.path, environment: environment,
                                        input: input, outputFile: outputFile, seconds: seconds)
        return Result(result)
    }

    /// Runs `script` with `sh -c`, with `$ZOETROPE` naming the command (for arguments that are not
    /// valid UTF-8, which cannot be passed as Swift strings).
    static func shell(_ script: String, in directory: URL, environment: [String: String] = [:],
                      seconds: Double = Deadline.standard) throws -> Result {
        let result = try Subprocess.run(["/bin/sh", "-c", script], in: directory.path,
                                        environment: environment.merging(["ZOETROPE": executable]) { $1 },
                                        seconds: seconds)
        return Result(result)
    }

    /// Starts `zoetrope ARGUMENTS` and returns at once, for tests that signal or feed it while it runs.
    static func start(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws -> Subprocess {
        try Subprocess([executable] + arguments, in: directory?.path, environment: environment)
    }
}

extension CommandRunner.Result {
    init(_ result: Subprocess.Result) {
        self.init(status: result.status, signal: result.termination.signal, standardOutput: result.standardOutput,
                  standardError: String(decoding: result.standardError, as: UTF8.self))
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
