
/// The decoded frames one player keeps ahead of the frame it shows, within a ``BufferBudget``.
///
/// Frames live in a ``SharedFrameCache``, so buffers of the same image share them. The buffer keeps
/// the frame on screen (its pixels are shared with the view's copy, so keeping it costs nothing)
/// and up to ``frameLimit`` frames ahead of it in playback order. It starts decoding one frame ahead
/// and grows by one per fetch instead of allocating at once; frames already decoded within the
/// limit stay. On memory pressure it shrinks to the
/// next frame, and grows back (gradually again) once ``regrowDelay`` of playback time has passed.
public final class FrameBuffer: Sendable {
    private struct State {
        var window = 0
        var now = Duration.zero
        var growthResumesAt: Duration?
        var shown = 0
        var upcoming: [Int] = []
        var isClosed = false
    }

    /// The image whose frames this buffer holds.
    public let image: any AnimatableImage
    /// The budget the buffer was made with.
    public let budget: BufferBudget
    /// The most frames the budget allows this buffer to keep ahead of the one shown.
    public let frameLimit: Int
    /// How long after memory pressure the buffer starts growing again.
    public let regrowDelay: Duration
    /// The cache holding the frames.
    public let cache: SharedFrameCache
    private let state = LockedState(State())

    /// Creates a buffer for `image` in `cache`.
    /// - Parameters:
    ///   - image: the image whose frames the buffer keeps.
    ///   - budget: how many decoded frames to keep ahead of the one shown.
    ///   - cache: where the frames live; buffers of the same image in one cache share them.
    ///   - regrowDelay: how long after memory pressure the buffer starts growing again.
    ///   - memory: the memory facts an ``BufferBudget/automatic`` budget is computed from; read
    ///     from the system by default.
    public init(image: any AnimatableImage, budget: BufferBudget = .automatic,
                cache: SharedFrameCache = .shared, regrowDelay: Duration = .seconds(2),
                memory: SystemMemory? = nil) {
        self.image = image
        self.budget = budget
        self.frameLimit = budget.frameLimit(bytesPerFrame: image.bytesPerFrame,
                                            frameCount: image.frameCount,
                                            memory: memory ?? .current())
        self.regrowDelay = regrowDelay
        self.cache = cache
        cache.attach(self)
    }

    deinit {
        close()
    }

    /// How many frames ahead of the shown one the buffer asks for now (it grows towards ``frameLimit``).
    public var window: Int { state.withLock { $0.window } }

    /// Frame `index` when it is decoded and kept, else `nil`.
    public func frame(at index: Int) -> RGBAImage? {
        if case .ready(let frame) = cache.lookup(index, of: image) { return frame }
        return nil
    }

    func lookup(_ index: Int) -> FrameLookup { cache.lookup(index, of: image) }

    /// Frame `index` now, decoding it on the calling thread when it is not kept: for the first
    /// frame and for seeking.
    public func decodeNow(_ index: Int) throws -> RGBAImage {
        try cache.decodeNow(index, of: image)
    }

    /// One fetch: keeps frame `shown` and asks for the first ``window`` frames of `upcoming` (the
    /// frames after it in playback order, nearest first), growing the window by one frame first,
    /// unless the buffer is waiting out a memory-pressure delay. `now` is the playback clock's time.
    public func fetch(shown: Int, upcoming: [Int], now: Duration) {
        state.withLock { state in
            guard !state.isClosed else { return }
            state.now = now
            if let resume = state.growthResumesAt, now >= resume { state.growthResumesAt = nil }
            if state.growthResumesAt == nil { state.window = min(state.window + 1, frameLimit) }
            state.shown = shown
            state.upcoming = upcoming
            request(state)
        }
    }

    /// Keeps what is decoded within the limit (the window limits new decoding, not keeping),
    /// only the window while recovering from memory pressure.
    private func request(_ state: State) {
        let keep = state.growthResumesAt == nil ? frameLimit : state.window
        let ahead = state.upcoming.lazy.filter { $0 != state.shown }.prefix(keep)
        cache.want([state.shown] + ahead, decoding: 1 + state.window, by: ObjectIdentifier(self), of: image)
    }

    /// Shrinks the buffer to the next frame now; it grows again ``regrowDelay`` later.
    public func handleMemoryPressure() {
        state.withLock { state in
            guard !state.isClosed else { return }
            state.window = 1
            state.growthResumesAt = state.now + regrowDelay
            request(state)
        }
    }

    /// Releases the buffer's frames (frames other buffers of the same image want stay).
    public func close() {
        let wasOpen = state.withLock { state in
            defer { state.isClosed = true }
            return !state.isClosed
        }
        if wasOpen { cache.detach(bufferID: ObjectIdentifier(self), image: ObjectIdentifier(image)) }
    }
}
