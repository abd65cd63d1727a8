import Foundation
import Testing
import Zoetrope

/// `convert`'s inputs beyond one image: several joined, PNG sequences (a pattern, a list file),
/// raw RGBA and YUV4MPEG2 frames from a pipe; and the mask and content crop in every format.
@Suite("zoetrope convert: joined inputs, sequences, raw and YUV4MPEG2 frames, masks")
struct ConvertInputTests {
    static let outputs = ["out.gif", "out.apng", "out.webp"]
    static let ffmpeg = "/usr/bin/ffmpeg"
    static var hasFFmpeg: Bool { FileManager.default.isExecutableFile(atPath: ffmpeg) }

    /// `count` 8×6 frames of few colours (GIF keeps them exactly), each different, the first
    /// `transparent` pixels of each row transparent.
    static func frames(_ count: Int, seed: Int, transparent: Int = 0) -> [RGBAImage] {
        (0..<count).map { index in
            var frame = RGBAImage(width: 8, height: 6)
            for y in 0..<6 {
                for x in 0..<8 {
                    let on = (x + 2 * y + index + seed) % 4 == 0
                    frame[x, y] = x < transparent ? (0, 0, 0, 0) : on ? (250, UInt8(40 * (seed % 5)), 10, 255) : (0, 60, 255, 255)
                }
            }
            return frame
        }
    }

    static func decoded(_ bytes: [UInt8]) throws -> (frames: [RGBAImage], durations: [Duration], image: AnimatedImage) {
        let image = try AnimatedImage(bytes: bytes)
        return (try (0..<image.frameCount).map(image.frame(at:)), (0..<image.frameCount).map(image.duration(at:)), image)
    }

