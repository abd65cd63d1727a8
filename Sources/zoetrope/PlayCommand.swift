import ArgumentParser
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
        abstract: "Play an animated image in the terminal (the built-in animation without a file).",
        discussion: """
            Draws with the kitty graphics protocol, sixel, iTerm2 inline images, or coloured \
            half-block characters (24-bit or 256 colours), chosen from TERM, TERM_PROGRAM and \
            COLORTERM unless --renderer says otherwise. The image is shrunk to fit the window \
            (or --width × --height cells) and follows window resizes.

            Keys: space pause/resume · ←/→ step a frame (pauses) · + / - double/halve the rate · \
            r cycle forward/reverse/bounce · q or Ctrl-C quit.

            Playback stops by itself after the image's number of plays (or --loops). When standard \
            output is not a terminal, one frame is written and the command exits, unless --animate \
            is given.
            """
    )

    @Argument(help: ArgumentHelp("A \(FormatNames.list) file, or - for standard input. Without one, plays Zoetrope's own animation."))
    var file: String?

    @Option(parsing: .unconditional, help: "Playback rate: 2 plays twice as fast, 0.5 half as fast.")
    var rate: Double = 1

    @Option(help: "Playback mode: forward, reverse or bounce.")
    var mode: PlaybackMode = .forward

    @Option(parsing: .unconditional, help: "Plays in all (0 = forever). Default: the image's own count.")
    var loops: Int?

    @Option(parsing: .unconditional, help: "Columns for the image (default: the window's width). Enlarges small images.")
    var width: Int?

    @Option(parsing: .unconditional, help: "Rows for the image (default: the window's height less one). Enlarges small images.")
    var height: Int?

    @Option(help: "auto, kitty, sixel, iterm, truecolor or 256.")
    var renderer: String = "auto"

    @Option(help: "What transparency shows: terminal, checker or #RRGGBB.")
    var background: String = "terminal"

    @Flag(help: "Show a status line: frame, loop, rate, mode and timing.")
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
        if let loops, loops < 0 { throw ValidationError("--loops must be 0 (forever) or more.") }
        let cells = 1...Self.maximumCells
        if let width, !cells.contains(width) { throw ValidationError("--width must be 1 to \(Self.maximumCells).") }
        if let height, !cells.contains(height) { throw ValidationError("--height must be 1 to \(Self.maximumCells).") }
    }

    func run() throws {
        try reportingFailures("play", file: file.map { PathArgument($0).display }) { try playImage() }
    }

    private func playImage() throws {
        let image = try openImage()
        let environment = Self.environment()
        let kind = RendererKind(rawValue: renderer) ?? RendererKind.detect(environment: environment)
        let options = TerminalPlayer.Options(
            renderer: kind,
            background: TerminalBackground(argument: background) ?? .terminal,
            columns: width, rows: height, showInfo: info,
            playCount: loops.map { $0 == 0 ? .infinite : .finite($0) },
            rate: rate, mode: mode)
        let outputIsTerminal = TerminalDevice.isTerminal(1)
        let window = TerminalDevice.windowSize(1)
            ?? WindowSize(cells: CellSize(columns: width ?? 80, rows: (height ?? 23) + 1), cellPixels: nil)
        // A still image has nothing to play; outside a full-screen session it would never end.
        if once || !outputIsTerminal && (!animate || image.isComplete && image.frameCount == 1) {
            try writeStill(image, options: options, window: window)
            return
        }
        let status = try play(image, options: options, window: window, fullScreen: outputIsTerminal)
        if status != 0 { throw ExitCode(status) }
    }

    /// The file's image (opened lazily, or read progressively from standard input), or the
    /// built-in animation.
    private func openImage() throws -> any AnimatableImage {
        guard let file else {
            return try FrameSequence(frames: SampleAnimation.frames(), duration: SampleAnimation.frameDuration,
                                     playCount: .infinite)
        }
        let path = PathArgument(file)
        if path.isStandardStream { return try StandardInputImage.open() }
        do {
            return try ProgressiveImage(bytes: try InputFile(path).bytes)
        } catch let error as SystemError {
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

    /// Plays until the last play ends or the user quits; returns the exit status.
    private func play(_ image: any AnimatableImage, options: TerminalPlayer.Options, window: WindowSize,
                      fullScreen: Bool) throws -> Int32 {
        let queue = DispatchQueue(label: "zoetrope.play", qos: .userInteractive)
        let finished = ExitLatch()
        let session = TerminalSession()
        let player = TerminalPlayer(image: image, options: options, window: window,
                                    clock: TimerClock(ticksPerSecond: 60, queue: queue),
                                    write: { session.write($0) },
                                    onExit: { finished.signal($0) })
        var keys: KeyReader?
        var resizes: ResizeWatcher?
        if fullScreen {
            session.begin(cleanup: player.renderer.cleanup())
            if TerminalDevice.isTerminal(0) {
                keys = KeyReader(queue: queue) { player.handle($0) }
            }
            resizes = ResizeWatcher(queue: queue) {
                if let window = TerminalDevice.windowSize(1) { player.resize(to: window) }
            }
        }
        defer {
            keys?.cancel()
            resizes?.cancel()
            player.stop()
            session.restore()
        }
        try queue.sync { try player.start() }
        return finished.wait()
    }

    private static func environment() -> [String: String] {
        var result = [String: String]()
        for name in ["TERM", "TERM_PROGRAM", "COLORTERM", "TMUX", "KITTY_WINDOW_ID"] {
            if let value = getenv(name) { result[name] = String(cString: value) }
        }
        return result
    }
}

/// Blocks the main thread until the player reports how the program should exit.
private final class ExitLatch: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    /// Written once before the semaphore is signalled and read after waiting on it: the semaphore
    /// orders the two, so no lock is needed (and `Mutex` would need macOS 15).
    private var status: Int32 = 0

    func signal(_ code: Int32) {
        status = code
        semaphore.signal()
    }

    func wait() -> Int32 {
        semaphore.wait()
        return status
    }
}
