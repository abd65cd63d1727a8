import Foundation
import Testing
import Zoetrope

/// `zoetrope play` run for real inside tmux: what the pane shows, and the terminal afterwards.
// 10 minutes, as the other terminal suites: the README's `swift test` runs every suite at once, the
// codec kernels unoptimised among them, and on two cores a player test exceeded 5 (28 Nov).
@Suite("zoetrope play in tmux", .serialized, TmuxHarness.requirement, .timeLimit(.minutes(10)))
struct TmuxPlayTests {
    static let red = [255, 0, 0], green = [0, 255, 0], blue = [0, 0, 255], white = [255, 255, 255]

    /// A 4×4 GIF looping forever: frame 1 red over blue (top and bottom halves), frame 2 green
    /// beside white (left and right halves), 1 s each.
    static func writeGIF(stripes: Bool = false) throws -> String {
        var first = RGBAImage(width: 4, height: 4), second = RGBAImage(width: 4, height: 4)
        // Stripes: pixel rows red, blue, green, white, so each cell's top and bottom pixels differ.
        let rows: [(UInt8, UInt8, UInt8, UInt8)] = stripes ? [(255, 0, 0, 255), (0, 0, 255, 255), (0, 255, 0, 255), (255, 255, 255, 255)]
            : [(255, 0, 0, 255), (255, 0, 0, 255), (0, 0, 255, 255), (0, 0, 255, 255)]
        for y in 0..<4 {
            for x in 0..<4 {
                first[x, y] = rows[y]
                second[x, y] = x < 2 ? (0, 255, 0, 255) : (255, 255, 255, 255)
            }
        }
        let gif = try GIFEncoder.encode(frames: [first, second], durations: [.seconds(1)], playCount: .infinite)
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("zoetrope-tmux-\(getpid())-\(UUID().uuidString).gif").path
        try Data(gif).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Starts the player in a 40×12 pane; after it exits the shell prints its status and whether
    /// the terminal is back in canonical mode with echo, then waits.
    static func startPlayer(extraArguments: String = "", stripes: Bool = false) throws -> (TmuxHarness, String) {
        let binary = TmuxHarness.zoetropeExecutable
        #expect(FileManager.default.isExecutableFile(atPath: binary), "build the zoetrope command first: \(binary)")
        let gif = try writeGIF(stripes: stripes)
        let command = "'\(binary)' play '\(gif)' --renderer truecolor --info \(extraArguments); echo EXIT=$?; "
            + "stty -a | tr ' ' '\\n' | grep -x -e '-*icanon' -e '-*echo' | tr '\\n' ' '; sleep 60"
        return (try TmuxHarness(command: command, columns: 40, rows: 12), gif)
    }

    /// The first two rows of cells of a capture, each cut or padded to 5 cells (tmux leaves out
    /// cells never written, which show the default background).
    static func imageRows(_ screen: String) -> [[CapturedCell]] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).prefix(2).map { line in
            let cells = parseCapturedLine(line)
            let blank = CapturedCell(character: " ", foreground: nil, background: nil)
            return (0..<5).map { $0 < cells.count ? cells[$0] : blank }
        }
    }

    /// After the player exited: the main screen, the cursor shown and autowrap back on (tmux's pane
    /// flags), and the shell's own output in the default colours (no SGR state left behind).
    static func expectRestored(_ tmux: TmuxHarness, _ after: String) throws {
        #expect(try tmux.display("#{alternate_on} #{cursor_flag} #{wrap_flag}") == "0 1 1")
        let coloured = try tmux.capture().split(separator: "\n")
            .filter { $0.contains("EXIT=") || $0.contains("icanon") }
            .flatMap(parseCapturedLine).filter { $0.foreground != nil || $0.background != nil }
        #expect(coloured.isEmpty, "the shell's output after the player is coloured: \(coloured)")
        #expect(after.contains("icanon echo") && !after.contains("-icanon") && !after.contains("-echo"))
    }

    /// The status the shell printed after the player exited.
    static func exitStatus(_ screen: String) -> Int? {
        screen.split(separator: "\n").lazy.map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.hasPrefix("EXIT=") }.flatMap { Int($0.dropFirst(5)) }
    }

    @Test("the pane shows each frame's colours in the right cells; q quits and restores the terminal")
    func playsAndQuits() throws {
        let (tmux, gif) = try Self.startPlayer()
        defer { try? FileManager.default.removeItem(atPath: gif) }

        let first = try #require(try tmux.waitForCapture { $0.contains("frame 1/2") })
        let firstRows = Self.imageRows(first)
        try #require(firstRows.count == 2)
        // While playing: alternate screen, cursor hidden, autowrap off (so the flags checked after
        // the player exits are seen to change).
        #expect(try tmux.display("#{alternate_on} #{cursor_flag} #{wrap_flag}") == "1 0 0")
        for column in 0..<4 {
            // Row 1 of cells shows pixel rows 0 and 1 (red), row 2 shows rows 2 and 3 (blue):
            // equal halves are drawn as spaces on the background colour.
            #expect(firstRows[0][column] == CapturedCell(character: " ", foreground: nil, background: Self.red))
            #expect(firstRows[1][column] == CapturedCell(character: " ", foreground: nil, background: Self.blue))
        }
        #expect(firstRows[0][4].background == nil)

        let second = try #require(try tmux.waitForCapture { $0.contains("frame 2/2") })
        for row in Self.imageRows(second) {
            #expect(row[0].background == Self.green && row[1].background == Self.green)
            #expect(row[2].background == Self.white && row[3].background == Self.white)
            #expect(row[4].background == nil)
        }

        try tmux.send("q")
        let after = try #require(try tmux.waitForCapture(escapes: false) { $0.contains("EXIT=") && $0.contains("icanon") })
        #expect(Self.exitStatus(after) == 0)
        try Self.expectRestored(tmux, after)
    }

    /// Ways playback ends other than `q`, and the exit status each gives.
    enum Ending: String, CaseIterable, Sendable {
        case sigterm, sigint, sighup, sigquit, controlC, lastPlay

        /// 128 + the signal's number (SIGHUP 1, SIGINT 2, SIGQUIT 3, SIGTERM 15), as shells report it.
        var expectedStatus: Int {
            [.sigterm: 143, .sigint: 130, .sighup: 129, .sigquit: 131, .controlC: 130, .lastPlay: 0][self] ?? -1
        }
    }

    @Test("SIGTERM, SIGINT, SIGHUP, SIGQUIT, Ctrl-C and the end of the last play all restore the terminal",
          arguments: Ending.allCases)
    func otherEndings(_ ending: Ending) throws {
        let (tmux, gif) = try Self.startPlayer(extraArguments: ending == .lastPlay ? "--loops 1" : "")
        defer { try? FileManager.default.removeItem(atPath: gif) }
        _ = try #require(try tmux.waitForCapture { $0.contains("frame 1/2") })
        let player = try #require(try tmux.childProcesses().first)
        switch ending {
        case .sigterm: kill(player, SIGTERM)
        case .sigint: kill(player, SIGINT)
        case .sighup: kill(player, SIGHUP)
        case .sigquit: kill(player, SIGQUIT)
        case .controlC: try tmux.send("C-c")
        case .lastPlay: break // two frames of 1 s, then it ends by itself
        }
        let after = try #require(try tmux.waitForCapture(escapes: false) { $0.contains("EXIT=") && $0.contains("icanon") })
        #expect(Self.exitStatus(after) == ending.expectedStatus)
        try Self.expectRestored(tmux, after)
    }
}

