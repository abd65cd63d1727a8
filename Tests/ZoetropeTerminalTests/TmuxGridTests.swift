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
        // The memory the player accounts for, cut at 40 columns.
        #expect(first.contains("2/2 playing  memory "))

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

/// Tiles keep frames at the size they show: the grid's status line gives the memory held.
@Suite("zoetrope play keeps tile-sized frames in tmux", .serialized,
       .enabled(if: TmuxHarness.executable != nil, "tmux is not installed: skipping the grid tests"))
struct TmuxGridFrameSizeTests {
    /// A 400×200 GIF of three full frames of different colours, 100 ms each, looping.
    static func writeLargeGIF() throws -> String {
        let colours: [(UInt8, UInt8, UInt8, UInt8)] = [(255, 0, 0, 255), (0, 255, 0, 255), (0, 0, 255, 255)]
        let frames = colours.map { colour in
            var frame = RGBAImage(width: 400, height: 200)
            for y in 0..<200 { for x in 0..<400 { frame[x, y] = x < 200 ? colour : (255, 255, 255, 255) } }
            return frame
        }
        let gif = try GIFEncoder.encode(frames: frames, durations: [.milliseconds(100)], playCount: .infinite)
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("zoetrope-tmux-large-\(getpid())-\(UUID().uuidString).gif").path
        try Data(gif).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The animations' memory (in bytes, from `(12.3 kB animations` or, in the total's unit,
    /// `memory 13.1 MB (0.2 animations`; `memory 12.3 kB / …` where the system gives no resident
    /// memory) and the frames decoded, as the grid's status line gives them (the count only when
    /// the window is wide enough to show it).
    static func status(_ screen: String) -> (memory: Double, decoded: Int?)? {
        let words = screen.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "(" })
        let units: [Substring: Double] = ["B": 1, "kB": 1e3, "MB": 1e6, "GB": 1e9]
        guard let memory = words.firstIndex(of: "memory"), memory + 2 < words.count else { return nil }
        let count = words.firstIndex(of: "decoded").flatMap { $0 + 1 < words.count ? Int(words[$0 + 1]) : nil }
        var (number, unit) = (words[memory + 1], words[memory + 2])
        if let animations = words.firstIndex(of: "animations"), animations > memory + 3 {
            number = units[words[animations - 1]] == nil ? words[animations - 1] : words[animations - 2]
            if units[words[animations - 1]] != nil { unit = words[animations - 1] }
        }
        guard let value = Double(number), let scale = units[unit] else { return nil }
        return (value * scale, count)
    }

    @Test("a 400×200 file shown twice keeps frames at tile size (far below its 960 kB of full frames); a resize decodes them again at the new size")
    func tileSizedFrames() throws {
        let gif = try Self.writeLargeGIF()
        defer { try? FileManager.default.removeItem(atPath: gif) }
        let binary = TmuxHarness.zoetropeExecutable
        let tmux = try TmuxHarness(command: "'\(binary)' play '\(gif)' '\(gif)' --renderer truecolor --info; sleep 60",
                                   columns: 64, rows: 12)
        // One image (the same file twice): every frame decoded once and the canvas (320 kB) let
        // go, so only tile-sized frames (and the poster) stay. 64 columns end the status line
        // before its decode count.
        let small = try #require(try tmux.waitForCapture(timeout: .seconds(30), escapes: false) { screen in
            Self.status(screen).map { $0.memory > 0 && $0.memory < 20_000 && ($0.decoded ?? 3) >= 3 } ?? false
        }.flatMap(Self.status))
        try tmux.resize(columns: 120, rows: 30)
        // Larger tiles: every frame decoded again, at the larger size, still far below full size.
        let large = try #require(try tmux.waitForCapture(timeout: .seconds(30), escapes: false) { screen in
            Self.status(screen).map { $0.decoded.map { $0 >= 6 } ?? false && $0.memory > small.memory && $0.memory < 100_000 }
                ?? false
        }.flatMap(Self.status))
        #expect(large.memory > small.memory)
    }

    @Test("one file keeps frames at the size shown too, and a resize decodes them again at the new size")
    func singleFileFrameSize() throws {
        let gif = try Self.writeLargeGIF()
        defer { try? FileManager.default.removeItem(atPath: gif) }
        let binary = TmuxHarness.zoetropeExecutable
        let tmux = try TmuxHarness(command: "'\(binary)' play '\(gif)' --renderer truecolor --info; sleep 60",
                                   columns: 100, rows: 12)
        // Three frames of at most 44×22 pixels (half blocks): 11.6 kB, against 960 kB at full size;
        // the canvas is let go once every frame is held.
        let small = try #require(try tmux.waitForCapture(timeout: .seconds(30), escapes: false) { screen in
            Self.memory(screen).map { $0 > 0 && $0 <= 12_000 } ?? false
        }.flatMap(Self.memory))
        try tmux.resize(columns: 160, rows: 50)
        // At most 160×80 pixels now: every frame decoded again at that size, still far below full size.
        let large = try #require(try tmux.waitForCapture(timeout: .seconds(30), escapes: false) { screen in
            Self.memory(screen).map { $0 > 3 * small && $0 <= 3 * 160 * 80 * 4 } ?? false
        }.flatMap(Self.memory))
        #expect(large < 960_000 / 4)
    }

    /// The animation's memory the single player's status line gives, in bytes.
    static func memory(_ screen: String) -> Double? {
        status(screen.replacingOccurrences(of: " animation ", with: " animations ") + " decoded 0").map(\.memory)
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
