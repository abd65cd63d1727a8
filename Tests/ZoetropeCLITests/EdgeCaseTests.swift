import Foundation
import Testing
import Zoetrope
import ZoetropeTestSupport

/// The command's edge cases (issue 37): nothing lost, nothing surprising.
@Suite("zoetrope edge cases")
struct EdgeCaseTests {
    /// A 4×3 PNG whose first row has the undefined filter type 5: it opens (the frame table is
    /// fine) and fails when its pixels are decoded.
    static func badFilterPNG() -> [UInt8] {
        var rows: [UInt8] = []
        for row in 0..<3 { rows += [row == 0 ? 5 : 0] + [UInt8](repeating: 0x80, count: 12) }
        let header: [UInt8] = [0, 0, 0, 4, 0, 0, 0, 3, 8, 2, 0, 0, 0]   // 4×3, 8-bit RGB
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
            + chunk("IDAT", Zlib.compress(rows)) + chunk("IEND", [])
    }

    /// A PNG chunk with its CRC (computed bit by bit, as the PNG specification's sample code does).
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        crc ^= 0xFFFF_FFFF
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc)
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }

    @Test("frames checks every output against every input before writing anything")
    func collisionWithAnotherInput() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path("d"), withIntermediateDirectories: false)
        try folder.write(try CommandLineTests.sampleGIF(), to: "d/x.gif")
        let victim = PNGEncoder.encode(RGBAImage(width: 2, height: 2))
        try folder.write(victim, to: "d/x-frame-0000.png")
        // x.gif's frame 0 would be d/x-frame-0000.png, the second input.
        let result = try CommandRunner.run(["frames", "d/x.gif", "d/x-frame-0000.png", "-o", "d"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.errorLines == ["zoetrope frames: d/x-frame-0000.png: refusing to write over an input file (the same file by device and inode)"])
        #expect(try folder.read("d/x-frame-0000.png") == victim)
        // Nothing at all was written: not x.gif's other frames, not the second input's.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("d")).sorted() == ["x-frame-0000.png", "x.gif"])
        // An earlier input's frames are not written either when a later input is in the way.
        try folder.write(try CommandLineTests.sampleGIF(), to: "d/a.gif")
        let later = try CommandRunner.run(["frames", "d/a.gif", "d/x.gif", "d/x-frame-0000.png", "-o", "d"], in: folder.url)
        #expect(later.status == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("d")).sorted() == ["a.gif", "x-frame-0000.png", "x.gif"])
    }

    @Test("every subcommand refuses standard output appended to its input", arguments: [
        "info in.gif", "info --json in.gif", "timeline in.gif", "play in.gif --once", "frames in.gif -o -",
        "convert in.gif - --format gif",
    ])
    func appendToInput(command: String) throws {
        let folder = try TemporaryFolder()
        let original = try CommandLineTests.sampleGIF()
        try folder.write(original, to: "in.gif")
        let result = try CommandRunner.shell("\"$ZOETROPE\" \(command) >> in.gif", in: folder.url)
        #expect(result.status == 1, "\(command)")
        #expect(result.errorLines.count == 1 && result.standardError.contains("refusing to write over an input file"), "\(command)")
        #expect(try folder.read("in.gif") == original, "\(command)")
    }

    @Test("without a FILE, standard input is read when it is not a terminal; from a terminal, the sample")
    func implicitStandardInput() throws {
        let original = try CommandLineTests.sampleGIF()
        let piped = try CommandRunner.run(["info", "--json"], input: original)
        #expect(piped.status == 0, "\(piped.standardError)")
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(piped.standardOutput)) as? [[String: Any]])
        #expect(reports.count == 1 && reports[0]["file"] as? String == "<standard input>" && reports[0]["frameCount"] as? Int == 3)
        let empty = try CommandRunner.run(["info"])
        #expect(empty.status == 1)
        #expect(empty.errorLines == ["zoetrope info: <standard input>: no data (without a FILE, standard input is read when it is not a terminal)"])
        // A terminal on standard input (script gives the command a pseudo-terminal): the sample.
        let folder = try TemporaryFolder()
        let terminal = try CommandRunner.shell("script -qec \"$ZOETROPE info --json\" /dev/null", in: folder.url)
        #expect(terminal.status == 0)
        #expect(String(decoding: terminal.standardOutput, as: UTF8.self).contains("\"file\":\"<built-in sample>\""))
    }

    @Test("info --json prints an array whatever the number of files, schema version 2")
    func jsonShape() throws {
        let folder = try TemporaryFolder()
        try folder.write(try CommandLineTests.sampleGIF(), to: "in.gif")
        for files in [["in.gif"], ["in.gif", "in.gif"]] {
            let result = try CommandRunner.run(["info", "--json"] + files, in: folder.url)
            let reports = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput)) as? [[String: Any]])
            #expect(reports.count == files.count)
            #expect(reports.allSatisfy { $0["schemaVersion"] as? Int == 2 })
        }
    }

    @Test("standard input can be named only once", arguments: [["info", "-", "-"], ["frames", "-", "-", "-o", "out"]])
    func standardInputTwice(arguments: [String]) throws {
        let result = try CommandRunner.run(arguments, input: try CommandLineTests.sampleGIF())
        #expect(result.status == 64)
        #expect(result.errorLines.count == 1 && result.standardError.contains("standard input (-) can be given only once"))
    }

    @Test("frames from standard input among several files are named stdin-frame-*")
    func standardInputFrameNames() throws {
        let folder = try TemporaryFolder()
        try folder.write(try CommandLineTests.sampleGIF(), to: "a.gif")
        let result = try CommandRunner.run(["frames", "a.gif", "-", "-o", "d", "--frames", "0"], in: folder.url,
                                           input: try CommandLineTests.sampleGIF())
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("d")).sorted() == ["a-frame-0000.png", "stdin-frame-0000.png"])
    }

    @Test("errors from decoding pixels name the file, in frames and convert")
    func decodeErrorsNameTheFile() throws {
        let folder = try TemporaryFolder()
        try folder.write(try CommandLineTests.sampleGIF(), to: "good.gif")
        try folder.write(Self.badFilterPNG(), to: "bad.png")
        let frames = try CommandRunner.run(["frames", "good.gif", "bad.png", "-o", "d"], in: folder.url)
        #expect(frames.status == 1)
        #expect(frames.errorLines.count == 1 && frames.errorLines[0].hasPrefix("zoetrope frames: bad.png: PNG: "), "\(frames.errorLines)")
        let convert = try CommandRunner.run(["convert", "bad.png", "out.gif"], in: folder.url)
        #expect(convert.status == 1)
        #expect(convert.errorLines.count == 1 && convert.errorLines[0].hasPrefix("zoetrope convert: bad.png: PNG: "), "\(convert.errorLines)")
        // Failures of the system and of the command line keep their own subject.
        let full = try CommandRunner.run(["convert", "good.gif", "-", "--format", "gif"], in: folder.url, outputFile: "/dev/full")
        #expect(full.errorLines == ["zoetrope convert: cannot write to standard output: No space left on device"])
    }

    @Test("--frames says what is wrong with its value", arguments: [
        ("-1", "frame numbers start at 0"), ("5-2", "the range 5-2 ends before it starts (write 2-5)"),
        ("1,,2", "an item is empty"), ("x", "'x' is not a frame number"),
    ])
    func frameListMessages(value: String, reason: String) throws {
        let result = try CommandRunner.run(["convert", "in.gif", "out.gif", "--frames", value])
        #expect(result.status == 64)
        #expect(result.errorLines.count == 1 && result.standardError.contains(reason), "\(result.standardError)")
    }

    @Test("help for a subcommand that does not exist is a usage error")
    func helpForNothing() throws {
        let unknown = try CommandRunner.run(["help", "nonexistent"])
        #expect(unknown.status == 64 && unknown.standardOutput.isEmpty)
        #expect(unknown.errorLines.count == 1 && unknown.standardError.contains("Unknown subcommand 'nonexistent'"))
        let known = try CommandRunner.run(["help", "convert"])
        #expect(known.status == 0 && String(decoding: known.standardOutput, as: UTF8.self).contains("USAGE: zoetrope convert"))
    }

    @Test("--lateness shows a default the option accepts")
    func latenessDefault() throws {
        let help = String(decoding: try CommandRunner.run(["timeline", "--help"]).standardOutput, as: UTF8.self)
        #expect(help.contains("default: skip)") && !help.contains("skipFrames"), "\(help)")
        let folder = try TemporaryFolder()
        try folder.write(try CommandLineTests.sampleGIF(), to: "in.gif")
        for value in ["skip", "wait"] {
            #expect(try CommandRunner.run(["timeline", "in.gif", "--lateness", value], in: folder.url).status == 0)
        }
    }

    @Test("an output name of 239 to 255 bytes is written through a shorter temporary name", arguments: [238, 239, 250, 255])
    func longOutputName(length: Int) throws {
        let folder = try TemporaryFolder()
        try folder.write(try CommandLineTests.sampleGIF(), to: "in.gif")
        let name = String(repeating: "n", count: length - 4) + ".gif"
        let result = try CommandRunner.run(["convert", "in.gif", name], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try folder.names() == ["in.gif", name])
        #expect(try AnimatedImage(bytes: try folder.read(name)).frameCount == 3)
    }

    @Test("converting to a format that changes durations says so")
    func timingWarning() throws {
        let folder = try TemporaryFolder()
        let frames = (0..<3).map { index in RGBAImage(width: 2, height: 2, pixels: [UInt8](repeating: UInt8(index * 80), count: 16)) }
        try folder.write(try APNGEncoder.encode(frames: frames, durations: Array(repeating: .milliseconds(16), count: 3), playCount: .infinite), to: "in.png")
        let gif = try CommandRunner.run(["convert", "in.png", "out.gif"], in: folder.url)
        #expect(gif.status == 0)
        #expect(gif.errorLines == ["zoetrope convert: in.png: warning: GIF stores durations in hundredths of a second: 3 of 3 frames "
            + "change duration (frame 0: 16 ms → 20 ms); the animation lasts 60 ms instead of 48 ms"])
        for exact in ["out.webp", "out.apng"] {
            let result = try CommandRunner.run(["convert", "in.png", exact, "--format", exact == "out.webp" ? "webp" : "apng"], in: folder.url)
            #expect(result.status == 0 && result.standardError.isEmpty, "\(exact): \(result.standardError)")
        }
    }

    @Test("timeline reports an animation that falls back to its still image")
    func brokenAnimationWarning() throws {
        let folder = try TemporaryFolder()
        let frames = (0..<3).map { index in RGBAImage(width: 2, height: 2, pixels: [UInt8](repeating: UInt8(index * 80), count: 16)) }
        var apng = try APNGEncoder.encode(frames: frames, durations: Array(repeating: .milliseconds(50), count: 3), playCount: .infinite)
        // acTL num_frames 3 → 4, with the chunk's CRC made right again: the count no longer matches.
        let actl = try #require((0..<apng.count - 4).first { Array(apng[$0..<$0 + 4]) == Array("acTL".utf8) })
        apng.replaceSubrange((actl - 4)..<(actl + 16), with: Self.chunk("acTL", [0, 0, 0, 4] + Array(apng[(actl + 8)..<(actl + 12)])))
        try folder.write(apng, to: "broken.png")
        let result = try CommandRunner.run(["timeline", "broken.png"], in: folder.url)
        #expect(result.status == 0)
        #expect(result.errorLines.count == 1 && result.standardError.contains("zoetrope timeline: broken.png: warning: APNG: broken animation"),
                "\(result.standardError)")
    }
}
