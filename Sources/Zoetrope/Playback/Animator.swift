
/// Decides which frame of an image shows when, and keeps the frames that come next decoded.
///
/// An animator is driven by an ``AnimationClock``: each tick advances playback by the tick's
/// measured interval times ``rate`` (accumulator timing on the image's effective durations). It
/// plays the image's ``AnimatableImage/playCount`` (or ``Configuration/playCount``) times and rests
/// on the final frame. It never shows a frame out of order: when the frame that is due is not
/// decoded yet it holds the current frame, waits, and counts a ``bufferMisses`` miss.
///
/// ```swift
/// let animator = Animator(clock: TimerClock(ticksPerSecond: 60))
/// try animator.prepare(try AnimatedImage(contentsOfFile: "cat.gif"))
/// animator.observe { event in print(event) }
/// animator.play()
/// ```
///
/// All members may be called from any thread. Events are delivered on the thread that caused
/// them (the clock's for ticks), after the animator's state has changed and outside its lock, so a
/// handler may call back into the animator. On a ``ManualClock`` everything happens synchronously
/// on the caller's thread, in order.
public final class Animator: Sendable {
    /// How an animator plays.
    public struct Configuration: Sendable, Hashable {
        /// Plays in all, replacing the image's own play count; `nil` follows the image.
        public var playCount: PlayCount?
        /// Playback speed: 2 plays twice as fast, 0.5 half as fast, 0 stands still.
        public var rate: Double
        /// The order frames play in.
        public var mode: PlaybackMode
        /// What to do when late.
        public var lateness: LatenessPolicy
        /// How many decoded frames to keep ahead.
        public var budget: BufferBudget
        /// How long the buffer waits after memory pressure before growing again.
        public var regrowDelay: Duration

        /// Creates a configuration; the defaults play like a browser.
        public init(playCount: PlayCount? = nil, rate: Double = 1, mode: PlaybackMode = .forward,
                    lateness: LatenessPolicy = .skipFrames, budget: BufferBudget = .automatic,
                    regrowDelay: Duration = .seconds(2)) {
            self.playCount = playCount
            self.rate = rate
            self.mode = mode
            self.lateness = lateness
            self.budget = budget
            self.regrowDelay = regrowDelay
        }
    }

    private struct WeakView {
        weak var view: (any AnimatableView)?
    }

    private struct State {
        var configuration: Configuration
        var buffer: FrameBuffer?
        var cursor: PlaybackCursor?
        var activeFrame: RGBAImage?
        var activeIndex = 0
        var isPlaying = false
        var bufferMisses = 0
        var waitingFor: Int?
        var now = Duration.zero
        var frameVersion: UInt64 = 0
        var displayedVersion: UInt64?
        /// Counts jumps, so that a frame decoded for a jump that a later one replaced is not shown.
        var moveGeneration: UInt64 = 0
        var view = WeakView()
        var observers: [UInt64: @Sendable (AnimatorEvent) -> Void] = [:]
        var nextObserverID: UInt64 = 0
    }

    /// A jump whose frame is not decoded yet: it is decoded after the lock is released.
    private struct PendingFrame {
        var frame: Int
        var loop: Int
        var buffer: FrameBuffer
        var generation: UInt64
        /// Where playback was before the jump: it goes back there if the frame cannot be decoded.
        var previous: PlaybackCursor?
    }

    /// What happened inside the lock, to be announced (and decoded) outside it.
    private struct Outcome {
        var events: [AnimatorEvent] = []
        var stopClock = false
        var pendingFrame: PendingFrame?
        var frameChanged: Bool { events.contains { if case .frameChanged = $0 { true } else { false } } }
    }

    /// The clock driving playback.
    public let clock: any AnimationClock
    /// The cache decoded frames are kept in.
    public let cache: SharedFrameCache
    private let state: LockedState<State>

