import Foundation
import Testing
import Zoetrope
import ZoetropeTestSupport

/// The `zoetrope` command end to end, as a separate process: no data lost, pipes, formats, exit
/// statuses and messages.
@Suite("zoetrope command end to end")
struct CommandLineTests {
    /// A 6×4 GIF of three frames in a few colours, looping twice (three plays).
    static func sampleGIF() throws -> [UInt8] {
        var frames: [RGBAImage] = []
        for number in 0..<3 {
            var image = RGBAImage(width: 6, height: 4)
            for y in 0..<4 {
                for x in 0..<6 {
                    let on = (x + y + number) % 3 == 0
                    image[x, y] = on ? (255, UInt8(80 * number), 0, 255) : (0, 0, 255, 255)
                }
            }
            frames.append(image)
        }
        return try GIFEncoder.encode(frames: frames, durations: [.milliseconds(70)], playCount: .finite(3))
    }

    static func frames(_ bytes: [UInt8]) throws -> [RGBAImage] {
        let image = try AnimatedImage(bytes: bytes)
        var frames: [RGBAImage] = []
        try image.forEachFrame { _, frame in frames.append(frame) }
        return frames
    }

    @Test("convert refuses to write over its input, directly or through a symbolic or hard link")
    func refusesToReplaceInput() throws {
        let folder = try TemporaryFolder()
        let original = try Self.sampleGIF()
        try folder.write(original, to: "in.gif")
        try FileManager.default.createSymbolicLink(atPath: folder.path("symlink.gif"), withDestinationPath: folder.path("in.gif"))
        try FileManager.default.linkItem(atPath: folder.path("in.gif"), toPath: folder.path("hardlink.gif"))
        for target in ["in.gif", "./in.gif", "symlink.gif", "hardlink.gif"] {
            let result = try CommandRunner.run(["convert", "in.gif", target], in: folder.url)
            #expect(result.status == 1, "\(target)")
            #expect(result.errorLines.count == 1)
            #expect(result.standardError.contains("refusing to write over an input file"))
            #expect(try folder.read("in.gif") == original)
        }
        #expect(try folder.names() == ["hardlink.gif", "in.gif", "symlink.gif"])
    }

    @Test("a GIF converted to APNG and back to GIF keeps every frame, its timing and loop count")
    func roundTripThroughGIF() throws {
        let folder = try TemporaryFolder()
        let original = try Self.sampleGIF()
        try folder.write(original, to: "in.gif")
        #expect(try CommandRunner.run(["convert", "in.gif", "mid.png"], in: folder.url).status == 0)
        #expect(try CommandRunner.run(["convert", "mid.png", "out.gif"], in: folder.url).status == 0)
        let output = try folder.read("out.gif")
        #expect(Array(output.prefix(6)) == Array("GIF89a".utf8))
        #expect(try Self.frames(output) == Self.frames(original))
        let image = try AnimatedImage(bytes: output)
        #expect(image.playCount == .finite(3))
        #expect((0..<3).map { image.duration(at: $0) } == Array(repeating: .milliseconds(70), count: 3))
        #expect(try folder.names() == ["in.gif", "mid.png", "out.gif"])
    }

    @Test("a GIF converted to WebP (by extension or --format) keeps every frame, its timing and loop count")
    func convertToWebP() throws {
        let folder = try TemporaryFolder()
        let original = try Self.sampleGIF()
        try folder.write(original, to: "in.gif")
        #expect(try CommandRunner.run(["convert", "in.gif", "out.webp"], in: folder.url).status == 0)
        let piped = try CommandRunner.run(["convert", "-", "-", "--format", "webp", "--level", "9"], input: original)
        #expect(piped.status == 0 && piped.standardError.isEmpty)
        for output in [try folder.read("out.webp"), piped.standardOutput] {
            #expect(Array(output.prefix(4)) == Array("RIFF".utf8) && Array(output[8..<12]) == Array("WEBP".utf8))
            #expect(try Self.frames(output) == Self.frames(original))
            let image = try AnimatedImage(bytes: output)
            #expect(image.format == .webp)
            #expect(image.playCount == .finite(3))
            #expect((0..<3).map { image.duration(at: $0) } == Array(repeating: .milliseconds(70), count: 3))
        }
        #expect(try folder.names() == ["in.gif", "out.webp"])
    }

    @Test("- is standard input and output: cat f | zoetrope info -, convert - -")
    func pipes() throws {
        let original = try Self.sampleGIF()
        let info = try CommandRunner.run(["info", "--json", "-"], input: original)
        #expect(info.status == 0)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(info.standardOutput)) as? [[String: Any]])
        #expect(array.count == 1 && array[0]["frameCount"] as? Int == 3 && array[0]["schemaVersion"] as? Int == 2)
        let converted = try CommandRunner.run(["convert", "-", "-", "--format", "png"], input: original)
        #expect(converted.status == 0 && converted.standardError.isEmpty)
        #expect(Array(converted.standardOutput.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(try Self.frames(converted.standardOutput) == Self.frames(original))
        let raw = try CommandRunner.run(["frames", "-", "-o", "-", "--frames", "1"], input: original)
        #expect(raw.standardOutput == Array(try Self.frames(original)[1].pixels))
    }

