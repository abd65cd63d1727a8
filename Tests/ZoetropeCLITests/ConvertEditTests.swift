import Foundation
import Testing
import Zoetrope

/// `convert`'s edits (`--crop`, `--rotate`, `--flip`, `--trim`, `--reverse`, `--speed`, `--fps`,
/// `--plays`) reach every output format, and an APNG piped from ffmpeg keeps its frames.
@Suite("zoetrope convert: edits that keep the animation")
struct ConvertEditTests {
    /// `frame` cropped to `crop`, turned 90° clockwise, then flipped top to bottom, by index
    /// arithmetic.
    static func cropRotateFlip(_ frame: RGBAImage, crop: PixelRect) -> RGBAImage {
        let (w, h) = (crop.width, crop.height)
        var out = RGBAImage(width: h, height: w)
        for y in 0..<w {
            for x in 0..<h {
                // Flip: row y of the output is row w−1−y of the rotation; rotation: (X, Y) ← (Y, h−1−X).
                let ry = w - 1 - y
                out[x, y] = frame[crop.x + ry, crop.y + h - 1 - x]
            }
        }
        return out
    }

    @Test("crop, rotate, flip, reverse, speed and plays reach GIF, APNG and WebP output")
    func editsInEveryFormat() throws {
        let folder = try TemporaryFolder()
        let gif = try CommandLineTests.sampleGIF()
        try folder.write(gif, to: "in.gif")
        let source = try AnimatedImage(bytes: gif)
        let crop = PixelRect(x: 1, y: 1, width: 4, height: 3)
        let expected = try [2, 1, 0].map { Self.cropRotateFlip(try source.frame(at: $0), crop: crop) }
        for output in ["out.gif", "out.apng", "out.webp"] {
            let result = try CommandRunner.run(["convert", "in.gif", output, "--crop", "4x3+1+1", "--rotate", "90", "--flip", "vertical",
                                                "--reverse", "--speed", "2", "--plays", "forever", "-q"], in: folder.url)
            #expect(result.status == 0, "\(output): \(result.standardError)")
            let image = try AnimatedImage(bytes: try folder.read(output))
            #expect(image.canvasSize == PixelSize(width: 3, height: 4), "\(output)")
            #expect(image.playCount == .infinite, "\(output)")
            #expect((0..<image.frameCount).map(image.duration(at:)) == Array(repeating: .milliseconds(35), count: 3) || output == "out.gif",
                    "\(output)")
            #expect(try (0..<image.frameCount).map(image.frame(at:)) == expected, "\(output)")
        }
    }

    @Test("--trim and --fps choose frames by time; bad edits are refused before anything is written")
    func timeAndRefusals() throws {
        let folder = try TemporaryFolder()
        try folder.write(try CommandLineTests.sampleGIF(), to: "in.gif")
        // Three 70 ms frames: 0.1-0.2 s shows frames 1 (40 ms of it) and 2 (60 ms of it).
        let trimmed = try CommandRunner.run(["convert", "in.gif", "out.apng", "--trim", "0.1-0.2", "-q"], in: folder.url)
        #expect(trimmed.status == 0, "\(trimmed.standardError)")
        let image = try AnimatedImage(bytes: try folder.read("out.apng"))
        #expect((0..<image.frameCount).map(image.duration(at:)) == [.milliseconds(40), .milliseconds(60)])
        let start = try CommandRunner.run(["convert", "in.gif", "start.apng", "--trim", "-0.1", "-q"], in: folder.url)
        #expect(start.status == 0, "\(start.standardError)")
        let head = try AnimatedImage(bytes: try folder.read("start.apng"))
        #expect((0..<head.frameCount).map(head.duration(at:)) == [.milliseconds(70), .milliseconds(30)])
        let capped = try CommandRunner.run(["convert", "in.gif", "capped.apng", "--fps", "5", "-q"], in: folder.url)
        #expect(capped.status == 0, "\(capped.standardError)")
        #expect(try AnimatedImage(bytes: try folder.read("capped.apng")).frameCount == 1)
        let fast = try CommandRunner.run(["convert", "in.gif", "fast.gif", "--speed", "10", "-q"], in: folder.url)
        #expect(fast.standardError.contains("warning: --speed would make 3 frame(s) shorter than 20 ms"), "\(fast.standardError)")
        for (option, message) in [(["--crop", "7x4+0+0"], "not inside the 6x4 canvas"), (["--rotate", "45"], "--rotate"),
                                  (["--trim", "5-"], "--trim keeps no frame"), (["--speed", "0"], "--speed"), (["--plays", "-1"], "--plays")] {
            let result = try CommandRunner.run(["convert", "in.gif", "bad.gif"] + option, in: folder.url)
            #expect(result.status != 0 && result.standardError.contains(message), "\(option): \(result.standardError)")
        }
        #expect(try !folder.names().contains("bad.gif"))
    }

    @Test("ffmpeg's APNG on a pipe converts with every frame")
    func ffmpegPipe() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else { return }
        let folder = try TemporaryFolder()
        let result = try CommandRunner.shell("/usr/bin/ffmpeg -v error -nostdin -f lavfi -i testsrc=s=32x24:r=10:d=0.8 -f apng - "
                                             + "| \(CommandRunner.executable) convert - out.gif -q", in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("num_frames left unfilled"), "\(result.standardError)")
        #expect(try AnimatedImage(bytes: try folder.read("out.gif")).frameCount == 8)
    }
}
