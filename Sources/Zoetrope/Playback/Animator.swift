
/// Decides which frame of an image shows when, and keeps the frames that come next decoded.
///
/// An animator is driven by an ``AnimationClock``: each tick advances playback by the tick's
/// measured interval times ``rate`` (accumulator timing on the image's effective durations). It
/// plays the image's ``AnimatableImage/playCount`` (or ``PlaybackStyle/playCount`` of ``Configuration/style``) times and rests
/// on the final frame. It never shows a frame out of order: when the frame that is due is not
/// decoded yet it holds the current frame, waits, and counts a ``bufferMisses`` miss.
///
/// Playback of an image just loaded starts as a browser starts an image's animation: the first
/// frame shows at once, and the clock starts once the next frame or two are decoded (while other
/// animations sharing its cache are starting too, the next frames covering a second), or at the
/// latest when the first frame's duration (at ``rate``) plus a second have passed. Until then
/// ``elapsed`` stays zero and nothing is due, so nothing counts as a miss. A seek or ``stop()``
/// before the start drops the wait.
///
/// ```swift
/// let animator = Animator(clock: TimerClock(ticksPerSecond: 60))
/// try animator.prepare(try AnimatedImage(contentsOfFile: "cat.gif"))
/// animator.observe { event in print(event) }
/// animator.play()
/// ```
///
/// A frame that cannot be decoded does not stop playback: the picture shown before stays for the
/// broken frame's time, the frames after it play on, and the failure reaches observers as
/// ``AnimatorEvent/frameFailed(frame:error:)`` and ``lastFailure``. An image still arriving
/// (a ``ProgressiveImage``) plays forward over the frames that have arrived and waits on the last
/// one (``isWaitingForFrames``) until more come; once it is complete, the mode and number of plays
/// apply.
///
/// All members may be called from any thread. Events are delivered on the thread that caused
/// them (the clock's for ticks), after the animator's state has changed and outside its lock, so a
/// handler may call back into the animator. On a `ManualClock` (ZoetropeTesting) everything
/// happens synchronously on the caller's thread, in order.
///
/// The animator is the one owner of its playback state (`AnimatorState`: cursor, frames known,
/// prefetch window, what is shown), a value under its one lock. Every operation decides under the
/// lock what it wants (frames to decode or drop, events) and does it after releasing the lock; it
/// never calls the cache, the image, the clock, a view or an observer while holding it.
public final class Animator: Sendable {
    /// How an animator plays.
    public struct Configuration: Sendable, Hashable {
        /// Rate, order of frames and number of plays.
        public var style: PlaybackStyle
        /// What to do when late.
        public var lateness: LatenessPolicy
        /// How many decoded frames to keep ahead.
        public var budget: BufferBudget
        /// How long the prefetch window waits after memory pressure before growing again.
        public var regrowDelay: Duration
        /// How playback holds the first frame of an image just loaded (benchmarks try others).
        package var startup = StartupHold.Policy()

        /// Creates a configuration; the defaults play like a browser.
        public init(style: PlaybackStyle = PlaybackStyle(), lateness: LatenessPolicy = .skipFrames,
                    budget: BufferBudget = .automatic, regrowDelay: Duration = .seconds(2)) {
            self.style = style
            self.lateness = lateness
            self.budget = budget
            self.regrowDelay = regrowDelay
        }
    }

    /// The clock driving playback.
    public let clock: any AnimationClock
    /// The cache decoded frames are kept in: one cache can serve many animators, which then share
    /// the frames of the images they have in common.
    public let cache: SharedFrameCache
    private let state: LockedState<AnimatorState>

    /// How many times a tick is planned again when the cursor changes between its two steps.
    private static let tickAttempts = 3