    @Test("several inputs (GIF, APNG, WebP) are joined in order in every output format; sizes must match")
    func joined() throws {
        let folder = try TemporaryFolder()
        let (a, b, c) = (Self.frames(2, seed: 0), Self.frames(3, seed: 1, transparent: 2), Self.frames(2, seed: 2))
        try folder.write(try GIFEncoder.encode(frames: a, durations: [.milliseconds(50)], playCount: .infinite), to: "a.gif")
        try folder.write(try APNGEncoder.encode(frames: b, durations: [.milliseconds(30), .milliseconds(40), .milliseconds(60)],
                                                playCount: .infinite), to: "b.apng")
        try folder.write(try WebPEncoder.encode(frames: c, durations: [.milliseconds(200)], playCount: .infinite), to: "c.webp")
        for output in Self.outputs {
            let result = try CommandRunner.run(["convert", "a.gif", "b.apng", "c.webp", output, "-q"], in: folder.url)
            #expect(result.status == 0, "\(output): \(result.standardError)")
            let (frames, durations, image) = try Self.decoded(try folder.read(output))
            #expect(frames == a + b + c, "\(output)")
            #expect(durations == [50, 50, 30, 40, 60, 200, 200].map { Duration.milliseconds($0) }, "\(output)")
            #expect(image.playCount == .infinite, "\(output)")
        }
        try folder.write(try GIFEncoder.encode(frames: [RGBAImage(width: 3, height: 3)], durations: [.milliseconds(50)],
                                               playCount: .infinite), to: "small.gif")
        let mismatch = try CommandRunner.run(["convert", "a.gif", "small.gif", "bad.webp"], in: folder.url)
        #expect(mismatch.status == 1 && mismatch.standardError.contains("small.gif: its canvas is 3×3, the first input's 8×6"),
                "\(mismatch.standardError)")
        #expect(try !folder.names().contains("bad.webp"))
        let one = try CommandRunner.run(["convert", "a.gif"], in: folder.url)
        #expect(one.status == 64 && one.standardError.contains("Missing expected argument"), "\(one.standardError)")
    }

    /// Writes `frames` as `frame-1.png` … `frame-N.png` (no zero padding: the shell's order is not
    /// the numeric one).
    static func writeSequence(_ frames: [RGBAImage], in folder: TemporaryFolder) throws {
        for (index, frame) in frames.enumerated() {
            try folder.write(PNGEncoder.encode(frame), to: "frame-\(index + 1).png")
        }
    }

    @Test("a quoted PNG pattern is expanded in numeric order, each still shown for 1/--fps s; a list file gives durations")
    func pngSequence() throws {
        let folder = try TemporaryFolder()
        let frames = Self.frames(12, seed: 3, transparent: 1)
        try Self.writeSequence(frames, in: folder)
        for output in Self.outputs {
            let result = try CommandRunner.run(["convert", "frame-*.png", output, "--fps", "25", "-q"], in: folder.url)
            #expect(result.status == 0, "\(output): \(result.standardError)")
            let decoded = try Self.decoded(try folder.read(output))
            #expect(decoded.frames == frames, "\(output)")
            #expect(decoded.durations == Array(repeating: .milliseconds(40), count: 12), "\(output)")
        }
        try Data("# frame, duration\nframe-3.png 120ms\n\nframe-1.png 0.05s\nframe-10.png 70\n".utf8)
            .write(to: folder.url.appendingPathComponent("frames.txt"))
        let listed = try CommandRunner.run(["convert", "--list", "frames.txt", "listed.apng", "-q"], in: folder.url)
        #expect(listed.status == 0, "\(listed.standardError)")
        let decoded = try Self.decoded(try folder.read("listed.apng"))
        #expect(decoded.frames == [frames[2], frames[0], frames[9]])
        #expect(decoded.durations == [.milliseconds(120), .milliseconds(50), .milliseconds(70)])
        let none = try CommandRunner.run(["convert", "nothing-*.png", "x.gif"], in: folder.url)
        #expect(none.status == 1 && none.standardError.contains("no file matches this pattern"), "\(none.standardError)")
    }

    @Test("a PNG sequence written by ffmpeg converts to the frames of its files, in order")
    func ffmpegSequence() throws {
        guard Self.hasFFmpeg else { return }
        let folder = try TemporaryFolder()
        let made = try CommandRunner.shell("\(Self.ffmpeg) -v error -nostdin -f lavfi -i testsrc=s=32x24:r=10:d=1.2 "
                                           + "-pix_fmt rgba f%d.png", in: folder.url)
        #expect(made.status == 0, "\(made.standardError)")
        let expected = try (1...12).map { try AnimatedImage(bytes: try folder.read("f\($0).png")).frame(at: 0) }
        let result = try CommandRunner.run(["convert", "f*.png", "out.webp", "--fps", "10", "-q"], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        let decoded = try Self.decoded(try folder.read("out.webp"))
        #expect(decoded.frames == expected)
        #expect(decoded.durations == Array(repeating: .milliseconds(100), count: 12))
    }

    @Test("raw RGBA frames on standard input, with their size and rate, reach every format exactly")
    func rawRGBA() throws {
        let folder = try TemporaryFolder()
        let frames = Self.frames(5, seed: 4, transparent: 3)
        try folder.write(frames.flatMap(\.pixels) + [1, 2, 3], to: "frames.rgba") // and a partial frame
        for output in Self.outputs {
            let result = try CommandRunner.shell("cat frames.rgba | \"$ZOETROPE\" convert --input-format rgba --size 8x6 "
                                                 + "--fps 20 - \(output) -q", in: folder.url)
            #expect(result.status == 0, "\(output): \(result.standardError)")
            #expect(result.standardError.contains("3 bytes into frame 5"), "\(result.standardError)")
            let decoded = try Self.decoded(try folder.read(output))
            #expect(decoded.frames == frames, "\(output)")
            #expect(decoded.durations == Array(repeating: .milliseconds(50), count: 5), "\(output)")
        }
        let missing = try CommandRunner.run(["convert", "--input-format", "rgba", "--fps", "20", "frames.rgba", "x.gif"], in: folder.url)
        #expect(missing.status != 0 && missing.standardError.contains("--size"), "\(missing.standardError)")
    }

    @Test("ffmpeg's rawvideo RGBA on a pipe converts to the frames ffmpeg wrote")
    func ffmpegRawRGBA() throws {
        guard Self.hasFFmpeg else { return }
        let folder = try TemporaryFolder()
        let source = "-f lavfi -i testsrc2=s=32x24:r=10:d=0.8 -f rawvideo -pix_fmt rgba"
        let made = try CommandRunner.shell("\(Self.ffmpeg) -v error -nostdin \(source) ref.rgba && \(Self.ffmpeg) -v error -nostdin "
                                           + "\(source) - | \"$ZOETROPE\" convert --input-format rgba --size 32x24 --fps 10 - "
                                           + "out.apng -q", in: folder.url)
        #expect(made.status == 0, "\(made.standardError)")
        let reference = try folder.read("ref.rgba")
        let decoded = try Self.decoded(try folder.read("out.apng"))
        #expect(decoded.frames.count == 8)
        #expect(decoded.frames.flatMap(\.pixels) == reference)
    }
}