    /// Creates an animator with no image.
    /// - Parameters:
    ///   - clock: what drives playback; a 60 Hz ``TimerClock`` by default.
    ///   - cache: where decoded frames are kept; the process-wide ``SharedFrameCache/shared`` by default.
    ///   - configuration: how to play (rate, mode, play count, lateness, buffer budget).
    public init(clock: any AnimationClock = TimerClock(), cache: SharedFrameCache = .shared,
                configuration: Configuration = Configuration()) {
        self.clock = clock
        self.cache = cache
        state = LockedState(State(configuration: configuration))
    }

    deinit {
        clock.stop()
        state.withLock { $0.buffer?.close() }
    }

    // MARK: Image

    /// Loads `image`, showing its first frame (in the playback direction) at once: that frame is
    /// decoded on the calling thread, the next ones start decoding in the background. Playing
    /// continues if the animator was playing.
    /// - Throws: the error decoding the first frame.
    public func prepare(_ image: any AnimatableImage) throws {
        let configuration = state.withLock { $0.configuration }
        let buffer = FrameBuffer(image: image, budget: configuration.budget, cache: cache,
                                 regrowDelay: configuration.regrowDelay)
        let cursor = Self.makeCursor(for: image, configuration: configuration)
        let first = try buffer.decodeNow(cursor.frame)
        let previous = state.withLock { state -> FrameBuffer? in
            let previous = state.buffer
            state.buffer = buffer
            state.cursor = cursor
            state.waitingFor = nil
            state.bufferMisses = 0
            show(first, index: cursor.frame, in: &state)
            Self.fetch(buffer, at: cursor, in: state)
            return previous
        }
        previous?.close()
    }

    /// Loads `image` to play `playCount` times (`nil`: the image's own count); see ``prepare(_:)``.
    public func prepare(_ image: any AnimatableImage, playCount: PlayCount?) throws {
        state.withLock { $0.configuration.playCount = playCount }
        try prepare(image)
    }

    /// Stops playback and lets go of the image and its frames.
    public func unload() {
        clock.stop()
        let buffer = state.withLock { state -> FrameBuffer? in
            let buffer = state.buffer
            state.buffer = nil
            state.cursor = nil
            state.activeFrame = nil
            state.isPlaying = false
            state.frameVersion += 1
            return buffer
        }
        buffer?.close()
    }

    /// The image loaded, if any.
    public var image: (any AnimatableImage)? { state.withLock { $0.buffer?.image } }

    /// The frame buffer of the loaded image, if any.
    public var buffer: FrameBuffer? { state.withLock { $0.buffer } }

    // MARK: Controls

    /// Starts or resumes playback; a finished animation starts again from the beginning. Does
    /// nothing while playing or without an image.
    public func play() {
        let outcome = state.withLock { state -> Outcome? in
            guard !state.isPlaying, var cursor = state.cursor else { return nil }
            var outcome = Outcome()
            if cursor.isFinished {
                cursor = Self.makeCursor(frames: cursor, configuration: state.configuration)
                move(to: cursor, in: &state, outcome: &outcome)
            }
            state.isPlaying = true
            return outcome
        }
        guard let outcome else { return }
        clock.start { [weak self] tick in self?.handle(tick) }
        complete(outcome)
    }

    /// Pauses playback, keeping the position.
    public func pause() {
        state.withLock { $0.isPlaying = false }
        clock.stop()
    }

    /// Stops playback and goes back to the beginning (loop counting included).
    public func stop() {
        clock.stop()
        let outcome = state.withLock { state -> Outcome in
            var outcome = Outcome()
            state.isPlaying = false
            guard let cursor = state.cursor else { return outcome }
            move(to: Self.makeCursor(frames: cursor, configuration: state.configuration), in: &state, outcome: &outcome)
            return outcome
        }
        complete(outcome)
    }

    /// Shows `frame` (its first appearance in the current play) from its start. Frames outside
    /// the image are ignored. A frame not decoded yet is decoded on the calling thread; one that
    /// cannot be decoded leaves playback where it was.
    public func seek(toFrame frame: Int) {
        update { cursor in cursor.seek(toFrame: frame) }
    }

    /// Goes to `time` from the start of the current play (clamped into the play).
    public func seek(to time: Duration) {
        update { cursor in cursor.seek(toTimeInLoop: time) }
    }