    @Test("every command exits 1 with one line when standard output is full", arguments: [
        ["info", "in.gif"], ["info", "--json", "in.gif"], ["frames", "in.gif", "-o", "-"],
        ["convert", "in.gif", "-", "--format", "gif"], ["timeline", "in.gif", "--json"], ["timeline", "in.gif"],
        ["play", "in.gif", "--once"],
    ])
    func fullOutput(arguments: [String]) throws {
        let folder = try TemporaryFolder()
        try folder.write(try Self.sampleGIF(), to: "in.gif")
        let result = try CommandRunner.run(arguments, in: folder.url, outputFile: "/dev/full")
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1)
        // The same sentence in every subcommand: the failure is standard output's, not the file's.
        #expect(result.errorLines == ["zoetrope \(arguments[0]): cannot write to standard output: No space left on device"])
    }

    @Test("the output format comes from --format or the extension, never silently PNG")
    func outputFormat() throws {
        let folder = try TemporaryFolder()
        try folder.write(try Self.sampleGIF(), to: "in.gif")
        for arguments in [["convert", "in.gif", "out.foo"], ["convert", "in.gif", "-"], ["convert", "in.gif", "out.jpg"]] {
            let result = try CommandRunner.run(arguments, in: folder.url)
            #expect(result.status == 1 && result.errorLines.count == 1 && result.standardOutput.isEmpty)
            #expect(result.standardError.hasPrefix("zoetrope convert: "))
        }
        #expect(try CommandRunner.run(["convert", "in.gif", "out.foo", "--format", "gif"], in: folder.url).status == 0)
        #expect(Array(try folder.read("out.foo").prefix(3)) == Array("GIF".utf8))
        #expect(try folder.names() == ["in.gif", "out.foo"])
    }

    @Test("a failed conversion leaves the old output as it was and no temporary file")
    func failureKeepsOldOutput() throws {
        let folder = try TemporaryFolder()
        try folder.write(Array("not an image at all".utf8), to: "bad.gif")
        try folder.write([1, 2, 3], to: "out.png")
        let result = try CommandRunner.run(["convert", "bad.gif", "out.png"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("zoetrope convert: bad.gif: "))
        #expect(try folder.read("out.png") == [1, 2, 3])
        #expect(try folder.names() == ["bad.gif", "out.png"])
    }

    /// Whether this process may mount a tmpfs (root, with the capability): checked by mounting one.
    static let canMountTmpfs: Bool = {
        guard getuid() == 0, let folder = try? TemporaryFolder() else { return false }
        let result = try? CommandRunner.shell("mkdir probe && mount -t tmpfs -o size=16k tmpfs probe && umount probe", in: folder.url)
        return result?.status == 0
    }()

    @Test("on a full file system convert fails, keeps the old output and removes its partial file",
          .enabled(if: canMountTmpfs, "needs root and the right to mount a tmpfs"))
    func fullFileSystem() throws {
        let folder = try TemporaryFolder()
        let mountPoint = folder.path("small")
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        let mount = try CommandRunner.shell("mount -t tmpfs -o size=32k tmpfs small", in: folder.url)
        try #require(mount.status == 0, "mount: \(mount.standardError)")
        defer { _ = try? CommandRunner.shell("umount small", in: folder.url) }
        // A large, noisy animation that cannot fit in 32 KiB.
        var random = SystemRandomNumberGenerator()
        let frames = (0..<4).map { _ in
            RGBAImage(width: 96, height: 96, pixels: (0..<96 * 96 * 4).map { $0 % 4 == 3 ? 255 : UInt8.random(in: 0...255, using: &random) })
        }
        try folder.write(try APNGEncoder.encode(frames: frames, durations: Array(repeating: .milliseconds(50), count: 4),
                                                playCount: .infinite, level: 0), to: "big.png")
        let old = Array("the old output".utf8)
        try Data(old).write(to: URL(fileURLWithPath: mountPoint + "/out.png"))
        let result = try CommandRunner.run(["convert", "big.png", "small/out.png", "--level", "0"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.errorLines.count == 1 && result.standardError.contains("No space left on device"))
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: mountPoint + "/out.png"))) == old)
        #expect(try FileManager.default.contentsOfDirectory(atPath: mountPoint) == ["out.png"])
    }

    @Test("--frames and --width select and resize")
    func selectAndResize() throws {
        let folder = try TemporaryFolder()
        try folder.write(try Self.sampleGIF(), to: "in.gif")
        let result = try CommandRunner.run(["convert", "in.gif", "out.png", "--frames", "2,0", "--width", "3"], in: folder.url)
        #expect(result.status == 0)
        let image = try AnimatedImage(bytes: try folder.read("out.png"))
        #expect(image.frameCount == 2 && image.canvasSize == PixelSize(width: 3, height: 2))
        let outOfRange = try CommandRunner.run(["frames", "in.gif", "-o", "f", "--frames", "0-3"], in: folder.url)
        #expect(outOfRange.status == 1 && outOfRange.standardError.contains("the image has 3 frames"))
        #expect(try CommandRunner.run(["frames", "in.gif", "-o", "f", "--frames", "1-"], in: folder.url).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("f")).sorted() == ["frame-0001.png", "frame-0002.png"])
    }

    @Test("messages: one line naming the file, bytes escaped, numbers that are negative read as numbers")
    func messages() throws {
        let folder = try TemporaryFolder()
        var damaged = try Self.sampleGIF()
        damaged[6] = 0xFF // canvas width 255 + ..., still a GIF; then cut it inside the first frame
        damaged = Array(damaged.prefix(40))
        try folder.write(damaged, to: "cut.gif")
        let info = try CommandRunner.run(["info", "cut.gif", "missing.gif"], in: folder.url)
        #expect(info.status == 1)
        #expect(info.errorLines.contains { $0.hasPrefix("zoetrope info: missing.gif: ") || $0.hasPrefix("zoetrope info: cannot open missing.gif") })
        let odd = try CommandRunner.shell("\"$ZOETROPE\" info \"$(printf 'odd\\377\\001.gif')\"", in: folder.url)
        #expect(odd.status == 1)
        #expect(odd.standardError == "zoetrope info: cannot open odd\\xFF\\x01.gif: No such file or directory\n")
        let rate = try CommandRunner.run(["play", "--rate", "-1"])
        #expect(rate.status != 0 && rate.standardError.contains("--rate must be a positive number"))
        // Refused command lines keep the shape: one line, the subcommand named, the usage status.
        let usage = try CommandRunner.run(["timeline", "x.gif", "--rate", "-1"])
        #expect(usage.status == 64)
        #expect(usage.standardError == "zoetrope timeline: --rate must be more than 0 and at most 100 (see 'zoetrope timeline --help')\n")
        let missing = try CommandRunner.run(["convert", "x.gif"])
        #expect(missing.status == 64 && missing.errorLines.count == 1)
        #expect(missing.standardError.hasPrefix("zoetrope convert: Missing expected argument"))
        let version = try CommandRunner.run(["--version"])
        #expect(version.status == 0 && String(decoding: version.standardOutput, as: UTF8.self).first?.isNumber == true)
    }

    @Test("timeline refuses runs longer than its tick cap instead of working for minutes")
    func timelineCap() throws {
        let folder = try TemporaryFolder()
        try folder.write(try Self.sampleGIF(), to: "in.gif")
        let result = try CommandRunner.run(["timeline", "in.gif", "--seconds", "86400", "--refresh", "1000"], in: folder.url)
        #expect(result.status != 0 && result.standardError.contains("ticks"))
        let json = try CommandRunner.run(["timeline", "in.gif", "--json"], in: folder.url)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput)) as? [String: Any])
        #expect(object["schemaVersion"] as? Int == 1 && object["loopsCompleted"] as? Int == 3)
        #expect((object["changes"] as? [Any])?.count == 9)
    }
}

