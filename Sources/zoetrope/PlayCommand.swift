import Dispatch
import Zoetrope
import ZoetropeTerminal
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `zoetrope play`: plays an animation in the terminal through the real animator.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play animated images in the terminal (the built-in animation without a file).",
        discussion: """
            Draws with the kitty graphics protocol, sixel, iTerm2 inline images, or coloured \
            half-block characters (24-bit or 256 colours), chosen from TERM, TERM_PROGRAM and \
            COLORTERM unless --renderer says otherwise. The image is shrunk to fit the window \
            (or --width × --height cells) and follows window resizes.

            Keys: space pause/resume · ←/→ step a frame (pauses) · + / - double/halve the rate · \
            r cycle forward/reverse/bounce · q or Ctrl-C quit.

            Playback stops by itself after the image's number of plays (or --plays). When standard \
            output is not a terminal, one frame is written and the command exits, unless --animate \
            is given.

            Several files play all at once, laid out as a grid (--layout grid, the default: as many \
            columns as make the tiles largest) or in one column (--layout column, like a chat \
            stream), on one clock and one shared frame cache; --width and --height then give each \
            tile's size in cells. Tiles that do not fit in the window are not played and nothing \
            of them is decoded; identical files are decoded once. The status line (--info) shows \
            how many play and the memory the player accounts for: what the animations hold \
            (frames, canvases, checkpoints) plus what the process held when it started, beside \
            its resident memory (Linux) and the cache's budget. \
            Space pauses and resumes all of them; + - and r apply to all.
            """
    )

    @Argument(help: ArgumentHelp("\(FormatNames.list) files, or - for standard input. Without any, plays Zoetrope's own animation."))
    var files: [String] = []

    @Option(help: "With several files: grid or column.")
    var layout: GridLayout.Arrangement = .grid

    @Option(parsing: .unconditional, help: "Playback rate: 2 plays twice as fast, 0.5 half as fast.")
    var rate: Double = 1

    @Option(help: "Playback mode: forward, reverse or bounce.")
    var mode: PlaybackMode = .forward

    @Option(name: [.long, .hiddenLong("loops")], parsing: .unconditional,
            help: "Plays in all (0 = forever). Default: the image's own count.")
    var plays: Int?

    @Option(parsing: .unconditional, help: "Columns for the image (default: the window's width). Enlarges small images. With several files: each tile's columns.")
    var width: Int?

    @Option(parsing: .unconditional, help: "Rows for the image (default: the window's height less one). Enlarges small images. With several files: each tile's rows.")
    var height: Int?

    @Option(help: "auto, kitty, sixel, iterm, truecolor or 256.")
    var renderer: String = "auto"

    @Option(help: "What transparency shows: terminal, checker or #RRGGBB.")
    var background: String = "terminal"

    @Flag(help: "Show a status line: frame, play, rate, mode and timing (several files: how many play, memory, decodes).")
    var info = false

    @Flag(help: "Write the first frame where the cursor is and exit.")
    var once = false

    @Flag(help: "Play even when standard output is not a terminal.")
    var animate = false

    /// The most columns or rows `--width` and `--height` accept: more than any screen has.
    static let maximumCells = 2000

    func validate() throws {
        guard rate.isFinite, rate > 0 else { throw ValidationError("--rate must be a positive number.") }
        guard renderer == "auto" || RendererKind(rawValue: renderer) != nil else {
            throw ValidationError("--renderer must be auto, kitty, sixel, iterm, truecolor or 256, not '\(renderer)'.")
        }
        guard TerminalBackground(argument: background) != nil else {
            throw ValidationError("--background must be terminal, checker or #RRGGBB, not '\(background)'.")
        }
        if let plays, plays < 0 { throw ValidationError("--plays must be 0 (forever) or more.") }
        let cells = 1...Self.maximumCells
        if let width, !cells.contains(width) { throw ValidationError("--width must be 1 to \(Self.maximumCells).") }
        if let height, !cells.contains(height) { throw ValidationError("--height must be 1 to \(Self.maximumCells).") }
        if files.count(where: { PathArgument($0).isStandardStream }) > 1 {
            throw ValidationError("standard input (-) can be given only once.")
        }
    }

    func run() throws {
        // Standard output redirected to an input (`play x.gif >> x.gif`) would write over it.
        try reportingFailures("play") { try ProtectedInputs(files.map { .file(PathArgument($0)) }).refuseStandardOutput() }
        if files.count > 1 {
            try reportingFailures("play") { try playGrid() }
            return
        }
        try reportingFailures("play", file: files.first.map { PathArgument($0).display }) { try playImage() }
    }

    /// The player's options from the command line.
    private var playerOptions: TerminalPlayer.Options {
        let kind = RendererKind(rawValue: renderer) ?? RendererKind.detect(environment: Self.environment())
        return TerminalPlayer.Options(
            renderer: kind,
            background: TerminalBackground(argument: background) ?? .terminal,
            columns: width, rows: height, showInfo: info,
            style: PlaybackStyle(rate: rate, mode: mode, playCount: plays.map { $0 == 0 ? .infinite : .finite($0) }))
    }

    /// The window's size, or one fitting the size asked for when output is no terminal.
    private var window: WindowSize {
        TerminalDevice.windowSize(1)
            ?? WindowSize(cells: CellSize(columns: width ?? 80, rows: (height ?? 23) + 1), cellPixels: nil)
    }

    private func playImage() throws {
        let image = try openImage(files.first)
        let options = playerOptions
        let window = window
        let outputIsTerminal = TerminalDevice.isTerminal(1)
        // A still image has nothing to play; outside a full-screen session it would never end.
        if once || !outputIsTerminal && (!animate || image.isComplete && image.frameCount == 1) {
            try writeStill(image, options: options, window: window)
            return
        }
        let queue = DispatchQueue(label: "zoetrope.play", qos: .userInteractive)
        let session = FullScreenSession(queue: queue, fullScreen: outputIsTerminal)
        let player = TerminalPlayer(image: image, options: options, window: window,
                                    clock: TimerClock(ticksPerSecond: 60, queue: queue),
                                    write: { session.write($0) }, onExit: { session.exit($0) })
        let status = try session.run(player)
        if status != 0 { throw ExitCode(status) }
    }

    /// Plays several files at once, in a grid or a column, on one clock and one frame cache.
    private func playGrid() throws {
        let images = try openImages()
        let options = playerOptions
        let window = window
        let outputIsTerminal = TerminalDevice.isTerminal(1)
        if once || !outputIsTerminal && !animate {
            for image in images { try writeStill(image, options: options, window: window) }
            return
        }
        let queue = DispatchQueue(label: "zoetrope.play", qos: .userInteractive)
        let session = FullScreenSession(queue: queue, fullScreen: outputIsTerminal)
        let player = TerminalGridPlayer(images: images, options: options, arrangement: layout, window: window,
                                        clock: TimerClock(ticksPerSecond: 60, queue: queue),
                                        write: { session.write($0) }, onExit: { session.exit($0) })
        let status = try session.run(player)
        if status != 0 { throw ExitCode(status) }
    }

    /// Every file's image; names of one file (by device and inode), or files with identical bytes
    /// read whole, give one image, decoded once.
    private func openImages() throws -> [any AnimatableImage] {
        var opened: [OpenedKey: any AnimatableImage] = [:]
        return try files.map { file in
            var image: (any AnimatableImage)?
            try reportingFailures("play", file: PathArgument(file).display) {
                if PathArgument(file).isStandardStream {
                    image = try openImage(file)
                    return
                }
                let input = try readFile(file)
                let key = input.identity.map(OpenedKey.file) ?? .bytes(input.bytes.array)
                image = try opened[key] ?? ProgressiveImage(imageBytes: input.bytes)
                opened[key] = image
            }
            return image!
        }
    }

    /// What makes two files one image: the same file, or the same bytes.
    private enum OpenedKey: Hashable {
        case file(FileIdentity)
        case bytes([UInt8])
    }

    /// The file's image (opened lazily, or read progressively from standard input), or the
    /// built-in animation.
    private func openImage(_ file: String?) throws -> any AnimatableImage {
        guard let file else {
            return try FrameSequence(frames: SampleAnimation.frames(), duration: SampleAnimation.frameDuration,
                                     playCount: .infinite)
        }
        let path = PathArgument(file)
        if path.isStandardStream { return try StandardInputImage.open() }
        return try ProgressiveImage(imageBytes: try readFile(file).bytes)
    }

    /// A file, mapped or read; a failure to read it is reported as the command's.
    private func readFile(_ file: String) throws -> InputFile {
        do {
            return try InputFile(PathArgument(file))
        } catch {
            throw CommandFailure(file: nil, error)
        }
    }

    /// Writes the first frame inline.
    private func writeStill(_ image: any AnimatableImage, options: TerminalPlayer.Options, window: WindowSize) throws {
        let renderer = options.renderer.makeRenderer(cellPixels: window.cellPixels ?? TerminalPlayer.defaultCellPixels)
        let layout = PlayerLayout(canvas: PlayerLayout.contentSize(of: image), window: window.cells,
                                  columns: options.columns, rows: options.rows, renderer: renderer)
        var presenter = FramePresenter(renderer: renderer, background: options.background, layout: layout)
        try StandardOutput.write(presenter.present(try image.frame(at: 0), contentsRect: image.contentsRect(at: 0),
                                                   inline: true))
    }

    private static func environment() -> [String: String] {
        var result = [String: String]()
        for name in ["TERM", "TERM_PROGRAM", "COLORTERM", "TMUX", "KITTY_WINDOW_ID"] {
            if let value = unsafe getenv(name) { result[name] = unsafe String(cString: value) }
        }
        return result
    }
}

/// `--layout grid|column`.
extension GridLayout.Arrangement: ExpressibleByArgument {}
