import ArgumentParser
import Zoetrope

/// `zoetrope convert IN OUT`: re-encodes any image Zoetrope decodes as APNG (or PNG).
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert an animated or still image to APNG (or PNG when it has one frame).",
        discussion: """
        Reads any file Zoetrope decodes (\(FormatNames.list)) and writes its fully composited frames \
        as an animated PNG, keeping each frame's display duration and the loop count. A file \
        with a single frame becomes a plain PNG.

        Frames are stored as the rectangle that changed, with the smallest sample format that \
        keeps every pixel (palette for up to 256 colours), so the output is exact: decoding it \
        gives back the same frames.

        Durations are the effective ones (delays of 10 ms or less become 100 ms, as in browsers) \
        unless --raw-timing is given. GIF loop counts are converted to APNG plays (a GIF that \
        repeats N times plays N + 1 times).

        Examples:
          zoetrope convert loading.gif loading.png
          zoetrope convert big.gif small.png --level 9
          zoetrope convert still.gif still.png --raw-timing
        """
    )

    @Argument(help: ArgumentHelp("The image to read (\(FormatNames.list))."))
    var input: String

    @Argument(help: "The APNG or PNG file to write (replaced if it exists).")
    var output: String

    @Option(name: .long, help: "Compression level from 0 (fastest, stored) to 9 (smallest).")
    var level: Int = 6

    @Flag(name: .long, help: "Keep delays exactly as stored instead of the browsers' minimum.")
    var rawTiming = false

    func validate() throws {
        guard (0...9).contains(level) else {
            throw ValidationError("--level must be between 0 and 9 (got \(level))")
        }
    }

    func run() throws {
        do {
            let options = DecodingOptions(timing: rawTiming ? .raw : .browser)
            let image = try AnimatedImage(contentsOfFile: input, options: options)
            var frames: [RGBAImage] = []
            try image.forEachFrame { _, frame in frames.append(frame) }
            for warning in image.warnings { StandardError.print("zoetrope convert: warning: \(input): \(warning)") }
            let bytes: [UInt8]
            if frames.count == 1 {
                bytes = PNGEncoder.encode(frames[0], level: level)
            } else {
                let durations = (0..<image.frameCount).map { image.duration(at: $0) }
                bytes = try APNGEncoder.encode(frames: frames, durations: durations,
                                               playCount: image.playCount, level: level)
            }
            try FileBytes.write(bytes, to: output)
        } catch {
            StandardError.print("zoetrope convert: \(error)")
            throw ExitCode.failure
        }
    }
}