    /// Creates an animator with no image.
    /// - Parameters:
    ///   - clock: what drives playback; a 60 Hz ``TimerClock`` by default.
    ///   - cache: where decoded frames are kept; the process-wide ``SharedFrameCache/shared`` by default.
    ///   - configuration: how to play (rate, mode, play count, lateness, buffer budget).
    public init(clock: any AnimationClock = TimerClock(), cache: SharedFrameCache = .shared,
                configuration: Configuration = Configuration()) {
        self.clock = clock
        self.cache = cache
        state = LockedState(AnimatorState(configuration: configuration))
        cache.register(self)
    }

    deinit {
        clock.stop()
        if let image = state.withLock({ $0.loaded?.image }) { cache.detach(ObjectIdentifier(self), from: image) }
        cache.unregister(ObjectIdentifier(self))
    }

    private var clientID: ObjectIdentifier { ObjectIdentifier(self) }

    /// Reads the state under the lock (for views of it kept in other files).
    func withState<Result>(_ body: (AnimatorState) -> Result) -> Result {
        state.withLock { body($0) }
    }

    // MARK: Image

    /// Loads `image`, showing its first frame (in the playback direction) at once: that frame is
    /// decoded on the calling thread, the next ones start decoding in the background. Playing
    /// continues if the animator was playing.
    ///
    /// An image still arriving (a ``ProgressiveImage``) can be loaded once its first frame has
    /// arrived; before, there is nothing to show and this throws.
    /// - Throws: the error decoding the first frame; the animator then keeps what it had.
    public func prepare(_ image: any AnimatableImage) throws {
        let (configuration, displaySize) = state.withLock { ($0.configuration, $0.displaySize) }
        var frames = ImageFrames(image)
        frames.bytesPerFrame = Self.bytesPerFrame(of: image, at: displaySize)
        let cursor = frames.cursor(style: configuration.style)
        let window = PrefetchWindow(budget: configuration.budget, frameCount: frames.count,
                                    bytesPerFrame: frames.bytesPerFrame, ceiling: automaticCeiling(configuration.budget),
                                    regrowDelay: configuration.regrowDelay)
        let attached = cache.attach(clientID, to: image, displaySize: displaySize)
        if !attached { cache.setDisplaySize(displaySize, for: clientID, of: image) }
        let first: RGBAImage
        do {
            first = try cache.decodeNow(cursor.frame, of: image)
        } catch {
            if attached { cache.detach(clientID, from: image) }
            throw error
        }
        let decodeTime = cache.decodeTime(of: image)
        let (effects, previous) = state.withLock {
            $0.load(image, frames: frames, cursor: cursor, window: window, first: first, decodeTime: decodeTime)
        }
        carryOut(effects)
        if let previous, previous !== image { cache.detach(clientID, from: previous) }
    }

    /// Loads `image` to play `playCount` times (`nil`: the image's own count); see ``prepare(_:)``.
    public func prepare(_ image: any AnimatableImage, playCount: PlayCount?) throws {
        state.withLock { $0.configuration.style.playCount = playCount }
        try prepare(image)
    }

    /// Bytes one frame of `image` takes in the cache when shown at `displaySize`.
    private static func bytesPerFrame(of image: any AnimatableImage, at displaySize: PixelSize?) -> Int {
        displaySize.map { image.canvasSize.reduced(toFit: $0).area * 4 } ?? image.bytesPerFrame
    }

    /// The ceiling of an automatic budget: the system's automatic budget, within the cache's limit.
    private func automaticCeiling(_ budget: BufferBudget) -> Int {
        budget == .automatic ? min(SystemMemory.current().automaticBudget, cache.byteLimit) : 0
    }

    /// Stops playback and lets go of the image and its frames.
    public func unload() {
        clock.stop()
        if let image = state.withLock({ $0.unload() }) { cache.detach(clientID, from: image) }
    }

    /// The image loaded, if any.
    public var image: (any AnimatableImage)? { state.withLock { $0.loaded?.image } }

