import Zoetrope

/// A terminal view: plays an animation through a real `Animator` and draws its frames with a
/// ``TerminalRenderer``, with a status line and keyboard controls.
///
/// The player is the `AnimatableView`; it owns no terminal state. Whoever runs it (the `zoetrope
/// play` command) sets up the terminal (``TerminalSession``), forwards keys to ``handle(_:)`` and
/// resizes to ``resize(to:)``, and waits for the exit status the player reports through `onExit`
/// — after the image's number of plays, or when the user quits.
///
/// Give the animator's clock the same serial queue that delivers keys and resizes, so everything
/// the player does happens in order on that queue.
public final class TerminalPlayer: AnimatableView {
    /// How the player plays and draws.
    public struct Options: Sendable {
        /// How frames are drawn.
        public var renderer: RendererKind
        /// What transparency shows.
        public var background: TerminalBackground
        /// Columns for the image (`nil`: the window's width).
        public var columns: Int?
        /// Rows for the image (`nil`: the window's height less the status row).
        public var rows: Int?
        /// Whether to show the status line (a frame that cannot be decoded is reported on that
        /// row either way).
        public var showInfo: Bool
        /// Rate, mode and play count.
        public var style: PlaybackStyle

        /// Creates options.
        public init(renderer: RendererKind, background: TerminalBackground = .terminal, columns: Int? = nil,
                    rows: Int? = nil, showInfo: Bool = false, style: PlaybackStyle = PlaybackStyle()) {
            self.renderer = renderer
            self.background = background
            self.columns = columns
            self.rows = rows
            self.showInfo = showInfo
            self.style = style
        }
    }

    /// Exit status after the last play or `q`.
    public static let exitNormally: Int32 = 0
    /// Exit status after Ctrl-C, as a shell reports SIGINT.
    public static let exitInterrupted: Int32 = 130
    /// The assumed cell size when the terminal does not report one.
    public static let defaultCellPixels = PixelSize(width: 10, height: 20)
    /// The slowest and fastest rates `-` and `+` reach.
    public static let rateRange: ClosedRange<Double> = 1.0 / 16 ... 16

    public let animator: Animator
    /// The image played. The animator's `displaySize` is the layout's image size, so
    /// the frame cache decodes frames and keeps them reduced to it.
    public let image: any AnimatableImage
    /// How frames are drawn.
    public let renderer: any TerminalRenderer
    private let options: Options
    private let write: @Sendable ([UInt8]) -> Void
    private let onExit: @Sendable (Int32) -> Void
    private let state: LockedState<State>
    private let observation: LockedState<AnimatorObservation?> = LockedState(nil)
    /// The process's resident memory before anything was decoded, for the status line.
    private let startResident: Int?

    private struct State {
        var presenter: FramePresenter
        var window: CellSize
        var exited = false
        /// Whether ``start()`` has finished: until then the status line would show "paused".
        var started = false
        /// Bytes waiting for the terminal.
        var outbox = Outbox()
    }

    /// Creates a player for `image` in a window of `window`.
    /// - Parameters:
    ///   - image: the animation to play.
    ///   - options: the renderer, background, size, play count and status line.
    ///   - window: the terminal's size.
    ///   - clock: drives playback; give it the queue keys and resizes arrive on.
    ///   - cache: where decoded frames are kept; the process-wide cache by default.
    ///   - write: sends bytes to the terminal.
    ///   - onExit: called once with the exit status when playback ends or the user quits.
    public init(image: any AnimatableImage, options: Options, window: WindowSize, clock: any AnimationClock,
                cache: SharedFrameCache = .shared, write: @escaping @Sendable ([UInt8]) -> Void, onExit: @escaping @Sendable (Int32) -> Void) {
        self.image = image
        self.options = options
        self.write = write
        self.onExit = onExit
        startResident = options.showInfo ? SystemMemory.processResident() : nil
        let renderer = options.renderer.makeRenderer(cellPixels: window.cellPixels ?? Self.defaultCellPixels)
        self.renderer = renderer
        animator = Animator(clock: clock, cache: cache, configuration: Animator.Configuration(style: options.style))
        let layout = PlayerLayout(canvas: PlayerLayout.contentSize(of: image), window: window.cells,
                                  columns: options.columns, rows: options.rows, renderer: renderer)
        state = LockedState(State(presenter: FramePresenter(renderer: renderer, background: options.background,
                                                      layout: layout),
                            window: window.cells))
    }

    /// The layout in use.
    package var layout: PlayerLayout { state.withLock { $0.presenter.layout } }

    /// Shows the first frame and starts playing (a still image is shown and waits for `q`; an
    /// image still arriving plays as its frames come).
    public func start() throws {
        let observation = animator.observe { [weak self] event in
            switch event {
            case .finished: self?.exit(Self.exitNormally)
            case .frameFailed: self?.refreshStatus()
            default: break
            }
        }
        self.observation.withLock { $0 = observation }
        animator.displaySize = displaySize(for: layout)
        try prepareForAnimation(with: image, playCount: options.style.playCount)
        if image.frameCount > 1 || !image.isComplete { startAnimating() }
        state.withLock { $0.started = true }
        refreshStatus()
    }

