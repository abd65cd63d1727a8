import Zoetrope

/// Several animations playing at once in one terminal window — a grid, or a column like a chat
/// stream — on one clock and one frame cache, with a status line giving the memory they use.
///
/// Each animation is a ``SurfaceAttachment`` of one ``AnimationSurface``: animations laid out
/// below the window decode nothing, and identical images share their frames. Space pauses and
/// resumes all of them, `+`/`-` and `r` change every animator's rate and mode, `q` and Ctrl-C
/// quit; playback ends by itself when every animation on screen has finished its plays. As with
/// ``TerminalPlayer``, whoever runs the grid sets up the terminal and gives the clock the queue
/// keys and resizes arrive on.
package final class TerminalGridPlayer: Sendable {
    private struct State {
        var layout: GridLayout
        var window: CellSize
        var tiles: [GridTile] = []
        var observations: [AnimatorObservation] = []
        var finished = Set<Int>()
        var isPaused = false
        var started = false
        var exited = false
        /// Bytes waiting for the terminal.
        var outbox = Outbox()
    }

    /// How frames are drawn.
    package let renderer: any TerminalRenderer
    /// The surface the animations play in.
    package let surface: AnimationSurface
    private let images: [any AnimatableImage]
    private let options: TerminalPlayer.Options
    private let arrangement: GridLayout.Arrangement
    private let write: @Sendable ([UInt8]) -> Void
    private let onExit: @Sendable (Int32) -> Void
    private let state: LockedState<State>
    /// The process's resident memory before anything was decoded, for the status line.
    private let startResident: Int?

    /// Creates a grid of `images` in a window of `window`.
    /// - Parameters:
    ///   - options: renderer, background, tile size (`columns` × `rows` per tile), plays, rate,
    ///     mode and status line.
    ///   - arrangement: a grid, or one column.
    ///   - clock: the one clock every animation plays on; give it the queue keys and resizes arrive on.
    ///   - cache: the one frame cache (and byte limit) of all animations.
    package init(images: [any AnimatableImage], options: TerminalPlayer.Options, arrangement: GridLayout.Arrangement,
                 window: WindowSize, clock: any AnimationClock, cache: SharedFrameCache = .shared,
                 write: @escaping @Sendable ([UInt8]) -> Void, onExit: @escaping @Sendable (Int32) -> Void) {
        self.images = images
        self.options = options
        self.arrangement = arrangement
        self.write = write
        self.onExit = onExit
        startResident = options.showInfo ? SystemMemory.processResident() : nil
        renderer = options.renderer.makeRenderer(cellPixels: window.cellPixels ?? TerminalPlayer.defaultCellPixels)
        let configuration = Animator.Configuration(style: options.style)
        surface = AnimationSurface(cache: cache, clock: clock, configuration: configuration)
        state = LockedState(State(layout: Self.layout(count: images.count, window: window.cells, options: options,
                                                      arrangement: arrangement), window: window.cells))
    }

    private static func layout(count: Int, window: CellSize, options: TerminalPlayer.Options,
                               arrangement: GridLayout.Arrangement) -> GridLayout {
        GridLayout(count: count, window: window, arrangement: arrangement, tileColumns: options.columns, tileRows: options.rows)
    }

    /// The layout in use.
    package var layout: GridLayout { state.withLock { $0.layout } }

    /// Shows every animation on screen and starts playing them.
    package func start() {
        let layout = state.withLock { $0.layout }
        let tiles = makeTiles(for: layout)
        let observations = tiles.enumerated().map { index, tile in
            tile.animator.observe { [weak self] event in
                if case .finished = event { self?.finished(index) }
            }
        }
        state.withLock { state in
            state.tiles = tiles
            state.observations = observations
        }
        for tile in tiles where tile.isVisible { tile.attachment.setVisible(true) }
        state.withLock { $0.started = true }
        refreshStatus()
    }

    private func makeTiles(for layout: GridLayout) -> [GridTile] {
        images.enumerated().map { index, image in
            let imageLayout = layout.imageLayout(tile: index, canvas: PlayerLayout.contentSize(of: image), renderer: renderer)
            let attachment = surface.makeAttachment(image: image, size: imageLayout.imageSize)
            let presenter = FramePresenter(renderer: renderer, background: options.background, layout: imageLayout)
            return GridTile(attachment: attachment, presenter: presenter, isVisible: layout.tiles[index].isVisible) {
                [weak self] bytes in self?.output(bytes)
            }
        }
    }

    /// Stops every animation and lets go of their frames.
    package func stop() {
        let (tiles, observations) = state.withLock { state in
            defer {
                state.tiles = []
                state.observations = []
                state.finished = []
            }
            return (state.tiles, state.observations)
        }
        for observation in observations { observation.cancel() }
        for tile in tiles { tile.attachment.setVisible(false) }
    }

    /// Reacts to a key (see the type's description); stepping frames applies to one animation
    /// only and is ignored here.
    package func handle(_ key: PlayerKey) {
        let animators = state.withLock { $0.tiles.filter(\.isVisible).map(\.animator) }
        switch key {
        case .space:
            let paused = state.withLock { state in
                state.isPaused.toggle()
                return state.isPaused
            }
            for animator in animators { if paused { animator.pause() } else { animator.play() } }
        case .faster, .slower:
            for animator in animators {
                let rate = key == .faster ? animator.rate * 2 : animator.rate / 2
                animator.rate = min(max(rate, TerminalPlayer.rateRange.lowerBound), TerminalPlayer.rateRange.upperBound)
            }
        case .cycleMode:
            let modes = PlaybackMode.allCases
            for animator in animators {
                animator.mode = modes[((modes.firstIndex(of: animator.mode) ?? 0) + 1) % modes.count]
            }
        case .quit: exit(TerminalPlayer.exitNormally)
        case .interrupt: exit(TerminalPlayer.exitInterrupted)
        case .left, .right: break
        }
        refreshStatus()
    }

    /// Lays the animations out again for a window of a new size and plays them from the start.
    package func resize(to window: WindowSize) {
        let layout = Self.layout(count: images.count, window: window.cells, options: options, arrangement: arrangement)
        let changed = state.withLock { state -> Bool in
            defer {
                state.layout = layout
                state.window = window.cells
            }
            return state.layout != layout || state.window != window.cells
        }
        guard changed else { return }
        stop()
        send { state in
            state.started = false
            return TerminalSequences.clear + renderer.cleanup()
        }
        start()
    }

    /// Redraws the status line (when shown).
    package func refreshStatus() {
        guard options.showInfo else { return }
        output([])
    }

    /// Writes a tile's bytes, followed by the status line when it is shown.
    private func output(_ bytes: [UInt8]) {
        // Read before the grid's lock: the surface, its attachments and the cache have their own.
        let statistics = options.showInfo ? surface.statistics : nil
        let resident = options.showInfo ? SystemMemory.processResident() : nil
        send { state in
            guard let statistics, state.started else { return bytes }
            return bytes + status(state, statistics, resident: resident)
                .render(row: state.layout.statusRow, width: state.window.columns)
        }
    }

    /// Changes the state and queues the bytes it gives; writes them (and any queued meanwhile)
    /// after the lock is released, unless another thread is writing already.
    private func send(_ update: (inout State) -> [UInt8]) {
        guard state.withLock({ state in state.outbox.add(update(&state)) }) else { return }
        while let bytes = state.withLock({ $0.outbox.next() }) { write(bytes) }
    }

    private func status(_ state: State, _ statistics: AnimationSurface.Statistics, resident: Int?) -> GridStatusLine {
        GridStatusLine(animations: images.count, playing: statistics.playingAttachments,
                              offScreen: state.layout.tiles.count { !$0.isVisible },
                              memoryBytes: statistics.memoryBytes, byteLimit: surface.cache.byteLimit,
                              residentBytes: resident, startResidentBytes: startResident,
                              decodes: statistics.cache.decodes, isPaused: state.isPaused)
    }

    /// Tile `index` finished its plays: playback ends when every animation on screen has.
    private func finished(_ index: Int) {
        let animatedImages = Set(images.indices.filter { images[$0].frameCount > 1 }) // before the lock
        let allDone = state.withLock { state -> Bool in
            state.finished.insert(index)
            let animated = state.tiles.indices.filter { state.tiles[$0].isVisible && animatedImages.contains($0) }
            return !animated.isEmpty && animated.allSatisfy(state.finished.contains)
        }
        if allDone { exit(TerminalPlayer.exitNormally) }
    }

    private func exit(_ status: Int32) {
        let first = state.withLock { state -> Bool in
            defer { state.exited = true }
            return !state.exited
        }
        if first { onExit(status) }
    }
}
