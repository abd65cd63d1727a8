import Foundation
import Testing
import Zoetrope
import ZoetropeTestSupport

/// The command's failure paths, run for real: system calls made to fail through the command's
/// test seam (`ZOETROPE_TEST_FAULT`), signals at a known moment of a conversion, a file size
/// limit, input that ends early and inputs that cannot be read.
@Suite("zoetrope failure paths, injected")
struct FaultInjectionTests {
    static let oldOutput = Array("the old output".utf8)

    /// A folder holding `in.gif` (three frames) and an existing `out.gif` to be kept on failure.
    static func folderWithOldOutput() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(try CommandLineTests.sampleGIF(), to: "in.gif")
        try folder.write(oldOutput, to: "out.gif")
        return folder
    }

    @Test("a failing system call fails the command with one line, keeps the old output and leaves no temporary file",
          arguments: [
              ("create", "cannot create a temporary file beside out.gif: Permission denied"),
              ("write", "cannot write out.gif: No space left on device"),
              ("write@40", "cannot write out.gif: No space left on device"),
              ("fsync", "cannot write out.gif: Input/output error"),
              ("close", "cannot write out.gif: Input/output error"),
              ("rename", "cannot replace out.gif: Invalid cross-device link"),
          ])
    func failingCall(fault: String, message: String) throws {
        let folder = try Self.folderWithOldOutput()
        let result = try CommandRunner.run(["convert", "in.gif", "out.gif"], in: folder.url,
                                           environment: ["ZOETROPE_TEST_FAULT": fault])
        #expect(result.status == 1, "\(fault)")
        #expect(result.errorLines == ["zoetrope convert: \(message)"], "\(fault)")
        #expect(try folder.read("out.gif") == Self.oldOutput, "\(fault)")
        #expect(try folder.names() == ["in.gif", "out.gif"], "\(fault)")
    }

    @Test("frames stops at a failing write and leaves no temporary file in the folder")
    func framesWriteFailure() throws {
        let folder = try TemporaryFolder()
        try folder.write(try CommandLineTests.sampleGIF(), to: "in.gif")
        let result = try CommandRunner.run(["frames", "in.gif", "-o", "d"], in: folder.url,
                                           environment: ["ZOETROPE_TEST_FAULT": "fsync"])
        #expect(result.status == 1)
        #expect(result.errorLines == ["zoetrope frames: cannot write d/frame-0000.png: Input/output error"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("d")).isEmpty)
    }

    /// Every signal that ends a process by default and can be caught, sent while `convert` has
    /// written part of its temporary file.
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGVTALRM,
                                   SIGPROF, SIGXCPU, SIGIO, SIGPWR]

    @Test("a signal during convert removes the temporary file, keeps the old output and ends the command by that signal",
          arguments: signals)
    func signalDuringConvert(signal: Int32) throws {
        let folder = try Self.folderWithOldOutput()
        let child = try CommandRunner.start(["convert", "in.gif", "out.gif"], in: folder.url,
                                            environment: ["ZOETROPE_TEST_FAULT": "pause"])
        let before = try child.readStandardError { $0.contains("zoetrope: paused\n") }
        try #require(before == "zoetrope: paused\n", "the conversion did not reach its pause: \(before)")
        #expect(try folder.names().contains { $0.hasPrefix(".out.gif.zoetrope-") }, "a temporary file is being written")
        child.send(signal)
        #expect(try child.wait() == Subprocess.Termination(status: nil, signal: signal))
        // No crash report (SIGQUIT went to the Swift runtime's backtracer before), nothing at all.
        #expect(try child.readStandardError { _ in false } == "")
        #expect(try folder.read("out.gif") == Self.oldOutput)
        #expect(try folder.names() == ["in.gif", "out.gif"])
    }

    @Test("an output beyond the file size limit fails with a message (SIGXFSZ is ignored) and keeps the old output")
    func fileSizeLimit() throws {
        let folder = try Self.folderWithOldOutput()
        // Noise does not compress: 24 frames of 64×64 make about 400 KB of APNG at level 0.
        var generator = SystemRandomNumberGenerator()
        let frames = (0..<24).map { _ in
            RGBAImage(width: 64, height: 64, pixels: (0..<64 * 64 * 4).map { $0 % 4 == 3 ? 255 : UInt8.random(in: 0...255, using: &generator) })
        }
        try folder.write(try APNGEncoder.encode(frames: frames, durations: Array(repeating: .milliseconds(50), count: 24), playCount: .infinite, level: 0),
                         to: "noise.png")
        try folder.write(Self.oldOutput, to: "out.png")
        // `ulimit -f` counts 512-byte blocks in sh (dash): 64 KiB.
        let result = try CommandRunner.shell("ulimit -f 128 && exec \"$ZOETROPE\" convert noise.png out.png --level 0", in: folder.url)
        #expect(result.signal == nil && result.status == 1)
        #expect(result.errorLines == ["zoetrope convert: cannot write out.png: File too large"])
        #expect(try folder.read("out.png") == Self.oldOutput)
        #expect(try folder.names() == ["in.gif", "noise.png", "out.gif", "out.png"])
    }

    @Test("standard input that ends early: what arrived is used when a frame is whole, else one line and no output")
    func earlyEndOfInput() throws {
        let folder = try TemporaryFolder()
        let gif = try CommandLineTests.sampleGIF()
        // Cut inside the header: nothing to convert, nothing written.
        let header = try CommandRunner.run(["convert", "-", "out.gif"], in: folder.url, input: Array(gif.prefix(9)))
        #expect(header.status == 1)
        #expect(header.errorLines.count == 1 && header.errorLines[0].hasPrefix("zoetrope convert: <standard input>: GIF: "),
                "\(header.errorLines)")
        #expect(try folder.names() == [])
        // Cut in the last frame: the frames before it are converted, with a warning naming the damage.
        let image = try AnimatedImage(bytes: gif)
        let lastFrame = try #require(image.frames.last?.offset)
        let partial = try CommandRunner.run(["convert", "-", "out.gif"], in: folder.url, input: Array(gif.prefix(lastFrame + 4)))
        #expect(partial.status == 0)
        #expect(partial.errorLines.count == 1 && partial.errorLines[0].hasPrefix("zoetrope convert: <standard input>: warning: GIF: "),
                "\(partial.errorLines)")
        #expect(try AnimatedImage(bytes: try folder.read("out.gif")).frameCount == 2)
        #expect(try folder.names() == ["out.gif"])
    }

    @Test("info --json reports a file it cannot read as an io error, in place, and exits 1")
    func unreadableInput() throws {
        let folder = try TemporaryFolder()
        try folder.write(try CommandLineTests.sampleGIF(), to: "in.gif")
        try FileManager.default.createDirectory(atPath: folder.path("folder.gif"), withIntermediateDirectories: false)
        let result = try CommandRunner.run(["info", "--json", "in.gif", "folder.gif", "missing.gif"], in: folder.url)
        #expect(result.status == 1)
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput)) as? [[String: Any]])
        try #require(reports.count == 3)
        #expect(reports[0]["frameCount"] as? Int == 3)
        for (index, reason) in [(1, "Is a directory"), (2, "No such file or directory")] {
            let error = try #require(reports[index]["error"] as? [String: Any])
            #expect(error["kind"] as? String == "io")
            #expect((error["message"] as? String)?.hasSuffix(reason) == true, "\(error)")
        }
        #expect(result.errorLines.count == 2)
    }
}