/// `zoetrope play -` reads standard input as it arrives.
@Suite("zoetrope play from a pipe")
struct PlayFromPipeTests {
    @Test("the first frame is written while standard input is still open")
    func firstFrameBeforeTheEnd() throws {
        let frames: [RGBAImage] = (0..<8).map { (number: Int) -> RGBAImage in
            let pixels: [UInt8] = (0..<64 * 48 * 4).map { (index: Int) -> UInt8 in
                index % 4 == 3 ? 255 : UInt8((index / 4 + number * 7) % 250)
            }
            return RGBAImage(width: 64, height: 48, pixels: pixels)
        }
        let bytes = try GIFEncoder.encode(frames: frames, durations: [.milliseconds(50)], playCount: .infinite)
        let child = try CommandRunner.start(["play", "-", "--once", "--renderer", "truecolor", "--width", "8", "--height", "4"])
        // Half the file, and the pipe stays open: a stalled download.
        child.write(Array(bytes.prefix(bytes.count / 2)))
        // A command that waited for the end of its input would never write: the read fails after
        // its deadline instead of hanging.
        let started = ContinuousClock.now
        let firstOutput = try child.readStandardOutput(seconds: 30) { !$0.isEmpty }
        #expect(!firstOutput.isEmpty)
        #expect(ContinuousClock.now - started < .seconds(5), "output arrived while standard input was still open")
        child.closeInput()
        #expect(try child.wait() == Subprocess.Termination(status: 0, signal: nil))
    }
}

