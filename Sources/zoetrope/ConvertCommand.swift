import Zoetrope

/// `zoetrope convert IN… OUT`: re-encodes any image Zoetrope decodes (several joined in order, a
/// PNG sequence, raw RGBA or YUV4MPEG2 frames from another tool) as GIF, APNG (or PNG) or WebP
/// (lossless, lossy or mixed).
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

        Several inputs are joined in order into one animation (they must have one canvas size); the \
        last argument is always the file to write. A quoted pattern ('frame-*.png') is expanded by \
        Zoetrope in numeric order (frame-2 before frame-10); a pattern the shell expanded keeps the \
        shell's order. Still images joined show for 1/--fps s each (their own duration without \
        --fps); --list reads the files and each one's duration from a list file. Video comes in \
        through a pipe as raw RGBA (--input-format rgba --size WxH --fps N) or YUV4MPEG2 \
        (--input-format y4m; a .y4m file is recognised by itself): standard input is copied to an \
        unlinked temporary file (in TMPDIR) and read back a frame at a time, so memory stays at a \
        few frames however long the video is.

        Edits keep the animation in every format, transparency included: --crop, --rotate and --flip \
        move pixels without resampling them; --crop content keeps what the frames show (a first \
        pass finds it, holding one frame); --mask circle or rounded:R makes the corners \
        transparent with an anti-aliased edge (avatars); --trim, --reverse, --speed and --fps change which \
        frames play and for how long (--fps drops frames by time, so the total duration stays); \
        --plays sets how many times the output plays. Whatever order they are given in, they apply \
        in this one: --frames, --trim, --reverse, --speed, --fps; then --crop, --rotate, --flip, \
        --mask, and last --width/--height.

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
          zoetrope convert avatar.gif round.webp --crop content --mask circle
          zoetrope convert sticker.png sticker.gif --mask rounded:24
          zoetrope convert intro.gif main.webp outro.png joined.webp
          zoetrope convert 'frame-*.png' out.webp --fps 25
          zoetrope convert --list frames.txt out.gif
          ffmpeg -i video.mp4 -f yuv4mpegpipe - \\
            | zoetrope convert --input-format y4m - clip.gif
          ffmpeg -i video.mp4 -vf scale=640:360 -f rawvideo -pix_fmt rgba - \\
            | zoetrope convert --input-format rgba --size 640x360 --fps 25 - clip.webp
          ffmpeg -i video.mp4 -f apng - | zoetrope convert - clip.webp
          curl -s URL | zoetrope convert - - --format png > out.png
        """
    )

    @Argument(help: ArgumentHelp("The images to read, joined in order (\(FormatNames.list); - for standard input; "
                                 + "a quoted pattern such as 'frame-*.png' is expanded in numeric order), then the file to "
                                 + "write (replaced if it exists; - for standard output).", valueName: "in ... out"))
    var paths: [String] = []

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

    @OptionGroup(title: "Frames from other tools") var inputOptions: InputOptions

    /// The last argument: the file to write.
    var output: String { paths.last ?? "-" }

    func validate() throws {
        let inputs = paths.dropLast()
        if inputOptions.list != nil {
            guard inputs.isEmpty, !paths.isEmpty else { throw ValidationError("with --list, give only the file to write") }
        } else if paths.count < 2 {
            throw ValidationError("Missing expected argument: give the image to read and the file to write (zoetrope convert IN OUT)")
        }
        try ImageSource.requireStandardInputOnce(Array(inputs))
        if (inputOptions.inputFormat ?? .image) != .image && inputs.count != 1 {
            throw ValidationError("--input-format \(inputOptions.inputFormat!.rawValue) reads one input")
        }
        if inputOptions.inputFormat == .rgba && edits.fps == nil { throw ValidationError("--input-format rgba needs --fps N") }
    }

    @Flag(name: .long, help: ArgumentHelp("GIF output: store the same frames, exactly, in as few bytes as the encoder finds "
          + "(durations as stored); from a GIF with no edits, never larger than the input, whose bytes are kept when nothing "
          + "smaller is found."))
    var optimize = false

    func run() throws {
        let name = paths.count == 2 ? ImageSource.file(PathArgument(paths[0])).name : nil
        // Errors name the input file, except the system's (which name their own subject) and the
        // command's own (which name the output, or nothing).
        try reportingFailures("convert", file: name) {
            let outputPath = PathArgument(output)
            if let jobs, !(1...EncodingWorkers.maximum).contains(jobs) {
                throw CommandFailure(file: nil, "--jobs must be between 1 and \(EncodingWorkers.maximum) (got \(jobs))")
            }
            let encoder = try OutputFormat.resolve(format, for: outputPath)
            try encoderFlags.check(for: encoder)
            // The WebP encoders free and allocate the same frame-sized buffers frame after frame:
            // freed memory stays at the heap's top for the next frame instead of fresh pages
            // faulted in (GIF output, near its memory bound at 1080p, does without).
            if encoder.format == .webp { LargeBufferRelease.keepHeapTop() }
            if optimize, encoder.format != .gif {
                throw CommandFailure(file: nil, "--optimize applies to GIF output only")
            }
            let timing: FrameTiming = rawTiming || optimize ? .raw : .browser
            let (input, inputs) = try openInput(timing: timing)
            var edit = edits.edit
            if edits.crop?.isContent == true { edit.crop = try contentBounds(of: input) }
            var frames = try SelectedFrames(input, selection: selection.frames, edit: edit, width: selection.width, height: selection.height)
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
                try writeOptimized(frames, input: input, edit: edit, settings: settings, encoder: encoder, to: destination)
            } else {
                try encoder.encode(frames, durations: frames.durations, playCount: edit.plays ?? input.playCount,
                                   settings: settings, to: destination.write, rewriting: destination.rewriter)
            }
            try destination.commit()
            var warnings = input.problems.map { problem in
                problem as? CommandFailure ?? CommandFailure(file: name, "warning: " + CommandFailure.describe(problem))
            }
            if let change = TimingChange(durations: frames.durations, format: encoder.format, timing: timing) {
                warnings.append(CommandFailure(file: name, "warning: " + change.message(format: encoder.format)))
            }
            for warning in warnings { StandardError.print(warning.line(subcommand: "convert")) }
        }
    }

    /// `--optimize`: the GIF in memory, checked exact, or the input's bytes when those are smaller.
    private func writeOptimized(_ frames: SelectedFrames, input: any FrameInput, edit: AnimationEdit, settings: EncoderSettings,
                                encoder: ImageEncoder, to destination: OutputDestination) throws {
        let path = PathArgument(paths[0])
        let unchanged = paths.count == 2 && (input as? AnimatedImage)?.format == .gif && !path.isStandardStream
            && selection.frames == nil && selection.width == nil && selection.height == nil && edit == AnimationEdit()
        let original = unchanged ? try InputFile(path).bytes.array : nil
        let result = try GIFOptimization(original: original).encode(
            frames, durations: frames.durations, playCount: edit.plays ?? input.playCount, encoder: encoder, settings: settings,
            isLossy: (encoderFlags.lossy ?? 0) > 0)
        try destination.write(result.bytes)
        if result.keptInput, !selection.quiet {
            StandardError.print(CommandFailure(file: nil, "note: nothing smaller found; the input's bytes are written as they are")
                .line(subcommand: "convert"))
        }
    }
}
