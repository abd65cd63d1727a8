import Foundation
import Testing
import Zoetrope

/// `convert`'s output formats and their options, all read from the codec registry's encoders.
@Suite("zoetrope convert: output formats and options from the registry")
struct ConvertOutputFormatTests {
    @Test("an option the output format does not read is an error, naming the formats that do")
    func inapplicableOptions() throws {
        let folder = try TemporaryFolder()
        try folder.write(try CommandLineTests.sampleGIF(), to: "in.gif")
        for (output, option) in [("out.webp", ["--lossy", "60"]), ("out.png", ["--colors", "16"]), ("out.apng", ["--dither", "ordered"]),
                                 ("out.gif", ["--level", "9"]), ("out.webp", ["--palette", "global"])] {
            let result = try CommandRunner.run(["convert", "in.gif", output] + option, in: folder.url)
            #expect(result.status == 1 && result.errorLines.count == 1, "\(output) \(option): \(result.standardError)")
            #expect(result.standardError.contains("\(option[0]) applies to"), "\(result.standardError)")
        }
        #expect(try CommandRunner.run(["convert", "in.gif", "out.gif", "--lossy", "60", "--colors", "16"], in: folder.url).status == 0)
        #expect(try CommandRunner.run(["convert", "in.gif", "out.webp", "--level", "0"], in: folder.url).status == 0)
        #expect(try folder.names() == ["in.gif", "out.gif", "out.webp"])
    }

    @Test("values out of range are refused before anything is written")
    func badValues() throws {
        let folder = try TemporaryFolder()
        try folder.write(try CommandLineTests.sampleGIF(), to: "in.gif")
        for (output, option) in [("out.webp", ["--level", "10"]), ("out.png", ["--level", "-1"]), ("out.gif", ["--colors", "300"])] {
            let result = try CommandRunner.run(["convert", "in.gif", output] + option, in: folder.url)
            #expect(result.status != 0 && !result.standardError.isEmpty, "\(output) \(option)")
        }
        #expect(try folder.names() == ["in.gif"])
    }

    @Test("--format names and the messages list every registered format, apng included")
    func formatNames() throws {
        let folder = try TemporaryFolder()
        try folder.write(try CommandLineTests.sampleGIF(), to: "in.gif")
        let unknown = try CommandRunner.run(["convert", "in.gif", "out.jpg"], in: folder.url)
        #expect(unknown.standardError.contains("give --format gif, png, apng or webp (or an output ending in .gif, .png, .apng or .webp)"),
                "\(unknown.standardError)")
        let badFormat = try CommandRunner.run(["convert", "in.gif", "-", "--format", "jpeg"], in: folder.url)
        #expect(badFormat.status == 1 && badFormat.standardError.contains("gif, png, apng or webp"), "\(badFormat.standardError)")
        let apng = try CommandRunner.run(["convert", "in.gif", "-", "--format", "APNG"], in: folder.url)
        #expect(apng.status == 0 && Array(apng.standardOutput.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        let help = try CommandRunner.run(["convert", "--help"])
        for text in ["gif, png, apng or webp", ".png or .apng", "--lossy", "GIF (0 to 200)", "WebP (0 to 9)"] {
            #expect(help.standardError.contains(text) || String(decoding: help.standardOutput, as: UTF8.self).contains(text),
                    "help lacks \(text)")
        }
    }
}