    /// Whether the clock is driving playback.
    public var isPlaying: Bool { state.withLock { $0.isPlaying } }

    /// Whether every play has ended and the frame it rests on is shown.
    public var isFinished: Bool {
        state.withLock { state in
            guard let cursor = state.cursor else { return false }
            return cursor.isFinished && cursor.frame == state.activeIndex
        }
    }

    // MARK: Settings

    /// Playback speed: 2 plays twice as fast, 0.5 half as fast; negative values count as 0.
    public var rate: Double {
        get { state.withLock { $0.configuration.rate } }
        set { state.withLock { $0.configuration.rate = newValue } }
    }

    /// What to do when late.
    public var lateness: LatenessPolicy {
        get { state.withLock { $0.configuration.lateness } }
        set { state.withLock { $0.configuration.lateness = newValue } }
    }

    /// The order frames play in. Changing it keeps the frame shown.
    public var mode: PlaybackMode {
        get { state.withLock { $0.configuration.mode } }
        set { reconfigure { $0.mode = newValue } }
    }

    /// Plays in all, replacing the image's own count; `nil` follows the image. Changing it keeps
    /// the frame shown and the plays completed.
    public var playCount: PlayCount? {
        get { state.withLock { $0.configuration.playCount } }
        set { reconfigure { $0.playCount = newValue } }
    }

    /// The configuration now.
    public var configuration: Configuration { state.withLock { $0.configuration } }

    // MARK: Position

    /// The index of the frame shown.
    public var currentFrame: Int { state.withLock { $0.activeIndex } }

    /// The 0-based play being shown.
    public var currentLoop: Int { state.withLock { $0.cursor?.loop ?? 0 } }

    /// Playback time since the start of the first play (time spent waiting for frames not included).
    public var elapsed: Duration { state.withLock { $0.cursor?.elapsed ?? .zero } }

    /// How far through the current play, from 0 to 1 (1 once finished).
    public var progress: Double {
        state.withLock { state in
            guard let cursor = state.cursor, cursor.loopDuration > .zero else { return 0 }
            return min(cursor.timeInLoop / cursor.loopDuration, 1) // a late cursor may be past the end
        }
    }

    /// One play's length in the current mode (a bounce goes there and back).
    public var loopDuration: Duration { state.withLock { $0.cursor?.loopDuration ?? .zero } }

    /// All plays' length; `nil` when looping forever.
    public var totalDuration: Duration? {
        state.withLock { state in
            guard let cursor = state.cursor else { return .zero }
            return cursor.plays.map { cursor.loopDuration * $0 }
        }
    }

    /// The number of frames of the image loaded (0 without one).
    public var frameCount: Int { state.withLock { $0.buffer?.image.frameCount ?? 0 } }

    /// Frames that were due but not decoded in time (each late frame counts once).
    public var bufferMisses: Int { state.withLock { $0.bufferMisses } }

    /// The frame shown, if an image is loaded.
    public var activeFrame: RGBAImage? { state.withLock { $0.activeFrame } }

    /// The frame shown when it changed since the last call, else `nil`: what a view draws.
    public func takeFrameToDisplay() -> DisplayFrame? {
        state.withLock { state in
            guard state.displayedVersion != state.frameVersion, let image = state.activeFrame,
                  let source = state.buffer?.image else { return nil }
            state.displayedVersion = state.frameVersion
            return DisplayFrame(index: state.activeIndex, image: image,
                                contentsRect: source.contentsRect(at: state.activeIndex))
        }
    }

    /// Shrinks the frame buffer to the next frame; it grows back after the regrow delay.
    public func handleMemoryPressure() {
        state.withLock { $0.buffer }?.handleMemoryPressure()
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
        state.withLock { $0.view = WeakView(view: view) }
    }

    // MARK: Ticking