extension TmuxPlayTests {
    @Test("a cell whose top and bottom pixels differ shows ▀ in the top colour over the bottom colour")
    func halfBlocks() throws {
        let (tmux, gif) = try Self.startPlayer(stripes: true)
        defer { try? FileManager.default.removeItem(atPath: gif) }
        let screen = try #require(try tmux.waitForCapture { $0.contains("frame 1/2") })
        let rows = Self.imageRows(screen)
        for column in 0..<4 {
            #expect(rows[0][column] == CapturedCell(character: "▀", foreground: Self.red, background: Self.blue))
            #expect(rows[1][column] == CapturedCell(character: "▀", foreground: Self.green, background: Self.white))
        }
        try tmux.send("q")
        _ = try #require(try tmux.waitForCapture(escapes: false) { $0.contains("EXIT=") })
    }

    @Test("a window resize lays the image out again: 4×4 pixels in 2 columns become one row of ▀")
    func resize() throws {
        let (tmux, gif) = try Self.startPlayer(extraArguments: "--rate 0.0625")
        defer { try? FileManager.default.removeItem(atPath: gif) }
        _ = try #require(try tmux.waitForCapture { $0.contains("frame 1/2") })
        // 2 columns and 3 rows, one of them for the status line: the 4×4 image shrinks to 2×2
        // pixels, its top row red and bottom row blue, drawn in one row of two cells.
        try tmux.resize(columns: 2, rows: 3)
        let resized = try #require(try tmux.waitForCapture { screen in
            let rows = Self.imageRows(screen)
            return rows[0][0].character == "▀" && rows[1][0].character != "▀"
        })
        let rows = Self.imageRows(resized)
        #expect(rows[0][0] == CapturedCell(character: "▀", foreground: Self.red, background: Self.blue))
        #expect(rows[0][1] == CapturedCell(character: "▀", foreground: Self.red, background: Self.blue))
        try tmux.resize(columns: 40, rows: 12) // room for the shell's EXIT= line
        try tmux.send("q")
        let after = try #require(try tmux.waitForCapture(escapes: false) { $0.contains("EXIT=") })
        #expect(Self.exitStatus(after) == 0)
    }
}

@Suite("zoetrope play without a terminal", .timeLimit(.minutes(5)))
struct PlayToPipeTests {
    @Test("output to a pipe gets the first frame inline, then the command exits")
    func firstFrameInline() throws {
        let gif = try TmuxPlayTests.writeGIF()
        defer { try? FileManager.default.removeItem(atPath: gif) }
        let run = try runProgram([TmuxHarness.zoetropeExecutable, "play", gif, "--renderer", "truecolor"])
        #expect(run.status == 0)
        #expect(run.output == "\u{1B}[48;2;255;0;0m    \u{1B}[0m\n\u{1B}[48;2;0;0;255m    \u{1B}[0m\n")
    }

    @Test("bad options and missing files are errors with a non-zero status and nothing on standard output")
    func errors() throws {
        let missing = try runProgram([TmuxHarness.zoetropeExecutable, "play", "/nonexistent/cat.gif"])
        #expect(missing.status == 1 && missing.output.isEmpty)
        let badMode = try runProgram([TmuxHarness.zoetropeExecutable, "play", "--mode", "sideways"])
        #expect(badMode.status == 64 && badMode.output.isEmpty)
    }
}
