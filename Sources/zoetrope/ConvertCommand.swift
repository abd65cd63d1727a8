import Zoetrope

/// `zoetrope convert IN OUT`: re-encodes any image Zoetrope decodes as GIF, APNG (or PNG) or
/// lossless WebP.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert an animated or still image to GIF, APNG, PNG or lossless WebP.",
        discussion: """
        Reads any file Zoetrope decodes (\(FormatNames.list)) and writes its fully composited frames, \
        keeping each frame's display duration and the loop count. The format comes from --format, \
        else from OUTPUT's extension (.gif; .png or .apng: APNG, or a plain PNG for one frame; .webp: \
        lossless WebP, animated or still); \
        it must be given when writing to standard output.

        APNG output is exact: frames are stored as the rectangle that changed, in the smallest \
        sample format that keeps every pixel. WebP output is lossless (VP8L) and exact too, each \
        frame stored as the changed rectangle. GIF output is exact when every frame has at most 256 \
        colours (or --colors) and no partial transparency; otherwise colours are quantised to an \
        adaptive palette (built in the Oklab colour space) and dithered as --dither says. Opaque \
        GIF animations are stored as the rectangles that change.

        Nothing is lost: the output is written to a temporary file beside it and moved into place \
        only when complete, an input is never overwritten (by any name or link), and on any error \
        an existing output is left as it was. Frames are converted one at a time, so memory stays \
        at a few frames whatever the length. Use - for standard input or output.

        Durations are the effective ones (delays of 10 ms or less become 100 ms, as in browsers) \
        unless --raw-timing is given. GIF loop counts are converted to APNG plays (a GIF that \
        repeats N times plays N + 1 times), and back.

        Examples:
          zoetrope convert loading.gif loading.png
          zoetrope convert anim.png anim.gif --frames 0-9 --width 200
          zoetrope convert big.gif small.png --level 9
          zoetrope convert clip.gif clip.webp
          zoetrope convert clip.png clip.gif --colors 128 --dither ordered
          curl -s URL | zoetrope convert - - --format png > out.png
        """
    )

    @Argument(help: ArgumentHelp("The image to read (\(FormatNames.list)), or - for standard input."))
    var input: String

    @Argument(help: "The file to write (replaced if it exists), or - for standard output.")
    var output: String

    @Option(help: "Output format: gif, png, apng or webp (default: from OUTPUT's extension).")
    var format: OutputFormat?

    @Option(name: .long, parsing: .unconditional, help: "PNG and WebP compression level from 0 (fastest) to 9 (smallest; for PNG, 9 also tries every filter strategy and parses near-optimally, a few times slower than 6).")
    var level: Int = 6

    @Flag(name: .long, help: "Keep delays exactly as stored instead of the browsers' minimum.")
    var rawTiming = false

    @OptionGroup var selection: FrameOptions

    @OptionGroup(title: "GIF output") var gif: GIFOutputOptions

    func validate() throws {
        guard (0...9).contains(level) else {
            throw ValidationError("--level must be between 0 and 9 (got \(level))")
        }
    }

    func run() throws {
        let source = ImageSource.file(PathArgument(input))
        // Errors name the input file, except the system's (which name their own subject) and the
        // command's own (which name the output, or nothing).
        try reportingFailures("convert", file: source.name) {
            let outputPath = PathArgument(output)
            let outputFormat = try OutputFormat.resolve(format, for: outputPath)
            let inputs = ProtectedInputs([source])
            let timing: FrameTiming = rawTiming ? .raw : .browser
            let image = try source.open(options: DecodingOptions(timing: timing)).image
            var frames = try SelectedFrames(image, selection: selection.frames, width: selection.width, height: selection.height)
            let destination = try OutputDestination.open(outputPath, protecting: inputs)
            // GIF and APNG read the frames twice (to plan, then to write), WebP once.
            let progress = ProgressReporter("converting", frames: frames.frameCount, passes: outputFormat == .webp ? 1 : 2,
                                            quiet: selection.quiet)
            frames.onFrame = { progress.update($0) }
            defer { progress.finish() }
            try encode(frames, as: outputFormat, playCount: image.playCount, to: destination)
            try destination.commit()
            var warnings = image.warnings.map { "warning: " + CommandFailure.describe($0) }
            if let change = TimingChange(durations: frames.durations, format: outputFormat, timing: timing) {
                warnings.append("warning: " + change.message(format: outputFormat))
            }
            for warning in warnings {
                StandardError.print(CommandFailure(file: source.name, warning).line(subcommand: "convert"))
            }
        }
    }

    private func encode(_ frames: SelectedFrames, as format: OutputFormat, playCount: PlayCount,
                        to destination: OutputDestination) throws {
        guard frames.frameCount > 0 else { throw CommandFailure(file: nil, "no frames to write") }
        switch format {
        case .gif:
            try GIFEncoder.encode(frames, durations: frames.durations, playCount: playCount, options: gif.encoderOptions,
                                  to: destination.write)
        case .png, .apng:
            if frames.frameCount == 1 {
                var still: RGBAImage?
                try frames.forEachFrame { _, frame in still = frame }
                try destination.write(PNGEncoder.encode(still ?? RGBAImage(width: 1, height: 1), level: level))
            } else {
                try APNGEncoder.encode(frames, durations: frames.durations, playCount: playCount, level: level,
                                       to: destination.write)
            }
        case .webp:
            // A GIF that repeats 65 535 times plays once more than WebP's 16-bit count can say.
            let plays = playCount.count.map { PlayCount.finite(min($0, 65_535)) } ?? .infinite
            try WebPEncoder.encode(frames, durations: frames.durations, playCount: plays, level: level,
                                   to: destination.write)
        }
    }
}
