import Foundation
import Testing
import Zoetrope

/// `zoetrope play` on a terminal that is not being read (a stalled ssh session): its writes block,
/// and a terminating signal must still end it.
@Suite("zoetrope play on a terminal nobody reads", .timeLimit(.minutes(10)))
struct StalledTerminalTests {
    /// A Linux pseudo-terminal of 120×40 cells whose other end the test never reads.
    final class Pseudoterminal {
        let master: Int32
        let name: String

        init() throws {
            master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
            try #require(master >= 0)
            // TIOCSPTLCK (unlock the other end) and TIOCGPTN (its number): posix_openpt, grantpt,
            // unlockpt and ptsname without the headers Swift does not import.
            var unlock: Int32 = 0, number: UInt32 = 0
            try #require(ioctl(master, 0x4004_5431, &unlock) == 0 && ioctl(master, 0x8004_5430, &number) == 0)
            name = "/dev/pts/\(number)"
            var size = winsize(ws_row: 40, ws_col: 120, ws_xpixel: 0, ws_ypixel: 0)
            _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        }

        deinit { close(master) }
    }

    /// Starts `arguments` with standard input and output on `terminal` (standard error to
    /// /dev/null), an empty signal mask and default signal actions.
    static func spawn(_ arguments: [String], terminal: String) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, terminal, O_RDWR | O_NOCTTY, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var cArguments = arguments.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        var pid = pid_t()
        try #require(posix_spawn(&pid, arguments[0], &actions, &attributes, &cArguments, environ) == 0)
        return pid
    }

    /// Whether a thread of `pid` waits in the kernel for room to write to a terminal.
    static func isBlockedWriting(_ pid: pid_t) -> Bool {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.contains { task in
            let wait = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/wchan", encoding: .utf8)) ?? ""
            return wait == "wait_woken" || wait.contains("tty_write")
        }
    }

    /// The exit status of `pid` (128 + signal when a signal ended it) once it exits, or `nil` when
    /// it is still running after `timeout` (it is then killed).
    static func waitForExit(_ pid: pid_t, timeout: Duration) -> Int32? {
        let deadline = ContinuousClock.now + timeout
        var status: Int32 = 0
        while ContinuousClock.now < deadline {
            if waitpid(pid, &status, WNOHANG) == pid {
                return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
            }
            usleep(20_000)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        return nil
    }

    @Test("SIGTERM ends play while its writes to the terminal are blocked",
          .enabled(if: FileManager.default.fileExists(atPath: "/dev/ptmx") && FileManager.default.fileExists(atPath: "/proc/self/task"),
                   "needs Linux pseudo-terminals and /proc"))
    func sigtermWhileStalled() throws {
        let terminal = try Pseudoterminal()
        let pid = try Self.spawn([TmuxHarness.zoetropeExecutable, "play", "--renderer", "truecolor"], terminal: terminal.name)
        // The built-in animation redraws every frame: the terminal's queue fills within moments.
        let stallDeadline = ContinuousClock.now + .seconds(10)
        while !Self.isBlockedWriting(pid) && ContinuousClock.now < stallDeadline { usleep(20_000) }
        #expect(Self.isBlockedWriting(pid), "the player never blocked writing to the terminal")
        kill(pid, SIGTERM)
        let status = Self.waitForExit(pid, timeout: .seconds(8))
        #expect(status == 128 + SIGTERM, "status \(status.map(String.init) ?? "none: still running after 8 s, killed")")
    }
}

/// `zoetrope play -` given too little input: an error saying why, never an empty image.
@Suite("zoetrope play - with too little input", .timeLimit(.minutes(10)))
struct PlayTooLittleInputTests {
    /// Runs `zoetrope ARGUMENTS` with `input` as standard input; its status, standard output and
    /// standard error, or `nil` when it did not exit within 20 s (it is then killed).
    static func run(_ arguments: [String], input: [UInt8]) throws -> (status: Int32, output: [UInt8], error: String)? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = ["in", "out", "err"].map { folder.appendingPathComponent($0).path }
        try Data(input).write(to: URL(fileURLWithPath: paths[0]))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, paths[0], O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, paths[1], O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, paths[2], O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let all = [TmuxHarness.zoetropeExecutable] + arguments
        var cArguments = all.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        var pid = pid_t()
        try #require(posix_spawn(&pid, all[0], &actions, nil, &cArguments, environ) == 0)
        guard let status = StalledTerminalTests.waitForExit(pid, timeout: .seconds(20)) else { return nil }
        return (status, [UInt8](try Data(contentsOf: URL(fileURLWithPath: paths[1]))),
                try String(contentsOfFile: paths[2], encoding: .utf8))
    }

    static let gif: [UInt8] = {
        let frames = (0..<3).map { index -> RGBAImage in
            var image = RGBAImage(width: 40, height: 30)
            for y in 0..<30 { for x in 0..<40 { image[x, y] = (UInt8(x * 6), UInt8(y * 8), UInt8(index * 80), 255) } }
            return image
        }
        return try! GIFEncoder.encode(frames: frames, durations: [.milliseconds(100)], playCount: .infinite)
    }()

    @Test("no bytes, a signature alone, or a header without a frame: one line saying why, status 1, nothing drawn",
          arguments: [("empty", 0, "not a GIF, PNG or WebP"), ("signature", 6, "GIF: the file ends inside"),
                      ("header", 13, "GIF: the file ends inside")] as [(String, Int, String)])
    func tooLittle(name: String, length: Int, reason: String) throws {
        for mode in [["--once"], ["--animate"], []] { // output to a file: one frame, or played
            let result = try #require(try Self.run(["play", "-", "--renderer", "truecolor"] + mode,
                                                   input: Array(Self.gif.prefix(length))), "\(name) \(mode): no exit")
            #expect(result.status == 1, "\(name) \(mode)")
            #expect(result.output.isEmpty, "\(name) \(mode)")
            let lines = result.error.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].hasPrefix("zoetrope play: <standard input>: ") && lines[0].contains(reason),
                    "\(name) \(mode): \(result.error)")
        }
    }

    @Test("a whole image through standard input draws its first frame")
    func enough() throws {
        let result = try #require(try Self.run(["play", "-", "--once", "--renderer", "truecolor", "--width", "4"], input: Self.gif))
        #expect(result.status == 0 && !result.output.isEmpty && result.error.isEmpty)
    }
}
