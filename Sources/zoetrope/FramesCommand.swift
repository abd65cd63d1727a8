import Zoetrope

struct FramesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frames",
        abstract: "Write composited frames as PNG files or raw RGBA.",
        discussion: """
        Each frame is the full canvas after compositing (disposal and blending applied), RGBA with \
        straight alpha. Files are named frame-0000.png (or .rgba) after the frame's index; with \
        several input files, NAME-frame-0000.png after each file's name. Every file is written \
        whole or not at all, and an input is never overwritten.

        Raw RGBA is width × height × 4 bytes per frame, rows top to bottom, no header; \
        `zoetrope info` tells the size. `-o -` writes the raw RGBA of the frames to standard output, \
        one after another. FILE - reads standard input.

        Examples:
          zoetrope frames cat.gif -o cat-frames
          zoetrope frames *.gif -o all-frames --frames 0
          zoetrope frames cat.gif -o - | ffmpeg -f rawvideo -pix_fmt rgba -s 320x240 -i - out.mp4
        """
    )

    enum FileFormat: String, ExpressibleByArgument, CaseIterable {
        case png, rgba
    }

    @Argument(help: "Image files, or - for standard input. None: the built-in sample animation.")
    var files: [String] = []

    @Option(name: .shortAndLong, help: "Output folder (created if missing), or - for raw RGBA on standard output.")
    var output: String

    @Option(help: "File format in the output folder: png or rgba.")
    var format: FileFormat = .png

    @OptionGroup var selection: FrameOptions

    func validate() throws {
        try ImageSource.requireStandardInputOnce(files)
    }

    func run() throws {
        let sources = ImageSource.list(files)
        let stems = sources.map(\.stem)
        if sources.count > 1, Set(stems).count < stems.count, output != "-" {
            StandardError.print("zoetrope frames: two input files have the same name, so their frames would share file names")
            throw ExitCode.failure
        }
        let inputs = ProtectedInputs(sources)
        var failures = 0
        // Every input is opened and every output name checked against every input before anything
        // is written; an input that cannot be opened is reported and the others are written.
        var planned: [(source: ImageSource, frames: SelectedFrames, prefix: String)] = []
        for (source, stem) in zip(sources, stems) {
            do {
                try reportingFailures("frames", file: source.name) {
                    let image = try source.open().image
                    let frames = try SelectedFrames(image, selection: selection.frames, width: selection.width,
                                                    height: selection.height)
                    planned.append((source, frames, sources.count > 1 ? stem + "-" : ""))
                }
            } catch {
                failures += 1
            }
        }
        try reportingFailures("frames") { try refuseCollisions(planned.map { ($0.frames, $0.prefix) }, inputs: inputs) }
        // Each image is let go once written.
        while !planned.isEmpty {
            let (source, frames, prefix) = planned.removeFirst()
            do {
                try reportingFailures("frames", file: source.name) { try write(frames, prefix: prefix, inputs: inputs) }
            } catch {
                failures += 1
                continue
            }
            for warning in frames.image.problems {
                StandardError.print(CommandFailure(file: source.name, "warning: " + CommandFailure.describe(warning))
                    .line(subcommand: "frames"))
            }
        }
        if failures > 0 { throw ExitCode.failure }
    }

    /// Refuses the run when any output would replace an input: standard output, or a frame's file.
    private func refuseCollisions(_ planned: [(frames: SelectedFrames, prefix: String)], inputs: ProtectedInputs) throws {
        let outputPath = PathArgument(output)
        if outputPath.isStandardStream { return try inputs.refuseStandardOutput() }
        for (frames, prefix) in planned {
            for index in frames.indices { try inputs.refuse(PathArgument(joining: outputPath, fileName(prefix, index))) }
        }
    }

    /// `PREFIX` `frame-0007.png`.
    private func fileName(_ prefix: String, _ index: Int) -> String {
        prefix + "frame-" + Self.fourDigits(index) + "." + format.rawValue
    }

    private func write(_ frames: SelectedFrames, prefix: String, inputs: ProtectedInputs) throws {
        var selected = frames
        let progress = ProgressReporter("writing frames", frames: selected.frameCount, quiet: selection.quiet)
        selected.onFrame = { progress.update($0) }
        defer { progress.finish() }
        let outputPath = PathArgument(output)
        if outputPath.isStandardStream {
            try selected.forEachFrame { _, frame in try StandardOutput.write(frame.pixels) }
            return
        }
        try FileSystem.createDirectories(outputPath)
        if format == .png { try EncodingMemory.reserve(.png, canvas: selected.canvasSize) }
        try selected.forEachFrame { position, frame in
            let file = try AtomicFile(PathArgument(joining: outputPath, fileName(prefix, selected.indices[position])),
                                      protecting: inputs)
            try file.write(format == .png ? PNGEncoder.encode(frame) : frame.pixels)
            try file.commit()
        }
    }

    /// `7` → `0007` (more digits when needed).
    static func fourDigits(_ value: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