    /// The size the animator shows frames at in `layout`: the cache decodes frames and keeps them
    /// reduced to it. Sprite sheets are kept whole (`nil`) and each frame's rectangle is scaled
    /// when shown.
    private func displaySize(for layout: PlayerLayout) -> PixelSize? {
        if image.frameCount > 0, image.contentsRect(at: 0) != nil { return nil }
        return layout.imageSize
    }

    /// Stops playback and lets go of the frames.
    public func stop() {
        let observation = observation.withLock { observation in
            defer { observation = nil }
            return observation
        }
        observation?.cancel()
        animator.unload()
    }

    public func display(_ frame: DisplayFrame) {
        let reading = readStatus()
        send { state in
            state.presenter.present(frame.image, contentsRect: frame.contentsRect) + statusBytes(reading, state: state)
        }
    }

    /// Reacts to a key: space pauses and resumes, left and right step a frame (pausing), `+` and `-`
    /// double and halve the rate, `r` cycles the mode, `q` and Ctrl-C quit.
    public func handle(_ key: PlayerKey) {
        switch key {
        case .space:
            if animator.isPlaying { animator.pause() } else { animator.play() }
        case .left, .right:
            animator.pause()
            let count = max(1, animator.frameCount)
            let step = key == .right ? 1 : count - 1
            animator.seek(toFrame: (animator.currentFrame + step) % count)
        case .faster, .slower:
            let rate = key == .faster ? animator.rate * 2 : animator.rate / 2
            animator.rate = min(max(rate, Self.rateRange.lowerBound), Self.rateRange.upperBound)
        case .cycleMode:
            let modes = PlaybackMode.allCases
            let index = modes.firstIndex(of: animator.mode) ?? 0
            animator.mode = modes[(index + 1) % modes.count]
        case .quit:
            exit(Self.exitNormally)
            return
        case .interrupt:
            exit(Self.exitInterrupted)
            return
        }
        refreshStatus()
    }

    /// Lays the image out again for a window of a new size, keeping the frame shown, the plays
    /// completed and whether it plays: the frames are decoded again at the new size (the frame
    /// shown first), and the frame of the old size is scaled to the new layout until then.
    public func resize(to window: WindowSize) {
        let layout = PlayerLayout(canvas: PlayerLayout.contentSize(of: image), window: window.cells,
                                  columns: options.columns, rows: options.rows, renderer: renderer)
        let unchanged = state.withLock { state -> Bool in
            defer { state.window = window.cells }
            return state.presenter.layout == layout && state.window == window.cells
        }
        if unchanged { return }
        let current = animator.activeFrame
        state.withLock { $0.presenter.relayout(layout) }
        send { _ in TerminalSequences.clear + renderer.cleanup() }
        // The frame shown, redrawn in the new layout now; the animator replaces it with the same
        // frame decoded at the new size.
        if let current {
            let contentsRect = image.contentsRect(at: animator.currentFrame)
            let reading = readStatus()
            send { state in state.presenter.present(current, contentsRect: contentsRect) + statusBytes(reading, state: state) }
        }
        animator.displaySize = displaySize(for: layout)
        refreshStatus()
    }

    /// Redraws the status line (when shown, or when a frame failed).
    public func refreshStatus() {
        let reading = readStatus()
        send { state in statusBytes(reading, state: state) }
    }

    /// What the status line is made from, read before the player's lock is taken (the animator
    /// and the image have locks of their own).
    private struct StatusReading {
        var status: AnimatorStatus?
        var plays: Int?
        var memoryBytes: Int?
        var residentBytes: Int?
    }

    private func readStatus() -> StatusReading {
        StatusReading(status: animator.status, plays: options.style.plays(imageCount: image.playCount),
                      memoryBytes: options.showInfo ? animator.cache.statistics.totalBytes : nil,
                      residentBytes: options.showInfo ? SystemMemory.processResident() : nil)
    }

    /// The status row's bytes: the status line with `--info`, else only a failure, if any.
    private func statusBytes(_ reading: StatusReading, state: State) -> [UInt8] {
        guard state.started, let status = reading.status else { return [] }
        let row = state.presenter.layout.statusRow, width = state.window.columns
        guard options.showInfo else {
            guard let failure = status.lastFailure else { return [] }
            return StatusLine.render(StatusLine.describe(failure), row: row, width: width)
        }
        let line = StatusLine(frame: status.frame, frameCount: status.frameCount,
                              play: status.loop, plays: reading.plays,
                              rate: status.style.rate, mode: status.style.mode.rawValue,
                              frameDuration: status.frameDuration, elapsed: status.elapsed,
                              isPaused: !status.isPlaying && !status.isFinished && (status.frameCount > 1 || !status.isComplete),
                              bufferMisses: status.bufferMisses, isReceiving: !status.isComplete,
                              failure: status.lastFailure, memoryBytes: reading.memoryBytes,
                              residentBytes: reading.residentBytes, startResidentBytes: startResident)
        return line.render(row: row, width: width)
    }

    /// Changes the state and queues the bytes it gives; writes them (and any queued meanwhile)
    /// after the lock is released, unless another thread is writing already.
    private func send(_ update: (inout State) -> [UInt8]) {
        guard state.withLock({ state in state.outbox.add(update(&state)) }) else { return }
        while let bytes = state.withLock({ $0.outbox.next() }) { write(bytes) }
    }

    private func exit(_ status: Int32) {
        let first = state.withLock { state -> Bool in
            defer { state.exited = true }
            return !state.exited
        }
        if first { onExit(status) }
    }
}