/// YUV4MPEG2 input: against the BT.601/709 formulas in floating point, and against ffmpeg's own
/// conversion of the same stream.
@Suite("zoetrope convert: YUV4MPEG2 input")
struct ConvertY4MTests {
    /// R′G′B′ of 8-bit Y′CbCr by the textbook formula (Kr, Kb), limited or full range, in floating point.
    static func rgb(_ y: Int, _ cb: Int, _ cr: Int, kr: Double, kb: Double, full: Bool) -> [Double] {
        let luma = full ? Double(y) : (Double(y) - 16) * 255 / 219
        let (u, v) = full ? (Double(cb) - 128, Double(cr) - 128) : ((Double(cb) - 128) * 255 / 224, (Double(cr) - 128) * 255 / 224)
        let r = luma + 2 * (1 - kr) * v, b = luma + 2 * (1 - kb) * u
        let g = (luma - kr * r - kb * b) / (1 - kr - kb)
        return [r, g, b].map { min(255, max(0, $0)) }
    }

    /// A 4:4:4 stream of 4×2 frames holding `samples` (Y, Cb, Cr) in order, two frames.
    static func stream(_ samples: [(Int, Int, Int)], header extra: String) -> [UInt8] {
        var bytes = Array("YUV4MPEG2 W4 H2 F30000:1001 Ip A1:1 C444 \(extra)\n".utf8)
        for _ in 0..<2 {
            bytes += Array("FRAME\n".utf8)
            bytes += samples.map { UInt8($0.0) } + samples.map { UInt8($0.1) } + samples.map { UInt8($0.2) }
        }
        return bytes
    }