    /// The size in pixels the animator's view shows frames at (points × scale on Apple, cells ×
    /// cell pixels in a terminal); `nil`, the default, keeps frames at the image's own size.
    ///
    /// Frames are decoded and then reduced to fit this size (aspect ratio kept, never enlarged, by
    /// area averaging: as ``AnimatableImage/scaled(toFit:)`` reads them) in the background, and the
    /// cache keeps and counts the reduced frames. When several animators show the same image, its
    /// frames are kept at the largest size any of them wants. Changing the size drops the frames of
    /// the size before and decodes the frame shown again at the new size, which then replaces it;
    /// the frames ahead follow in the background.
    public var displaySize: PixelSize? {
        get { state.withLock { $0.displaySize } }
        set { setDisplaySize(newValue) }
    }

    private func setDisplaySize(_ size: PixelSize?) {
        let image = state.withLock { $0.loaded?.image }
        let bytes = image.map { Self.bytesPerFrame(of: $0, at: size) } ?? 0
        guard let changed = state.withLock({ $0.changeDisplaySize(to: size, of: image, bytesPerFrame: bytes) }) else {
            return
        }
        cache.setDisplaySize(size, for: clientID, of: changed.image)
        carryOut(changed.effects)
    }

    // MARK: Controls

    /// Starts or resumes playback; a finished animation starts again from the beginning. Does
    /// nothing while playing or without an image.
    public func play() {
        guard let effects = state.withLock({ $0.startPlaying() }) else { return }
        clock.start { [weak self] tick in self?.handle(tick) }
        carryOut(effects)
    }

    /// Pauses playback, keeping the position.
    public func pause() {
        let effects = state.withLock { $0.pause() }
        clock.stop()
        carryOut(effects)
    }

    /// Stops playback and goes back to the beginning (loop counting included).
    public func stop() {
        clock.stop()
        carryOut(state.withLock { $0.stop() })
    }

    /// Shows `frame` (its first appearance in the current play) from its start. Frames outside
    /// the image are ignored. A frame not decoded yet is decoded on the calling thread; one that
    /// cannot be decoded leaves playback where it was (and is reported as
    /// ``AnimatorEvent/frameFailed(frame:error:)``).
    public func seek(toFrame frame: Int) {
        carryOut(state.withLock { $0.update { cursor in cursor.seek(toFrame: frame) } })
    }

    /// Goes to `time` from the start of the current play (clamped into the play).
    public func seek(to time: Duration) {
        carryOut(state.withLock { $0.update { cursor in cursor.seek(toTimeInLoop: time) } })
    }

    /// Whether the clock is driving playback.
    public var isPlaying: Bool { state.withLock { $0.isPlaying } }

    /// Whether every play has ended and the frame it rests on is shown.
    public var isFinished: Bool {
        state.withLock { state in
            guard let cursor = state.loaded?.cursor else { return false }
            return cursor.isFinished && cursor.frame == state.activeIndex
        }
    }

    /// Whether the image is still arriving and playback has reached the end of the last frame that
    /// arrived: it waits there for the next one.
    public var isWaitingForFrames: Bool { state.withLock { $0.loaded?.cursor.isWaitingForFrames ?? false } }

    // MARK: Settings

    /// Rate, order of frames and number of plays. A new mode or play count keeps the frame shown
    /// and the plays completed (for an image still arriving they apply once it is complete).
    public var style: PlaybackStyle {
        get { state.withLock { $0.configuration.style } }
        set { carryOut(state.withLock { state in state.restyle { style in style = newValue } }) }
    }

    /// Playback speed: 2 plays twice as fast, 0.5 half as fast; negative values count as 0.
    public var rate: Double {
        get { style.rate }
        set { carryOut(state.withLock { state in state.restyle { style in style.rate = newValue } }) }
    }

    /// The order frames play in. Changing it keeps the frame shown.
    public var mode: PlaybackMode {
        get { style.mode }
        set { carryOut(state.withLock { state in state.restyle { style in style.mode = newValue } }) }
    }

