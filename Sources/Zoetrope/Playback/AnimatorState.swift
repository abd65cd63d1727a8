/// Everything one ``Animator`` knows, as one value under its one lock: the image loaded, the
/// playback cursor (with its frontier of frames known complete), the prefetch window, what is
/// shown, the counters, the observers.
///
/// Its transitions are pure: each changes the value and returns the ``AnimatorEffects`` the
/// animator carries out once the lock is released. None of them calls another object (no image,
/// cache, clock, view or observer is called while the lock is held).
struct AnimatorState {
    /// The image loaded and how it is being played.
    struct Loaded {
        let image: any AnimatableImage
        /// The image's own number of plays, as last read.
        var imagePlayCount: PlayCount
        var cursor: PlaybackCursor
        var window: PrefetchWindow
        /// The cache's measured decode time per frame, as last read.
        var decodeTime: Duration
        /// How many other clients of the cache held their first frame, playing, as last read.
        var othersStarting = 0
        /// Whether the last request told the cache this client starts.
        var toldStarting = false
        /// Frames whose failure has been announced.
        var reportedFailures: Set<Int> = []
    }

    struct WeakView {
        weak var view: (any AnimatableView)?
    }

    var configuration: Animator.Configuration
    var loaded: Loaded?
    var activeFrame: RGBAImage?
    var activeIndex = 0
    var isPlaying = false
    var bufferMisses = 0
    /// Playback holds the first frame of the image loaded until the next ones are decoded (or a
    /// deadline passes); `nil` once it has started.
    var startup: StartupHold?
    /// Paused while the start was held: the cache no longer counts it as starting, until it plays.
    var pausedHold = false
    var waitingFor: Int?
    var now = Duration.zero
    var frameVersion: UInt64 = 0
    var displayedVersion: UInt64?
    /// Counts changes of the cursor: a tick planned before a change is planned again.
    var version: UInt64 = 0
    /// Counts jumps, so that a frame decoded for a jump that a later one replaced is not shown.
    var moveGeneration: UInt64 = 0
    /// Numbers the requests sent to the cache.
    var requestSequence: UInt64 = 0
    var lastFailure: FrameFailure?
    /// The pixel size the animator's view shows frames at; `nil`: the image's own size.
    var displaySize: PixelSize?
    var view = WeakView()
    var observers: [UInt64: @Sendable (AnimatorEvent) -> Void] = [:]
    var nextObserverID: UInt64 = 0

    init(configuration: Animator.Configuration) {
        self.configuration = configuration
    }

    /// The observers, in the order they registered.
    var orderedObservers: [@Sendable (AnimatorEvent) -> Void] {
        observers.sorted { $0.key < $1.key }.map(\.value)
    }

    // MARK: Loading

    /// Makes `image` the one played, showing `first` (its frame at `cursor`, decoded already).
    /// Returns the effects and the image loaded before, if any.
    mutating func load(_ image: any AnimatableImage, frames: ImageFrames, cursor: PlaybackCursor,
                       window: PrefetchWindow, first: RGBAImage,
                       decodeTime: Duration) -> (AnimatorEffects, previous: (any AnimatableImage)?) {
        let previous = loaded?.image
        var loaded = Loaded(image: image, imagePlayCount: frames.playCount, cursor: cursor, window: window,
                            decodeTime: decodeTime)
        waitingFor = nil
        bufferMisses = 0
        startup = StartupHold()
        pausedHold = false
        lastFailure = nil
        moveGeneration &+= 1
        version &+= 1
        show(first, index: cursor.frame)
        var effects = AnimatorEffects()
        effects.request = prefetch(&loaded, missed: false)
        self.loaded = loaded
        return (effects, previous)
    }

    /// Lets go of the image; returns it.
    mutating func unload() -> (any AnimatableImage)? {
        defer {
            loaded = nil
            startup = nil
            activeFrame = nil
            isPlaying = false
            frameVersion += 1
            version &+= 1
            moveGeneration &+= 1
        }
        return loaded?.image
    }

    // MARK: Controls

    /// Starts playing (from the start when finished); `nil` when playing already or empty.
    mutating func startPlaying() -> AnimatorEffects? {
        guard !isPlaying, let cursor = loaded?.cursor else { return nil }
        pausedHold = false
        var effects = AnimatorEffects()
        if cursor.isFinished { move(to: restarted(cursor), effects: &effects) }
        isPlaying = true
        return effects
    }

    /// Stops and goes back to the start.
    mutating func stop() -> AnimatorEffects {
        isPlaying = false
        var effects = AnimatorEffects()
        if let cursor = loaded?.cursor { move(to: restarted(cursor), effects: &effects) }
        return effects
    }

    /// Moves the cursor by `change` (a seek).
    mutating func update(_ change: (inout PlaybackCursor) -> Void) -> AnimatorEffects {
        var effects = AnimatorEffects()
        guard var cursor = loaded?.cursor else { return effects }
        change(&cursor)
        move(to: cursor, effects: &effects)
        return effects
    }

    /// Changes the playback style; a new mode or play count keeps the frame shown and the plays
    /// completed.
    mutating func restyle(_ change: (inout PlaybackStyle) -> Void) -> AnimatorEffects {
        let before = configuration.style
        change(&configuration.style)
        var effects = AnimatorEffects()
        let style = configuration.style
        guard style.mode != before.mode || style.playCount != before.playCount,
              let loaded, loaded.cursor.isComplete else { return effects }
        let old = loaded.cursor
        var cursor = PlaybackCursor(durations: old.durations, mode: style.mode,
                                    plays: style.plays(imageCount: loaded.imagePlayCount))
        cursor.restore(completedLoops: old.completedLoops)
        cursor.seek(toFrame: old.frame)
        move(to: cursor, effects: &effects)
        return effects
    }