    @Test("4:4:4 samples become the formula's colours within 1 (BT.601 limited by default; full range; BT.709)")
    func formula() throws {
        let folder = try TemporaryFolder()
        let samples = [(16, 128, 128), (235, 128, 128), (82, 90, 240), (145, 54, 34), (41, 240, 110), (200, 20, 200),
                       (0, 0, 0), (255, 255, 255)]
        let cases: [(extra: String, options: [String], kr: Double, kb: Double, full: Bool)] = [
            ("", [], 0.299, 0.114, false), ("XCOLORRANGE=FULL", [], 0.299, 0.114, true),
            ("XCOLORRANGE=LIMITED", ["--color-matrix", "bt709"], 0.2126, 0.0722, false)]
        for test in cases {
            try folder.write(Self.stream(samples, header: test.extra), to: "in.y4m")
            // A .y4m file is recognised without --input-format.
            let result = try CommandRunner.run(["convert", "in.y4m", "out.apng", "-q"] + test.options, in: folder.url)
            #expect(result.status == 0, "\(result.standardError)")
            let decoded = try ConvertInputTests.decoded(try folder.read("out.apng"))
            #expect(decoded.frames.count == 2)
            #expect(decoded.durations[0] == decoded.durations[1])
            #expect(abs(Double(decoded.durations[0].components.attoseconds) / 1e15 - 33.37) < 0.5, "\(decoded.durations)")
            for (index, sample) in samples.enumerated() {
                let expected = Self.rgb(sample.0, sample.1, sample.2, kr: test.kr, kb: test.kb, full: test.full)
                let pixel = decoded.frames[1][index % 4, index / 4]
                let got = [pixel.r, pixel.g, pixel.b].map(Double.init)
                #expect(zip(got, expected).allSatisfy { abs($0 - $1) <= 1 } && pixel.a == 255,
                        "\(test.extra) \(test.options) \(sample): \(got) against \(expected)")
            }
        }
    }

    /// Reads a raw RGBA file of `count` frames of `width` × `height`.
    static func rawFrames(_ bytes: [UInt8], width: Int, height: Int) -> [RGBAImage] {
        let size = width * height * 4
        return stride(from: 0, to: bytes.count, by: size).map { RGBAImage(width: width, height: height, pixels: Array(bytes[$0..<$0 + size])) }
    }

    @Test("ffmpeg's 4:2:0 and 4:4:4 YUV4MPEG2 on a pipe match ffmpeg's own conversion to RGBA", arguments: ["yuv420p", "yuv444p"])
    func againstFFmpeg(pixelFormat: String) throws {
        guard ConvertInputTests.hasFFmpeg else { return }
        let folder = try TemporaryFolder()
        let ffmpeg = "\(ConvertInputTests.ffmpeg) -v error -nostdin"
        let made = try CommandRunner.shell("\(ffmpeg) -f lavfi -i testsrc2=s=34x22:r=12:d=0.5 -pix_fmt \(pixelFormat) "
                                           + "-f yuv4mpegpipe in.y4m && \(ffmpeg) -i in.y4m -f rawvideo -pix_fmt rgba ref.rgba "
                                           + "&& cat in.y4m | \"$ZOETROPE\" convert --input-format y4m - out.apng -q", in: folder.url)
        #expect(made.status == 0, "\(made.standardError)")
        let reference = Self.rawFrames(try folder.read("ref.rgba"), width: 34, height: 22)
        let decoded = try ConvertInputTests.decoded(try folder.read("out.apng"))
        #expect(decoded.frames.count == 6 && reference.count == 6)
        #expect(decoded.durations.allSatisfy { abs(Double($0.components.attoseconds) / 1e15 - 83.33) < 0.5 }, "\(decoded.durations)")
        var largest = 0
        for (ours, theirs) in zip(decoded.frames, reference) {
            for (a, b) in zip(ours.pixels, theirs.pixels) { largest = max(largest, abs(Int(a) - Int(b))) }
        }
        // 4:4:4: both round the same formula, so at most 1 apart. 4:2:0: both share each chroma
        // sample among its 2×2 pixels (ffmpeg's default conversion), but ffmpeg's table-driven
        // path for subsampled input (yuv2rgb) keeps fewer fraction bits: measured 0–3 apart on
        // testsrc2 and mandelbrot at 160×120 (about 1 % of channels differ by 3).
        #expect(largest <= (pixelFormat == "yuv444p" ? 1 : 3), "\(pixelFormat): largest difference \(largest)")
    }
}

/// `--mask` and `--crop content` through `convert`, for GIF, APNG and WebP input and output.
@Suite("zoetrope convert: masks and content crop")
struct ConvertMaskTests {
    /// Two 12×10 opaque frames of few colours, a transparent margin around columns 2–8, rows 1–7
    /// (frame 0 shows 2–6 × 1–5, frame 1 shows 4–8 × 3–7).
    static func framesWithMargins() -> [RGBAImage] {
        [(2, 1), (4, 3)].enumerated().map { index, origin in
            var frame = RGBAImage(width: 12, height: 10)
            for y in origin.1..<origin.1 + 5 { for x in origin.0..<origin.0 + 5 {
                frame[x, y] = (x + y + index) % 2 == 0 ? (255, 0, 0, 255) : (0, 0, 255, 255)
            } }
            return frame
        }
    }