/// What `convert` does with outputs that are not plain new files.
@Suite("zoetrope outputs of every kind")
struct OutputKindTests {
    @Test("a folder as the output is refused and leaves no temporary file")
    func folderOutput() throws {
        let folder = try TemporaryFolder()
        try folder.write(try CommandLineTests.sampleGIF(), to: "in.gif")
        try FileManager.default.createDirectory(atPath: folder.path("out.png"), withIntermediateDirectories: false)
        let result = try CommandRunner.run(["convert", "in.gif", "out.png"], in: folder.url)
        #expect(result.status == 1 && result.standardError.contains("is a folder"))
        #expect(try folder.names() == ["in.gif", "out.png"])
    }

    @Test("a symbolic link is followed: the file it names is replaced, the link stays")
    func symlinkOutput() throws {
        let folder = try TemporaryFolder()
        try folder.write(try CommandLineTests.sampleGIF(), to: "in.gif")
        try FileManager.default.createDirectory(atPath: folder.path("real"), withIntermediateDirectories: false)
        try folder.write([1, 2, 3], to: "real/out.png")
        try FileManager.default.createSymbolicLink(atPath: folder.path("link.png"), withDestinationPath: "real/out.png")
        #expect(try CommandRunner.run(["convert", "in.gif", "link.png"], in: folder.url).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.path("link.png")) == "real/out.png")
        #expect(try AnimatedImage(bytes: try folder.read("real/out.png")).frameCount == 3)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("real")) == ["out.png"])
    }

    @Test("an existing output keeps its permissions")
    func keepsMode() throws {
        let folder = try TemporaryFolder()
        try folder.write(try CommandLineTests.sampleGIF(), to: "in.gif")
        try folder.write([1], to: "out.gif")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: folder.path("out.gif"))
        #expect(try CommandRunner.run(["convert", "in.gif", "out.gif"], in: folder.url).status == 0)
        let mode = try FileManager.default.attributesOfItem(atPath: folder.path("out.gif"))[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test("a named pipe is written in place, not replaced by a file")
    func fifoOutput() throws {
        let folder = try TemporaryFolder()
        let original = try CommandLineTests.sampleGIF()
        try folder.write(original, to: "in.gif")
        #expect(mkfifo(folder.path("pipe"), 0o600) == 0)
        let result = try CommandRunner.shell(
            "cat pipe > received & \"$ZOETROPE\" convert in.gif pipe --format gif; status=$?; wait; exit $status",
            in: folder.url)
        #expect(result.status == 0)
        var info = stat()
        #expect(stat(folder.path("pipe"), &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        #expect(try CommandLineTests.frames(try folder.read("received")) == CommandLineTests.frames(original))
    }
}

@Suite("zoetrope convert: GIF colour options")
struct ConvertColorOptionsTests {
    /// A 40×30 still of 1200 distinct colours, as a PNG.
    static func truecolorPNG() -> [UInt8] {
        var image = RGBAImage(width: 40, height: 30)
        for y in 0..<30 { for x in 0..<40 { image[x, y] = (UInt8(x * 6), UInt8(y * 8), UInt8((x + y) * 3), 255) } }
        return PNGEncoder.encode(image, level: 1)
    }

    @Test("--colors limits the palette, every --dither works, and bad values are refused", arguments: ["none", "diffusion", "ordered", "auto"])
    func colors(dither: String) throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.truecolorPNG(), to: "in.png")
        let result = try CommandRunner.run(["convert", "in.png", "out.gif", "--colors", "16", "--dither", dither, "--palette", "global"], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        let frame = try #require(try CommandLineTests.frames(folder.read("out.gif")).first)
        var colors = Set<[UInt8]>()
        for index in stride(from: 0, to: frame.pixels.count, by: 4) { colors.insert(Array(frame.pixels[index..<index + 3])) }
        #expect(colors.count <= 16 && colors.count >= 8)
        #expect(try CommandRunner.run(["convert", "in.png", "lossy.gif", "--lossy", "60", "--dither", dither], in: folder.url).status == 0)
        for bad in [["--colors", "1"], ["--colors", "257"], ["--dither", "random"], ["--palette", "some"], ["--lossy", "201"]] {
            let refused = try CommandRunner.run(["convert", "in.png", "bad.gif"] + bad, in: folder.url)
            #expect(refused.status != 0 && !refused.standardError.isEmpty, "\(bad)")
        }
        #expect(!(try folder.names()).contains("bad.gif"))
    }
}
