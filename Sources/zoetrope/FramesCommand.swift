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

    func run() throws {
        let sources = ImageSource.list(files)
        let stems = sources.map(\.stem)
        if sources.count > 1, Set(stems).count < stems.count, output != "-" {
            StandardError.print("zoetrope frames: two input files have the same name, so their frames would share file names")
            throw ExitCode.failure
        }
        var failures = 0
        for (source, stem) in zip(sources, stems) {
            do {
                try reportingFailures("frames") {
                    try write(source, prefix: sources.count > 1 ? stem + "-" : "")
                }
            } catch {
                failures += 1
            }
        }
        if failures > 0 { throw ExitCode.failure }
    }

    private func write(_ source: ImageSource, prefix: String) throws {
        let (image, identity) = try source.open()
        var selected = try SelectedFrames(image, selection: selection.frames, width: selection.width, height: selection.height)
        let progress = ProgressReporter("writing frames", total: selected.frameCount, quiet: selection.quiet)
        selected.onFrame = progress.update
        defer { progress.finish() }
        let outputPath = PathArgument(output)
        if outputPath.isStandardStream {
            _ = try OutputDestination.open(outputPath, protecting: identity.map { [$0] } ?? [])
            try selected.forEachFrame { _, frame in try StandardOutput.write(frame.pixels) }
        } else {
            try FileSystem.createDirectories(outputPath)
            if format == .png { try EncodingMemory.reserve(.png, canvas: selected.canvasSize) }
            try selected.forEachFrame { position, frame in
                let name = prefix + "frame-" + Self.fourDigits(selected.indices[position]) + "." + format.rawValue
                let file = try AtomicFile(PathArgument(joining: outputPath, name), protecting: identity.map { [$0] } ?? [])
                try file.write(format == .png ? PNGEncoder.encode(frame) : frame.pixels)
                try file.commit()
            }
        }
        for warning in image.warnings {
            StandardError.print(CommandFailure(file: source.name, "warning: " + CommandFailure.describe(warning))
                .line(subcommand: "frames"))
        }
    }

    /// `7` → `0007` (more digits when needed).
    static func fourDigits(_ value: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
