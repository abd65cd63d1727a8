#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import Zoetrope

/// Canvases bigger than the memory the process may use: each command ends with one line and
/// status 1 (or succeeds within the limit), never with a signal. The limit is 512 MiB of address
/// space (`ulimit -v 524288`), set in a shell that then runs the command: the 10000×10000 lossless
/// WebP never fits (its decoder needs 762 MiB), the APNG's 381 MiB image does and `info` and
/// `timeline` succeed, and every encoder refuses. (Under `ulimit -v 1048576` the same commands
/// refuse or succeed within the limit in the release build; docs/cli.md describes the messages.)
///
/// A sanitizer's shadow memory needs terabytes of address space, so under one the limit cannot be
/// set: the test then runs the commands on the same files at 1000×1000, without a limit, for the
/// sanitizer to check the memory safety of those paths.
@Suite("zoetrope under a memory limit")
struct MemoryLimitTests {
    /// `ulimit -v` in KiB: 512 MiB of address space.
    static let addressSpaceKiB = 524_288

    /// The commands run on each file (`FILE` is replaced by its name).
    static let commands = [
        "info FILE", "info --json FILE", "frames FILE -o out", "timeline FILE --seconds 1",
        "convert FILE out.png", "convert FILE out.webp", "convert FILE out.gif",
    ]

    /// The side of the test canvases: 10000, or 1000 under a sanitizer (see above).
    static let side = isSanitized ? 1_000 : 10_000

    @Test("a 10000×10000 canvas ends each command with one line and status 1, or succeeds; never a signal",
          arguments: [HugeCanvas.losslessWebP(side: side), HugeCanvas.apng(side: side)])
    func hugeCanvas(_ file: HugeCanvas) throws {
        let folder = try TemporaryFolder()
        try folder.write(file.bytes, to: file.name)
        for command in Self.commands {
            let arguments = command.replacingOccurrences(of: "FILE", with: file.name)
            let result = try Self.run(arguments, in: folder)
            let context = "zoetrope \(arguments) (\(file.bytes.count)-byte \(file.name)): status \(result.status), "
                + "signal? \(result.signaled), stderr: \(result.standardError)"
            #expect(!result.signaled && (result.status == 0 || result.status == 1), "\(context)")
            if result.status == 1 {
                #expect(result.errorLines.count == 1, "\(context)")
                #expect(result.standardError.contains("limit") || result.standardError.contains("memory"), "\(context)")
            }
            _ = try? FileManager.default.removeItem(atPath: folder.path("out"))
        }
    }

    /// Runs `zoetrope ARGUMENTS` under the address-space limit (none under a sanitizer), stopped
    /// after two minutes (a kill shows as status 137).
    private static func run(_ arguments: String, in folder: TemporaryFolder) throws -> CommandRunner.Result {
        let limit = isSanitized ? "" : "ulimit -v \(addressSpaceKiB) && "
        return try CommandRunner.shell("\(limit)exec timeout -s KILL 120 \"$ZOETROPE\" \(arguments)", in: folder.url)
    }

    /// Whether this process (and so the command built with it) runs under a sanitizer.
    private static let isSanitized = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil
        || dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil
}