    private func handle(_ tick: ClockTick) {
        followGrowth()
        let outcome = state.withLock { state -> Outcome? in
            guard state.isPlaying, var cursor = state.cursor, let buffer = state.buffer else { return nil }
            state.now = tick.timestamp
            let rate = state.configuration.rate
            let time = rate > 0 && rate.isFinite ? tick.interval * rate : .zero
            let shown = state.activeIndex
            var ready: [Int: RGBAImage] = [:]
            let (events, notReady) = cursor.advance(by: time, policy: state.configuration.lateness) { index in
                if index == shown { return true }
                switch buffer.lookup(index) {
                case .ready(let frame): ready[index] = frame; return true
                case .failed: return true // the previous picture stays for this frame's time
                case .missing: return false
                }
            }
            let missed = notReady != nil && state.waitingFor != notReady
            if missed { state.bufferMisses += 1 }
            state.waitingFor = notReady
            var outcome = Outcome()
            outcome.events = events.filter { $0 != .finished }
            if cursor.frame != shown {
                if let frame = ready[cursor.frame] {
                    show(frame, index: cursor.frame, in: &state)
                    outcome.events.append(.frameChanged(frame: cursor.frame, loop: cursor.loop))
                } else {
                    state.activeIndex = cursor.frame
                }
            }
            state.cursor = cursor
            if cursor.isFinished {
                outcome.events.append(.finished)
                state.isPlaying = false
                outcome.stopClock = true
            }
            Self.fetch(buffer, at: cursor, in: state, missed: missed)
            return outcome
        }
        guard let outcome else { return }
        if outcome.stopClock { clock.stop() }
        announce(outcome)
    }

    // MARK: Helpers

    private static func makeCursor(for image: any AnimatableImage, configuration: Configuration) -> PlaybackCursor {
        var durations = (0..<max(image.frameCount, 1)).map { image.duration(at: $0) }
        guard !image.isComplete else {
            return PlaybackCursor(durations: durations, mode: configuration.mode,
                                  plays: (configuration.playCount ?? image.playCount).count)
        }
        // Frames are still arriving: play forward and wait on the last one that arrived (it
        // "lasts" until the frames after it come) instead of looping or finishing.
        durations[durations.count - 1] = frontierWait
        return PlaybackCursor(durations: durations, mode: .forward, plays: 1)
    }

    /// How long the last arrived frame of an incomplete image lasts: longer than any wait.
    static let frontierWait = Duration.seconds(1 << 40)

    /// When the image being received gained frames (or became complete) since the cursor was
    /// made, moves playback onto a cursor and a buffer for the frames known now, at the same frame.
    /// The buffer is made outside the lock (it reads the system's memory figures); the old one is
    /// closed first, so that frames of a table that was replaced (an APNG falling back to its
    /// still image) are not shown again.
    private func followGrowth() {
        let waiting = state.withLock { state -> (FrameBuffer, known: Int, Configuration)? in
            guard state.isPlaying, let cursor = state.cursor, cursor.durations.last == Self.frontierWait,
                  let buffer = state.buffer else { return nil }
            return (buffer, cursor.durations.count, state.configuration)
        }
        guard let (old, known, configuration) = waiting else { return }
        let image = old.image
        let count = image.frameCount
        guard count > 0, count != known || image.isComplete else { return }
        old.close()
        let buffer = FrameBuffer(image: image, budget: configuration.budget, cache: cache,
                                 regrowDelay: configuration.regrowDelay)
        let installed = state.withLock { state -> Bool in
            guard state.buffer === old, let cursor = state.cursor else { return false }
            var grown = Self.makeCursor(for: image, configuration: state.configuration)
            grown.seek(toFrame: cursor.frame)
            // The time spent waiting for bytes counts at most as the frame's own duration, so a
            // stall does not make playback skip the frames that then arrive.
            grown.restore(timeInFrame: cursor.timeInFrame)
            state.buffer = buffer
            state.cursor = grown
            return true
        }
        if !installed { buffer.close() }
    }

    /// A cursor at the start, for the same frames as `cursor`.
    private static func makeCursor(frames cursor: PlaybackCursor, configuration: Configuration) -> PlaybackCursor {
        PlaybackCursor(durations: cursor.durations, mode: configuration.mode,
                       plays: configuration.playCount.map { $0.count } ?? cursor.plays)
    }