    @Test("--crop content keeps the union of what the frames show, from every input format into every output format")
    func contentCrop() throws {
        let folder = try TemporaryFolder()
        let frames = Self.framesWithMargins()
        try folder.write(try GIFEncoder.encode(frames: frames, durations: [.milliseconds(80)], playCount: .infinite), to: "in.gif")
        try folder.write(try APNGEncoder.encode(frames: frames, durations: [.milliseconds(80)], playCount: .infinite), to: "in.apng")
        try folder.write(try WebPEncoder.encode(frames: frames, durations: [.milliseconds(80)], playCount: .infinite), to: "in.webp")
        // By index arithmetic: columns 2...8, rows 1...7.
        let expected = frames.map { frame in
            var cropped = RGBAImage(width: 7, height: 7)
            for y in 0..<7 { for x in 0..<7 { cropped[x, y] = frame[x + 2, y + 1] } }
            return cropped
        }
        for input in ["in.gif", "in.apng", "in.webp"] {
            for output in ConvertInputTests.outputs {
                let result = try CommandRunner.run(["convert", input, output, "--crop", "content", "-q"], in: folder.url)
                #expect(result.status == 0, "\(input) → \(output): \(result.standardError)")
                let decoded = try ConvertInputTests.decoded(try folder.read(output))
                #expect(decoded.frames == expected, "\(input) → \(output)")
            }
        }
    }

    @Test("--mask circle and rounded:R: corners transparent, centre untouched, edge alpha between, in every format")
    func masks() throws {
        let folder = try TemporaryFolder()
        var frames: [RGBAImage] = []
        for index in 0..<2 {
            var frame = RGBAImage(width: 16, height: 16)
            for y in 0..<16 { for x in 0..<16 { frame[x, y] = (x + y + index) % 3 == 0 ? (250, 200, 0, 255) : (0, 90, 200, 255) } }
            frames.append(frame)
        }
        try folder.write(try APNGEncoder.encode(frames: frames, durations: [.milliseconds(60)], playCount: .infinite), to: "in.apng")
        try folder.write(try GIFEncoder.encode(frames: frames, durations: [.milliseconds(60)], playCount: .infinite), to: "in.gif")
        for (mask, edge) in [("circle", (8, 0)), ("rounded:5", (1, 1))] {
            for (input, output) in [("in.apng", "out.apng"), ("in.gif", "out.webp"), ("in.apng", "out.gif")] {
                let result = try CommandRunner.run(["convert", input, output, "--mask", mask, "-q"], in: folder.url)
                #expect(result.status == 0, "\(mask) \(output): \(result.standardError)")
                let decoded = try ConvertInputTests.decoded(try folder.read(output))
                for (frame, source) in zip(decoded.frames, frames) {
                    for (x, y) in [(0, 0), (15, 0), (0, 15), (15, 15)] { #expect(frame[x, y].a == 0, "\(mask) \(output) (\(x), \(y))") }
                    #expect(frame[8, 8] == source[8, 8] && frame[8, 3] == source[8, 3], "\(mask) \(output)")
                    // GIF has no partial transparency: an edge pixel is either kept or gone there.
                    let alpha = frame[edge.0, edge.1].a
                    #expect(output == "out.gif" || (alpha > 0 && alpha < 255), "\(mask) \(output): edge alpha \(alpha)")
                }
            }
        }
        let bad = try CommandRunner.run(["convert", "in.gif", "x.gif", "--mask", "square"], in: folder.url)
        #expect(bad.status != 0 && bad.standardError.contains("--mask"), "\(bad.standardError)")
    }
}