    /// A cursor at the start, for the same frames as `cursor`, with the style now.
    private func restarted(_ cursor: PlaybackCursor) -> PlaybackCursor {
        let imageCount = loaded?.imagePlayCount ?? .infinite
        return PlaybackCursor(durations: cursor.durations, mode: configuration.style.mode,
                              plays: configuration.style.plays(imageCount: imageCount), isComplete: cursor.isComplete)
    }

    /// Shrinks the prefetch window to the next frame (memory pressure).
    mutating func relieve() -> AnimatorEffects {
        var effects = AnimatorEffects()
        guard var loaded else { return effects }
        requestSequence &+= 1
        var frames = loaded.window.relieve()
        frames.starting = isStarting
        loaded.toldStarting = isStarting
        effects.request = ImageRequest(image: loaded.image, frames: frames, sequence: requestSequence)
        self.loaded = loaded
        return effects
    }

    /// The display size changed to `size` (frames of the size before were dropped from the
    /// cache): the frame shown is decoded again at the new size and replaces the one shown, and the
    /// frames ahead are asked for again. Returns the image to tell the cache of, with the effects
    /// to carry out once it knows.
    mutating func changeDisplaySize(to size: PixelSize?, of image: (any AnimatableImage)?, bytesPerFrame: Int)
        -> (image: any AnimatableImage, effects: AnimatorEffects)? {
        guard size != displaySize else { return nil }
        displaySize = size
        guard var loaded, loaded.image === image else { return nil }
        moveGeneration &+= 1
        var effects = AnimatorEffects()
        effects.pendingFrame = PendingFrame(image: loaded.image, frame: activeIndex, loop: loaded.cursor.loop,
                                            generation: moveGeneration, previous: nil, replacesShown: true)
        loaded.window.resize(frameCount: loaded.cursor.durations.count, bytesPerFrame: bytesPerFrame)
        effects.request = prefetch(&loaded, missed: false)
        self.loaded = loaded
        return (loaded.image, effects)
    }

    // MARK: Jumps

    /// Jumps to `cursor`. Its frame is decoded (or found in the cache) after the lock is released
    /// and shown then; see ``settle(_:with:)``.
    mutating func move(to cursor: PlaybackCursor, effects: inout AnimatorEffects) {
        guard var loaded else { return }
        moveGeneration &+= 1
        version &+= 1
        let changed = cursor.frame != activeIndex
        let previous = loaded.cursor
        loaded.cursor = cursor
        waitingFor = nil
        startup = nil
        if changed || activeFrame == nil {
            effects.pendingFrame = PendingFrame(image: loaded.image, frame: cursor.frame, loop: cursor.loop,
                                                generation: moveGeneration, previous: previous)
        }
        effects.request = prefetch(&loaded, missed: false)
        self.loaded = loaded
    }

    /// Shows a jump's frame once decoded, unless a later jump replaced the jump; a frame that
    /// could not be decoded leaves playback where it was before the jump. Returns the events.
    mutating func settle(_ pending: PendingFrame, with result: Result<RGBAImage, ZoetropeError>) -> [AnimatorEvent] {
        guard moveGeneration == pending.generation, loaded?.image === pending.image else { return [] }
        switch result {
        case .failure(let error):
            if let previous = pending.previous {
                loaded?.cursor = previous
                version &+= 1
            }
            return failed(pending.frame, error)
        case .success(let frame):
            guard activeIndex != pending.frame || activeFrame == nil || pending.replacesShown else { return [] }
            let changed = activeIndex != pending.frame || pending.replacesShown
            show(frame, index: pending.frame)
            return changed ? [.frameChanged(frame: pending.frame, play: pending.loop)] : []
        }
    }

    // MARK: Helpers

    mutating func show(_ frame: RGBAImage, index: Int) {
        activeFrame = frame
        activeIndex = index
        frameVersion += 1
    }

    /// Records that `frame` failed; returns the event to send, the first time for this frame.
    mutating func failed(_ frame: Int, _ error: ZoetropeError) -> [AnimatorEvent] {
        lastFailure = FrameFailure(frame: frame, error: error)
        guard loaded?.reportedFailures.insert(frame).inserted == true else { return [] }
        return [.frameFailed(frame: frame, error: error)]
    }

    /// Whether playback holds its first frame and was not paused since it was loaded: what the
    /// cache counts as a client starting. One loaded to be played counts from its load (a surface
    /// attachment loads, then plays); one paused holds no other animation's start back.
    var isStarting: Bool { startup != nil && !pausedHold }

    /// Pauses, keeping the position; while the start is held, the cache is told it no longer starts.
    mutating func pause() -> AnimatorEffects {
        isPlaying = false
        var effects = AnimatorEffects()
        guard startup != nil, var loaded else { return effects }
        pausedHold = true
        effects.request = prefetch(&loaded, missed: false)
        self.loaded = loaded
        return effects
    }

    /// Tells the prefetch window where playback is (the frame shown and those after it, the
    /// clock's time, the rate, whether the frame due was just missed); returns the cache request,
    /// which says whether the start is held (the cache counts the clients starting).
    mutating func prefetch(_ loaded: inout Loaded, missed: Bool) -> ImageRequest {
        let cursor = loaded.cursor
        let frames = loaded.window.fetch(shown: cursor.frame, upcoming: cursor.upcomingFrames(limit: loaded.window.upcomingLimit),
                                         durations: cursor.durations, now: now,
                                         rate: configuration.style.effectiveRate, missed: missed,
                                         decodeTime: loaded.decodeTime)
        var request = frames
        request.starting = isStarting
        loaded.toldStarting = isStarting
        requestSequence &+= 1
        return ImageRequest(image: loaded.image, frames: request, sequence: requestSequence)
    }
}