    /// Plays in all, replacing the image's own count; `nil` follows the image. Changing it keeps
    /// the frame shown and the plays completed.
    public var playCount: PlayCount? {
        get { style.playCount }
        set { carryOut(state.withLock { state in state.restyle { style in style.playCount = newValue } }) }
    }

    /// What to do when late.
    public var lateness: LatenessPolicy {
        get { state.withLock { $0.configuration.lateness } }
        set { state.withLock { $0.configuration.lateness = newValue } }
    }

    /// The configuration now.
    public var configuration: Configuration { state.withLock { $0.configuration } }

    // MARK: Position

    /// The index of the frame whose time it is. It is the frame shown, except when that frame
    /// could not be decoded: the picture before it then stays (see ``lastFailure``).
    public var currentFrame: Int { state.withLock { $0.activeIndex } }

    /// The 0-based play being shown.
    public var currentPlay: Int { state.withLock { $0.loaded?.cursor.loop ?? 0 } }

    /// Playback time since the start of the first play (time spent waiting for frames not included).
    public var elapsed: Duration { state.withLock { $0.loaded?.cursor.elapsed ?? .zero } }

    /// How far through the current play, from 0 to 1 (1 once finished); for an image still
    /// arriving, through the frames that have arrived.
    public var progress: Double {
        state.withLock { state in
            guard let cursor = state.loaded?.cursor, cursor.loopDuration > .zero else { return 0 }
            return min(cursor.timeInLoop / cursor.loopDuration, 1) // a late cursor may be past the end
        }
    }

    /// One play's length in the current mode (a bounce goes there and back); for an image still
    /// arriving, the frames that have arrived.
    public var playDuration: Duration { state.withLock { $0.loaded?.cursor.loopDuration ?? .zero } }

    /// All plays' length; `nil` when playing forever, and while the image is still arriving (its
    /// length is not known yet).
    public var totalDuration: Duration? {
        state.withLock { state in
            guard let cursor = state.loaded?.cursor else { return .zero }
            guard cursor.isComplete else { return nil }
            return cursor.plays.map { cursor.loopDuration * $0 }
        }
    }

    /// The number of frames of the image loaded (0 without one): for an image still arriving,
    /// those that have arrived.
    public var frameCount: Int { image?.frameCount ?? 0 }

    /// Frames that were due but not decoded in time (each late frame counts once).
    public var bufferMisses: Int { state.withLock { $0.bufferMisses } }

    /// The latest frame of the image loaded that could not be decoded; `nil` when none failed.
    public var lastFailure: FrameFailure? { state.withLock { $0.lastFailure } }

    /// The frame shown, if an image is loaded.
    public var activeFrame: RGBAImage? { state.withLock { $0.activeFrame } }

    /// The frame shown when it changed since the last call, else `nil`: what a view draws.
    public func takeFrameToDisplay() -> DisplayFrame? {
        let taken = state.withLock { state -> (Int, RGBAImage, any AnimatableImage)? in
            guard state.displayedVersion != state.frameVersion, let image = state.activeFrame,
                  let source = state.loaded?.image else { return nil }
            state.displayedVersion = state.frameVersion
            return (state.activeIndex, image, source)
        }
        guard let (index, image, source) = taken else { return nil }
        return DisplayFrame(index: index, image: image, contentsRect: source.contentsRect(at: index))
    }

    /// Shrinks the frames kept ahead to the next one; they grow back after the regrow delay.
    public func handleMemoryPressure() {
        carryOut(state.withLock { $0.relieve() })
    }

    /// What the prefetch window is now (tests).
    var prefetchWindow: PrefetchWindow? { state.withLock { $0.loaded?.window } }

    /// Whether playback still holds the first frame of the image loaded (``StartupHold``; benchmarks).
    package var holdsStart: Bool { state.withLock { $0.startup != nil } }

