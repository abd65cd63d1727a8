import Zoetrope

/// `zoetrope thumbnail IN OUT --size WxH`: an animated thumbnail or a poster through the library's
/// ``Transcoder``, the path a server's thumbnail requests take.
struct ThumbnailCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thumbnail",
        abstract: "Make an animated thumbnail or a poster frame that fits in a box.",
        discussion: """
        Shrinks the image to fit in --size (aspect ratio kept, area averaging, never enlarged) \
        and writes it as GIF, PNG/APNG or WebP (--format, else OUTPUT's extension; WebP is \
        lossless unless --quality makes it lossy). \
        Frames stream from the decoder to the encoder one at a time. Frames faster than \
        --max-frame-rate are dropped by time, not by index: a frame is kept when it starts at \
        least 1/rate after the last kept one, and shows until the next kept frame starts, so \
        the total duration stays the source's. --poster writes one frame instead: first, middle \
        (on screen halfway through) or representative (the frame whose colours are closest to \
        the animation's average, weighted by duration). --time-limit stops the work past its \
        budget (checked between frames and rows).

        Examples:
          zoetrope thumbnail cat.gif cat-small.webp --size 160x160
          zoetrope thumbnail cat.gif poster.png --size 320x320 --poster representative
        """
    )

    @Argument(help: ArgumentHelp("The image to read (\(FormatNames.list)), or - for standard input."))
    var input: String

    @Argument(help: "The file to write (replaced if it exists), or - for standard output.")
    var output: String

    @Option(help: ArgumentHelp("The box to fit in.", valueName: "WxH"))
    var size: BoxSize

    @Option(help: ArgumentHelp(OutputFormat.help))
    var format: String?

    @Option(help: "The most frames a second (0: keep every frame).")
    var maxFrameRate: Int = 25

    @Option(help: ArgumentHelp("Write one frame: first, middle or representative.", valueName: "FRAME"))
    var poster: PosterChoice?

    @Option(name: .long, parsing: .unconditional, help: "PNG and WebP compression level from 0 (fastest) to 9 (smallest).")
    var level: Int = 4

    @Option(parsing: .unconditional, help: "WebP: lossy at this quality from 0 to 100, as cwebp -q (default: lossless).")
    var quality: Double?

    @Option(help: ArgumentHelp("Stop with an error after this many seconds.", valueName: "SECONDS"))
    var timeLimit: Double?

    func validate() throws {
        guard (0...9).contains(level) else { throw ValidationError("--level must be between 0 and 9 (got \(level))") }
        if let quality, !(0...100).contains(quality) {
            throw ValidationError("--quality must be between 0 and 100 (got \(quality))")
        }
        guard maxFrameRate >= 0 else { throw ValidationError("--max-frame-rate must be 0 or more (got \(maxFrameRate))") }
        if let timeLimit, !(timeLimit > 0 && timeLimit < 1e9) {
            throw ValidationError("--time-limit must be more than 0 seconds (got \(timeLimit))")
        }
    }

    func run() throws {
        try reportingFailures("thumbnail") {
            let outputPath = PathArgument(output)
            let encoder = try OutputFormat.resolve(format, for: outputPath)
            guard let format = encoder.formatNames.first.flatMap(ImageFormat.init(rawValue:)) else {
                throw CommandFailure(file: nil, "no output format '\(encoder.name)'")
            }
            let source = ImageSource.file(PathArgument(input))
            let inputs = ProtectedInputs([source])
            let image = try source.open().image
            let destination = try OutputDestination.open(outputPath, protecting: inputs)
            let options = TranscodeOptions(
                format: format, fit: size.pixelSize, maxFrameRate: maxFrameRate == 0 ? nil : maxFrameRate,
                level: level, quality: quality, timeLimit: timeLimit.map { .milliseconds(Int64(($0 * 1000).rounded())) })
            do {
                if let poster {
                    try destination.write(Transcoder.poster(of: image, frame: poster.frame, options: options))
                } else {
                    try Transcoder.transcode(image, options: options, to: destination.write)
                }
            } catch let error as OverBudgetError {
                throw CommandFailure(file: source.name, error.description)
            }
            try destination.commit()
        }
    }
}

/// `--size WxH`.
struct BoxSize: ExpressibleByArgument {
    var pixelSize: PixelSize

    init?(argument: String) {
        let parts = argument.split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
              (1...65_535).contains(width), (1...65_535).contains(height) else { return nil }
        pixelSize = PixelSize(width: width, height: height)
    }
}

/// `--poster first|middle|representative`.
struct PosterChoice: ExpressibleByArgument {
    var frame: PosterFrame

    init?(argument: String) {
        guard let frame = PosterFrame(rawValue: argument) else { return nil }
        self.frame = frame
    }

    static var allValueStrings: [String] { PosterFrame.allCases.map(\.rawValue) }
}
