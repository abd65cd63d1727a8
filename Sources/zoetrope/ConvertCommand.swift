import Zoetrope

/// `zoetrope convert IN OUT`: re-encodes any image Zoetrope decodes as GIF, APNG (or PNG) or
/// WebP (lossless, lossy or mixed).
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert an animated or still image to GIF, APNG, PNG or WebP (lossless, lossy or mixed).",
        discussion: """
        Reads any file Zoetrope decodes (\(FormatNames.list)) and writes its fully composited frames, \
        keeping each frame's display duration and the loop count. The format comes from --format \
        (\(OutputFormat.names)), else from OUTPUT's extension (\(OutputFormat.byExtension)); \
        it must be given when writing to standard output. An output option that does not apply to \
        the format written is an error.

        APNG output is exact: frames are stored as the rectangle that changed, in the smallest \
        sample format that keeps every pixel. WebP output is lossless (VP8L) and exact too, each \
        frame stored as the changed rectangle, unless --quality makes it lossy (VP8, as cwebp -q, \
        frames stored as what changed beyond what the quality hides) or --mixed codes each frame \
        lossy or lossless, whichever is smaller (as gif2webp -mixed). GIF output is exact when every frame has at most 256 \
        colours (or --colors) and no partial transparency; otherwise colours are quantised to an \
        adaptive palette (built in the Oklab colour space) and dithered as --dither says. GIF \
        animations are stored as the rectangles that change; --optimize keeps a GIF's frames exact \
        and never writes more bytes than the input GIF (whose bytes are kept when nothing smaller is found).

        Nothing is lost: the output is written to a temporary file beside it and moved into place \
        only when complete, an input is never overwritten (by any name or link), and on any error \
        an existing output is left as it was. Frames are converted one at a time, so memory stays \
        at a few frames whatever the length. Use - for standard input or output.

        Edits keep the animation in every format, transparency included: --crop, --rotate and --flip \
        move pixels without resampling them; --trim, --reverse, --speed and --fps change which \
        frames play and for how long (--fps drops frames by time, so the total duration stays); \
        --plays sets how many times the output plays. Whatever order they are given in, they apply \
        in this one: --frames, --trim, --reverse, --speed, --fps; then --crop, --rotate, --flip, \
        and last --width/--height.

        Durations are the effective ones (stored durations of 10 ms or less become 100 ms, as in browsers) \
        unless --raw-timing is given. GIF loop counts are converted to APNG plays (a GIF that \
        repeats N times plays N + 1 times), and back; a play count beyond what the output format \
        stores becomes its maximum.

        Examples:
          zoetrope convert loading.gif loading.png
          zoetrope convert anim.png anim.gif --frames 0-9 --width 200
          zoetrope convert big.gif small.png --level 9
          zoetrope convert clip.gif clip.webp
          zoetrope convert photo.png photo.webp --quality 75 --method 4
          zoetrope convert clip.gif clip.webp --mixed
          zoetrope convert clip.png clip.gif --colors 128 --dither ordered
          zoetrope convert avatar.gif avatar.webp --crop 200x200+40+10 --rotate 90
          zoetrope convert clip.webp boomerang.png --reverse --speed 1.5 --plays forever
          zoetrope convert long.gif short.gif --trim 2-5.5 --fps 15
          ffmpeg -i video.mp4 -f apng - | zoetrope convert - clip.webp
          curl -s URL | zoetrope convert - - --format png > out.png
        """
    )

    @Argument(help: ArgumentHelp("The image to read (\(FormatNames.list)), or - for standard input."))
    var input: String

    @Argument(help: "The file to write (replaced if it exists), or - for standard output.")
    var output: String

    @Option(help: ArgumentHelp(OutputFormat.help))
    var format: String?

    @Flag(name: .long, help: "Keep durations exactly as stored instead of the browsers' minimum.")
    var rawTiming = false

    @OptionGroup var selection: FrameOptions

    @OptionGroup(title: "Edits that keep the animation")
    var edits: EditOptions

    @OptionGroup(title: "Output options (each applies to the formats it names)") var encoderFlags: EncoderFlags

    @Option(name: .long, help: ArgumentHelp("How many frames to compress at once, 1 to \(EncodingWorkers.maximum) (default: one "
                                            + "per processor); the file written is the same whatever the number.",
                                            valueName: "n"))
    var jobs: Int?

    @Flag(name: .long, help: ArgumentHelp("GIF output: store the same frames, exactly, in as few bytes as the encoder finds "
          + "(durations as stored); from a GIF with no edits, never larger than the input, whose bytes are kept when nothing "
          + "smaller is found."))
    var optimize = false

    func run() throws {
        let source = ImageSource.file(PathArgument(input))
        // Errors name the input file, except the system's (which name their own subject) and the
        // command's own (which name the output, or nothing).
        try reportingFailures("convert", file: source.name) {
            let outputPath = PathArgument(output)
            if let jobs, !(1...EncodingWorkers.maximum).contains(jobs) {
                throw CommandFailure(file: nil, "--jobs must be between 1 and \(EncodingWorkers.maximum) (got \(jobs))")
            }
            let encoder = try OutputFormat.resolve(format, for: outputPath)
            try encoderFlags.check(for: encoder)
            let inputs = ProtectedInputs([source])
            if optimize, encoder.format != .gif {
                throw CommandFailure(file: nil, "--optimize applies to GIF output only")
            }
            let timing: FrameTiming = rawTiming || optimize ? .raw : .browser
            let image = try source.open(options: DecodingOptions(timing: timing)).image
            var frames = try SelectedFrames(image, selection: selection.frames, edit: edits.edit, width: selection.width, height: selection.height)
            let destination = try OutputDestination.open(outputPath, protecting: inputs)
            // GIF and APNG read the frames twice (to plan, then to write), WebP and a PNG still once.
            let progress = ProgressReporter("converting", frames: frames.frameCount,
                                            passes: encoder.passes(frames.frameCount), quiet: selection.quiet)
            frames.onFrame = { progress.update($0) }
            defer { progress.finish() }
            guard frames.frameCount > 0 else {
                throw CommandFailure(file: nil, edits.trim == nil ? "no frames to write" : "--trim keeps no frame: it ends before "
                                     + "the first frame or starts after the last")
            }
            if frames.raisedDurations > 0 {
                StandardError.print(CommandFailure(file: nil, "warning: --speed would make \(frames.raisedDurations) frame(s) "
                    + "shorter than 20 ms (browsers slow such GIF frames to 100 ms); they show for 20 ms").line(subcommand: "convert"))
            }
            var settings = encoderFlags.settings
            settings.workers = jobs
            if optimize {
                try writeOptimized(frames, image: image, settings: settings, encoder: encoder, to: destination)
            } else {
                try encoder.encode(frames, durations: frames.durations, playCount: edits.edit.plays ?? image.playCount,
                                   settings: settings, to: destination.write)
            }
            try destination.commit()
            var warnings = image.warnings.map { "warning: " + CommandFailure.describe($0) }
            if let change = TimingChange(durations: frames.durations, format: encoder.format, timing: timing) {
                warnings.append("warning: " + change.message(format: encoder.format))
            }
            for warning in warnings {
                StandardError.print(CommandFailure(file: source.name, warning).line(subcommand: "convert"))
            }
        }
    }

    /// `--optimize`: the GIF in memory, checked exact, or the input's bytes when those are smaller.
    private func writeOptimized(_ frames: SelectedFrames, image: AnimatedImage, settings: EncoderSettings,
                                encoder: ImageEncoder, to destination: OutputDestination) throws {
        let unchanged = image.format == .gif && selection.frames == nil && selection.width == nil && selection.height == nil
            && edits.edit == AnimationEdit()
        let original = unchanged ? PathArgument(input).isStandardStream ? nil : try InputFile(PathArgument(input)).bytes.array : nil
        let result = try GIFOptimization(original: original).encode(
            frames, durations: frames.durations, playCount: image.playCount, encoder: encoder, settings: settings,
            isLossy: (encoderFlags.lossy ?? 0) > 0)
        try destination.write(result.bytes)
        if result.keptInput, !selection.quiet {
            StandardError.print(CommandFailure(file: nil, "note: nothing smaller found; the input's bytes are written as they are")
                .line(subcommand: "convert"))
        }
    }
}