    private func reconfigure(_ change: (inout Configuration) -> Void) {
        let outcome = state.withLock { state -> Outcome in
            var outcome = Outcome()
            change(&state.configuration)
            guard let image = state.buffer?.image, let old = state.cursor else { return outcome }
            var cursor = Self.makeCursor(for: image, configuration: state.configuration)
            cursor.restore(completedLoops: old.completedLoops)
            cursor.seek(toFrame: old.frame)
            move(to: cursor, in: &state, outcome: &outcome)
            return outcome
        }
        complete(outcome)
    }

    private func update(_ change: (inout PlaybackCursor) -> Void) {
        let outcome = state.withLock { state -> Outcome in
            var outcome = Outcome()
            guard var cursor = state.cursor else { return outcome }
            change(&cursor)
            move(to: cursor, in: &state, outcome: &outcome)
            return outcome
        }
        complete(outcome)
    }

    /// Jumps to `cursor`. Its frame shows at once when it is decoded; otherwise it is decoded
    /// after the lock is released (see ``complete(_:)``).
    private func move(to cursor: PlaybackCursor, in state: inout State, outcome: inout Outcome) {
        guard let buffer = state.buffer else { return }
        state.moveGeneration &+= 1
        let changed = cursor.frame != state.activeIndex
        let previous = state.cursor
        state.cursor = cursor
        state.waitingFor = nil
        if changed || state.activeFrame == nil {
            if case .ready(let frame) = buffer.lookup(cursor.frame) {
                show(frame, index: cursor.frame, in: &state)
            } else {
                outcome.pendingFrame = PendingFrame(frame: cursor.frame, loop: cursor.loop, buffer: buffer,
                                                    generation: state.moveGeneration, previous: previous)
            }
        }
        if changed && outcome.pendingFrame == nil {
            outcome.events.append(.frameChanged(frame: cursor.frame, loop: cursor.loop))
        }
        Self.fetch(buffer, at: cursor, in: state)
    }

    /// Tells the buffer where playback is: the frame shown and those after it, the clock's time,
    /// the rate, and whether the frame due was just missed.
    private static func fetch(_ buffer: FrameBuffer, at cursor: PlaybackCursor, in state: borrowing State,
                              missed: Bool = false) {
        buffer.fetch(shown: cursor.frame, upcoming: cursor.upcomingFrames(limit: buffer.upcomingLimit),
                     now: state.now, rate: state.configuration.rate, missed: missed)
    }

    /// Decodes a jump's frame with no lock held (a long replay must not hold up clock ticks,
    /// getters or other threads), shows it unless a later jump replaced it, then announces. A
    /// frame that cannot be decoded leaves playback where it was before the jump.
    private func complete(_ outcome: Outcome) {
        var outcome = outcome
        if let pending = outcome.pendingFrame {
            let frame = try? pending.buffer.decodeNow(pending.frame)
            let changed = state.withLock { state -> Bool in
                guard state.moveGeneration == pending.generation, state.buffer === pending.buffer else { return false }
                guard let frame else {
                    state.cursor = pending.previous
                    return false
                }
                guard state.activeIndex != pending.frame || state.activeFrame == nil else { return false }
                let changed = state.activeIndex != pending.frame
                show(frame, index: pending.frame, in: &state)
                return changed
            }
            if changed { outcome.events.append(.frameChanged(frame: pending.frame, loop: pending.loop)) }
        }
        announce(outcome)
    }

    private func show(_ frame: RGBAImage, index: Int, in state: inout State) {
        state.activeFrame = frame
        state.activeIndex = index
        state.frameVersion += 1
    }

    private func announce(_ outcome: Outcome) {
        guard !outcome.events.isEmpty else { return }
        let (observers, view) = state.withLock { state in
            (state.observers.sorted { $0.key < $1.key }.map(\.value), state.view.view)
        }
        if outcome.frameChanged { view?.updateImageIfNeeded() }
        for event in outcome.events {
            for observer in observers { observer(event) }
        }
    }
}
