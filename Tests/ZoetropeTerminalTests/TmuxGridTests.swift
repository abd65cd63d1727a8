import Foundation
import Testing
import Zoetrope

/// `zoetrope play` of several files inside tmux: tiles in a grid or a column on one clock.
@Suite("zoetrope play of several files in tmux", .serialized, .enabled(if: TmuxHarness.executable != nil,
                                                                    "tmux is not installed: skipping the grid tests"))
struct TmuxGridTests {
    /// The background colours of cells `columns` in row `row` (0-based) of a capture.
    static func backgrounds(_ screen: String, row: Int, columns: Range<Int>) -> [[Int]?] {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        guard row < lines.count else { return columns.map { _ in nil } }
        let cells = parseCapturedLine(lines[row])
        return columns.map { $0 < cells.count ? cells[$0].background : nil }
    }

    /// Starts `zoetrope play` with `arguments` in a 40×12 pane; the shell prints the exit status after.
    static func start(_ arguments: String) throws -> TmuxHarness {
        let binary = TmuxHarness.zoetropeExecutable
        let command = "'\(binary)' play \(arguments) --renderer truecolor --info; echo EXIT=$?; sleep 60"
        return try TmuxHarness(command: command, columns: 40, rows: 12)
    }

    @Test("two files play side by side, both changing frame together; the status line gives the memory; q quits")
    func grid() throws {
        let gif = try TmuxPlayTests.writeGIF()
        defer { try? FileManager.default.removeItem(atPath: gif) }
        let tmux = try Self.start("'\(gif)' '\(gif)'")
        // 40 columns, 2 tiles: 19 columns each with a blank column between; the 4×4 image takes
        // 4 columns and 2 rows at the top left of each tile (columns 1–4 and 21–24).
        let red = TmuxPlayTests.red, blue = TmuxPlayTests.blue, green = TmuxPlayTests.green, white = TmuxPlayTests.white
        let first = try #require(try tmux.waitForCapture {
            Self.backgrounds($0, row: 0, columns: 20..<24) == [red, red, red, red] && $0.contains("2/2 playing")
        })
        for tile in [0, 20] {
            #expect(Self.backgrounds(first, row: 0, columns: tile..<tile + 4) == [red, red, red, red])
            #expect(Self.backgrounds(first, row: 1, columns: tile..<tile + 4) == [blue, blue, blue, blue])
        }
        #expect(Self.backgrounds(first, row: 0, columns: 4..<20).allSatisfy { $0 == nil })
        #expect(first.contains("memory ") && first.contains(" B / "))

        let second = try #require(try tmux.waitForCapture {
            Self.backgrounds($0, row: 0, columns: 0..<4) == [green, green, white, white]
        })
        #expect(Self.backgrounds(second, row: 1, columns: 20..<24) == [green, green, white, white])
        try tmux.send("q")
        let after = try #require(try tmux.waitForCapture(escapes: false) { $0.contains("EXIT=") })
        #expect(TmuxPlayTests.exitStatus(after) == 0)
    }

    @Test("a column of tiles 4 rows high: the tile below the window is not played")
    func column() throws {
        let gif = try TmuxPlayTests.writeGIF()
        defer { try? FileManager.default.removeItem(atPath: gif) }
        let tmux = try Self.start("'\(gif)' '\(gif)' '\(gif)' --layout column --height 4 --loops 1")
        let screen = try #require(try tmux.waitForCapture { $0.contains("2/3 playing") && $0.contains("1 off screen") })
        // Tiles at rows 1–4 and 6–9; the third (rows 11–14) does not fit above the status row.
        for row in [0, 5] {
            #expect(Self.backgrounds(screen, row: row, columns: 0..<4) .allSatisfy { $0 != nil })
        }
        #expect(Self.backgrounds(screen, row: 10, columns: 0..<4).allSatisfy { $0 == nil })
        // One play of two 1 s frames, then the command ends by itself.
        let after = try #require(try tmux.waitForCapture(escapes: false) { $0.contains("EXIT=") })
        #expect(TmuxPlayTests.exitStatus(after) == 0)
    }
}

@Suite("zoetrope play of several files without a terminal")
struct GridToPipeTests {
    @Test("output to a pipe gets each file's first frame inline, in order; - may be given once only")
    func firstFrames() throws {
        let gif = try TmuxPlayTests.writeGIF()
        defer { try? FileManager.default.removeItem(atPath: gif) }
        let run = try runProgram([TmuxHarness.zoetropeExecutable, "play", gif, gif, "--renderer", "truecolor"])
        let frame = "\u{1B}[48;2;255;0;0m    \u{1B}[0m\n\u{1B}[48;2;0;0;255m    \u{1B}[0m\n"
        #expect(run.status == 0 && run.output == frame + frame)
        let twice = try runProgram([TmuxHarness.zoetropeExecutable, "play", "-", "-"])
        #expect(twice.status == 64 && twice.output.isEmpty)
    }
}
