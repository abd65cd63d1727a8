import Foundation
import Testing
import ZoetropeTestSupport

/// Runs commands inside a detached tmux session on a private server, for end-to-end tests of the
/// player in a real terminal emulator.
final class TmuxHarness {
    /// The tmux executable, when installed.
    static let executable: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Locally the tmux tests are skipped, with a message, when tmux is missing; where
    /// `ZOETROPE_REQUIRE_TOOLS=1` or `CI=true` (.ci/run sets both) they run and fail instead.
    static var requirement: ConditionTrait {
        let environment = ProcessInfo.processInfo.environment
        let required = environment["ZOETROPE_REQUIRE_TOOLS"] == "1" || environment["CI"] == "true"
        return .enabled(if: executable != nil || required, "tmux is not installed: skipping the end-to-end player tests")
    }

    /// The built `zoetrope` command, next to the test bundle in the build folder.
    static var zoetropeExecutable: String {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        var folder = bundle
        // On macOS the test runner is inside an .xctest bundle; walk up to the build folder.
        while folder.path != "/" && !FileManager.default.fileExists(atPath: folder.appendingPathComponent("zoetrope").path) {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("zoetrope").path
    }

    let socket = "zoetrope-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let session = "play"

    /// Starts `command` (run by `sh -c`) in a new session of `columns` × `rows` cells.
    init(command: String, columns: Int, rows: Int) throws {
        try #require(Self.executable != nil, "tmux is not installed, and the player tests need it")
        // Not reading its output: the server it starts would keep the pipe open for its lifetime.
        try tmux(["-f", "/dev/null", "new-session", "-d", "-s", session, "-x", String(columns), "-y", String(rows),
                  command], readOutput: false)
    }

    deinit {
        _ = try? tmux(["kill-server"])
    }

    /// The pane's content; with escape sequences for colours when `escapes`, trailing spaces kept.
    func capture(escapes: Bool = true) throws -> String {
        try tmux(["capture-pane", "-p", "-N", "-t", session] + (escapes ? ["-e"] : []))
    }

    /// A tmux format string evaluated for the pane (`#{alternate_on}`, `#{cursor_flag}`, …).
    func display(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", session, format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Resizes the window (and so the pane, whose program gets SIGWINCH).
    func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", session, "-x", String(columns), "-y", String(rows)])
    }

    /// Types keys (tmux key names: `q`, `C-c`, `Space`).
    func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", session] + keys)
    }

    /// The processes started by the pane's shell.
    func childProcesses() throws -> [Int32] {
        let shell = try display("#{pane_pid}")
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        return children.split(separator: " ").compactMap { Int32($0) }
    }

    /// Captures until `predicate` holds for a capture (returned) or `timeout` passes (`nil`).
    func waitForCapture(timeout: Duration = .seconds(10), escapes: Bool = true,
                        _ predicate: (String) -> Bool) throws -> String? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let screen = try capture(escapes: escapes)
            if predicate(screen) { return screen }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return nil
    }

    @discardableResult
    private func tmux(_ arguments: [String], readOutput: Bool = true) throws -> String {
        try runProgram([Self.executable ?? "tmux", "-L", socket] + arguments, readOutput: readOutput).output
    }
}

/// Runs a program and returns its standard output and exit status, failing (``DeadlineExceeded``)
/// when it has not finished within 60 s.
///
/// Through ``Subprocess``, not `Foundation.Process`: that starts children with the calling
/// thread's signal mask, and test threads block almost every signal, which the tmux server then
/// inherits and dies of. Here the child gets an empty mask and default signal actions.
func runProgram(_ arguments: [String], readOutput: Bool = true) throws -> (output: String, status: Int32) {
    // Without `readOutput`, nothing is kept open: the tmux server this starts would hold a pipe
    // open for its whole life.
    let result = try Subprocess.run(arguments, inputFile: "/dev/null", outputFile: readOutput ? nil : "/dev/null",
                                    errorFile: "/dev/null", seconds: 60)
    return (String(decoding: result.standardOutput, as: UTF8.self), result.status)
}

/// One cell of a captured pane: its character and colours (`nil` = the default colour).
struct CapturedCell: Equatable {
    var character: Character
    var foreground: [Int]?
    var background: [Int]?
}

/// Splits a line of `capture-pane -e` output into cells, following its SGR sequences.
func parseCapturedLine(_ line: Substring) -> [CapturedCell] {
    var cells: [CapturedCell] = []
    var foreground: [Int]?, background: [Int]?
    var characters = Array(line)
    var index = 0
    while index < characters.count {
        if characters[index] == "\u{1B}", index + 1 < characters.count, characters[index + 1] == "[" {
            var end = index + 2
            while end < characters.count, !(characters[end].asciiValue.map { (0x40...0x7E).contains($0) } ?? false) {
                end += 1
            }
            guard end < characters.count else { break }
            if characters[end] == "m" {
                let parameters = String(characters[(index + 2)..<end]).split(separator: ";", omittingEmptySubsequences: false)
                    .map { Int($0) ?? 0 }
                var p = 0
                while p < parameters.count {
                    switch parameters[p] {
                    case 0: foreground = nil; background = nil
                    case 39: foreground = nil
                    case 49: background = nil
                    case 38, 48:
                        let isForeground = parameters[p] == 38
                        var color: [Int]?
                        if p + 4 < parameters.count, parameters[p + 1] == 2 {
                            color = Array(parameters[(p + 2)...(p + 4)]); p += 4
                        } else if p + 2 < parameters.count, parameters[p + 1] == 5 {
                            color = [parameters[p + 2]]; p += 2
                        }
                        if isForeground { foreground = color } else { background = color }
                    default: break
                    }
                    p += 1
                }
            }
            index = end + 1
            continue
        }
        cells.append(CapturedCell(character: characters[index], foreground: foreground, background: background))
        index += 1
    }
    characters.removeAll()
    return cells
}