    /// How many frames ahead are decoded now, and the most the budget allows (benchmarks).
    package var prefetchSize: (window: Int, frameLimit: Int)? {
        state.withLock { state in state.loaded.map { ($0.window.window, $0.window.frameLimit) } }
    }

    // MARK: Events

    /// Calls `handler` with every event from now on, until the returned observation is cancelled.
    @discardableResult
    public func observe(_ handler: @escaping @Sendable (AnimatorEvent) -> Void) -> AnimatorObservation {
        let id = state.withLock { state in
            state.nextObserverID += 1
            state.observers[state.nextObserverID] = handler
            return state.nextObserverID
        }
        return AnimatorObservation { [weak self] in
            // Returned, so that the handler (and what it holds) is released after the lock.
            _ = self?.state.withLock { $0.observers.removeValue(forKey: id) }
        }
    }

    /// A new stream of every event from now on; it ends when the consumer stops iterating.
    public var events: AsyncStream<AnimatorEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: AnimatorEvent.self)
        let observation = observe { continuation.yield($0) }
        continuation.onTermination = { _ in observation.cancel() }
        return stream
    }

    /// Makes `view` the one told (through ``AnimatableView/updateImageIfNeeded()``) when the frame
    /// changes. Held weakly.
    public func attach(_ view: any AnimatableView) {
        state.withLock { $0.view = AnimatorState.WeakView(view: view) }
    }

    // MARK: Ticking

    private func handle(_ tick: ClockTick) {
        followArrivals()
        for _ in 0..<Self.tickAttempts {
            guard let plan = state.withLock({ $0.planTick(tick) }) else { return }
            let found = cache.lookUp(plan.lookups, of: plan.image)
            if let effects = state.withLock({ $0.finishTick(tick, plan: plan, found: found) }) {
                carryOut(effects)
                return
            }
        }
    }

    /// For an image still arriving: reads (with no lock held) the frames known now and, when more
    /// arrived or the image became complete, carries playback onto them.
    private func followArrivals() {
        guard let (image, known) = state.withLock({ $0.arrivalsToCheck }) else { return }
        let displaySize = state.withLock { $0.displaySize }
        var frames = ImageFrames(image, known: known)
        frames.bytesPerFrame = Self.bytesPerFrame(of: image, at: displaySize)
        guard frames.count != known.count || frames.isComplete else { return }
        if frames.count < known.count {
            // The frame table was replaced (an APNG falling back to its still image): the frames
            // decoded from the old one must not show again.
            cache.detach(clientID, from: image)
            cache.attach(clientID, to: image, displaySize: displaySize)
        }
        carryOut(state.withLock { $0.follow(frames, of: image, known: known.count) })
    }

    // MARK: Effects

    /// Carries out what was decided under the lock, with no lock held: decodes a jump's frame (a
    /// long replay must not hold up clock ticks, getters or other threads) and shows it, asks the
    /// cache for the frames ahead, stops the clock after the last play, then announces.
    private func carryOut(_ effects: AnimatorEffects) {
        var events = effects.events
        if let pending = effects.pendingFrame {
            let result = Result { () throws(ZoetropeError) in try cache.decodeNow(pending.frame, of: pending.image) }
            events += state.withLock { $0.settle(pending, with: result) }
        }
        if let request = effects.request {
            cache.request(request.frames, sequence: request.sequence, by: clientID, of: request.image)
        }
        if effects.stopClock { clock.stop() }
        announce(events)
    }

    private func announce(_ events: [AnimatorEvent]) {
        guard !events.isEmpty else { return }
        let (observers, view) = state.withLock { ($0.orderedObservers, $0.view.view) }
        if events.contains(where: { if case .frameChanged = $0 { true } else { false } }) {
            view?.updateImageIfNeeded()
        }
        for event in events {
            for observer in observers { observer(event) }
        }
    }
}

extension Animator: FrameCacheClient {}
