import Foundation
import Testing
import Zoetrope

/// `zoetrope play -` in tmux, its data arriving slowly through a pipe, its keys from the terminal.
// 10 minutes, as the other terminal suites: the README's `swift test` runs every suite at once, the
// codec kernels unoptimised among them, and on two cores a player test exceeded 5 (28 Nov).
@Suite("zoetrope play - in tmux", .serialized, TmuxHarness.requirement, .timeLimit(.minutes(10)))
struct TmuxPlayFromPipeTests {
    static let frameCount = 24

    /// A GIF of about 72 KB: 24 frames of 64×48 noise (LZW barely compresses it), 250 ms each.
    static func writeGIF() throws -> String {
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        let frames = (0..<frameCount).map { _ -> RGBAImage in
            var image = RGBAImage(width: 64, height: 48)
            for y in 0..<48 {
                for x in 0..<64 {
                    seed = seed &* 6364136223846793005 &+ 1442695040888963407
                    image[x, y] = (UInt8(truncatingIfNeeded: seed >> 56), UInt8(truncatingIfNeeded: seed >> 48), 60, 255)
                }
            }
            return image
        }
        let gif = try GIFEncoder.encode(frames: frames, durations: [.milliseconds(250)], playCount: .infinite)
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("zoetrope-pipe-\(getpid())-\(UUID().uuidString).gif").path
        try Data(gif).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Starts `zoetrope play -` in an 80×16 pane, fed `gif` 4 KB every 50 ms (then kept open for
    /// `hold` seconds); when the player exits the shell prints its status and whether the terminal
    /// is back in canonical mode with echo.
    static func start(_ gif: String, arguments: String, hold: Int = 0) throws -> TmuxHarness {
        let binary = TmuxHarness.zoetropeExecutable
        let size = try #require(try FileManager.default.attributesOfItem(atPath: gif)[.size] as? Int)
        let chunks = (size + 4095) / 4096
        let feeder = "i=0; while [ $i -lt \(chunks) ]; do dd if='\(gif)' bs=4096 skip=$i count=1 2>/dev/null; "
            + "sleep 0.05; i=$((i+1)); done; sleep \(hold)"
        let player = "'\(binary)' play - --renderer truecolor --info \(arguments); echo EXIT=$?; "
            + "stty -a < /dev/tty | tr ' ' '\\n' | grep -x -e '-*icanon' -e '-*echo' | tr '\\n' ' '"
        return try TmuxHarness(command: "(\(feeder)) | { \(player); }; sleep 60", columns: 80, rows: 16)
    }

    /// The frame numbers (1-based) status lines showed, in the order seen, each once.
    static func framesSeen(_ screens: [String]) -> [Int] {
        var seen: [Int] = []
        for screen in screens {
            guard let range = screen.range(of: #"frame (\d+)/"#, options: .regularExpression) else { continue }
            let number = Int(screen[range].dropFirst(6).dropLast()) ?? 0
            if seen.last != number { seen.append(number) }
        }
        return seen
    }

    @Test("fed 4 KB every 50 ms, it plays every frame as the data arrives, and finishes after the stream ends")
    func playsEveryFrame() throws {
        let gif = try Self.writeGIF()
        defer { try? FileManager.default.removeItem(atPath: gif) }
        let tmux = try Self.start(gif, arguments: "--loops 1")
        var screens: [String] = []
        let after = try tmux.waitForCapture(timeout: .seconds(30), escapes: false) { screen in
            screens.append(screen)
            return screen.contains("EXIT=")
        }
        let seen = Self.framesSeen(screens)
        // Frames advance in order from the first to the last while the data arrives. The screen is
        // sampled by polling tmux, which on a loaded machine can miss a 250 ms frame now and then:
        // at least half of them must be seen (a player frozen on frame 1 shows one).
        #expect(seen.first == 1 && seen.last == Self.frameCount, "frames shown: \(seen)")
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 < $1 }, "frames shown: \(seen)")
        #expect(seen.count >= Self.frameCount / 2, "frames shown: \(seen)")
        #expect(after.map(TmuxPlayTests.exitStatus) == 0)
        // The data arrived in under a second: some status lines said more frames were coming.
        #expect(screens.contains { $0.contains("+  play") })
    }

    @Test("keys come from the terminal while standard input is the data: space pauses, q quits and restores the terminal")
    func keysFromTheTerminal() throws {
        let gif = try Self.writeGIF()
        defer { try? FileManager.default.removeItem(atPath: gif) }
        let tmux = try Self.start(gif, arguments: "", hold: 30)
        _ = try #require(try tmux.waitForCapture { $0.contains("frame 2/") })
        try tmux.send("Space")
        _ = try #require(try tmux.waitForCapture { $0.contains("paused") })
        try tmux.send("q")
        // The feeder still holds the pipe open: the player ends by the key alone.
        let after = try #require(try tmux.waitForCapture(escapes: false) { $0.contains("EXIT=") && $0.contains("icanon") })
        #expect(TmuxPlayTests.exitStatus(after) == 0)
        #expect(after.contains("icanon echo") && !after.contains("-icanon") && !after.contains("-echo"))
    }
}
