#if canImport(Darwin)
import Dispatch
#endif

/// What a cache has for one frame.
enum FrameLookup: Sendable {
    /// Decoded and kept.
    case ready(RGBAImage)
    /// Decoding failed, for this reason; playback shows the previous frame for its time.
    case failed(ZoetropeError)
    /// Not decoded (yet).
    case missing

    /// Whether playback can move onto the frame: decoded, or known to be broken.
    var isSettled: Bool {
        if case .missing = self { false } else { true }
    }
}

/// What a cache knows of some frames of one image: each one's state and the image's measured
/// decode time, read under one lock.
struct FrameSnapshot: Sendable {
    var frames: [Int: FrameLookup]
    var decodeTime: Duration
}

/// An animator using a cache: told when memory runs short (outside the cache's lock).
protocol FrameCacheClient: AnyObject, Sendable {
    /// Shrinks what the client keeps ahead to the next frame.
    func handleMemoryPressure()
}

/// The decoded frames of every image being played, under one process-wide byte limit.
///
/// Frames are keyed by image identity, so every ``Animator`` (and so every view) showing the same
/// image shares its decoded frames: each frame is decoded once, not once per view. A frame is kept
/// while some animator wants it; when the limit is reached the least recently used frames are
/// evicted, across all images. The limit also counts what images keep for themselves (an
/// ``AnimatedImage``'s saved replay checkpoints and its replay canvas), read after each decode.
/// Decoding runs on the cache's ``DecodeScheduler``, and the cache measures it: the moving average
/// of each image's decode time is what automatic budgets size their window from. A frame that
/// cannot be decoded is kept as a failure with its error, so that it is not decoded again while
/// it is wanted.
///
/// The cache never calls out while it holds its lock: decoding (an image's `frame(at:)`), the
/// scheduler and the animators it tells of memory pressure are called after it is released.
public final class SharedFrameCache: Sendable {
    /// The cache every animator uses unless given another: an automatic process-wide limit
    /// (``SystemMemory/automaticBudget``: at most 256 MiB), decoding on a background queue. On
    /// Apple platforms it also follows the system's memory pressure notifications.
    public static let shared: SharedFrameCache = {
        let cache = SharedFrameCache()
        cache.followSystemMemoryPressure()
        return cache
    }()

    /// Counters of a cache's work and memory.
    public struct Statistics: Sendable, Hashable {
        /// Frames held now.
        public var storedFrames = 0
        /// Bytes of frames held now.
        public var storedBytes = 0
        /// The most frames held at once.
        public var peakFrames = 0
        /// The most bytes held at once.
        public var peakBytes = 0
        /// Frames decoded in all (background and on demand).
        public var decodes = 0
        /// Frames evicted to stay within ``SharedFrameCache/byteLimit``.
        public var evictions = 0
        /// Bytes the images being played keep for themselves now (replay checkpoints and canvases),
        /// counted against the limit with the frames.
        public var retainedBytes = 0
        /// The most bytes held at once, frames and the images' own together.
        public var peakTotalBytes = 0
        /// Frames whose decoding failed, in all.
        public var failures = 0
    }

    private struct Entry {
        var content: Result<RGBAImage, ZoetropeError>
        var bytes: Int
        var lastUse: UInt64
        var frame: RGBAImage? { try? content.get() }
    }

    /// The frames one client keeps of an image, and the sequence number of the request that said so.
    private struct Want {
        var frames: [Int] = []
        var sequence: UInt64 = 0
    }

    private struct ImageRecord {
        /// Kept strongly so that the identifier keying this record stays this image's.
        let image: any AnimatableImage
        var frames: [Int: Entry] = [:]
        var inFlight = Set<Int>()
        var wants: [ObjectIdentifier: Want] = [:]
        var decodeTime: DecodeTimeAverage
        var retainedBytes = 0

        init(image: any AnimatableImage) {
            self.image = image
            decodeTime = DecodeTimeAverage(pixels: image.canvasSize.area)
        }

        func isWanted(_ index: Int) -> Bool { wants.values.contains { $0.frames.contains(index) } }
    }

    private struct WeakClient {
        weak var client: (any FrameCacheClient)?
    }

    private struct State {
        var images: [ObjectIdentifier: ImageRecord] = [:]
        var clients: [ObjectIdentifier: WeakClient] = [:]
        var statistics = Statistics()
        var useCounter: UInt64 = 0
        #if canImport(Darwin)
        var pressureSource: (any DispatchSourceMemoryPressure)?
        #endif
    }

    /// The most bytes of decoded frames, and of the images' own memory, kept at once over all
    /// images (at least one frame is kept for each animator that needs one, whatever the limit).
    public let byteLimit: Int
    /// Where background decoding runs.
    public let scheduler: any DecodeScheduler
    /// The time decodes are measured with.
    private let timeSource: @Sendable () -> Duration
    private let state = LockedState(State())

    /// Creates a cache.
    /// - Parameters:
    ///   - byteLimit: the process-wide limit; by default ``SystemMemory/automaticBudget`` of the
    ///     current system.
    ///   - scheduler: where decoding runs; by default a background Dispatch queue.
    public convenience init(byteLimit: Int? = nil, scheduler: any DecodeScheduler = DispatchDecodeScheduler()) {
        let origin = ContinuousClock.now
        self.init(byteLimit: byteLimit, scheduler: scheduler, timeSource: { ContinuousClock.now - origin })
    }

    /// Creates a cache measuring decodes with `timeSource` (a simulation's clock, a test's script).
    package init(byteLimit: Int?, scheduler: any DecodeScheduler, timeSource: @escaping @Sendable () -> Duration) {
        self.byteLimit = max(byteLimit ?? SystemMemory.current().automaticBudget, 0)
        self.scheduler = scheduler
        self.timeSource = timeSource
    }

    /// The cache's counters now.
    public var statistics: Statistics { state.withLock { $0.statistics } }

    /// How long one frame of `image` takes to decode here: the moving average of the decodes this
    /// cache measured while the image was played, or a conservative estimate before the first
    /// (1 ms plus 25 ns a pixel). Automatic budgets size their window from it.
    public func decodeTime(of image: any AnimatableImage) -> Duration {
        state.withLock { $0.images[ObjectIdentifier(image)]?.decodeTime.value }
            ?? DecodeTimeAverage(pixels: image.canvasSize.area).value
    }

    /// The number of decoded frames of `image` held now.
    public func storedFrameCount(of image: any AnimatableImage) -> Int {
        state.withLock { state in
            state.images[ObjectIdentifier(image)]?.frames.values.count { $0.frame != nil } ?? 0
        }
    }

    /// Tells every animator using this cache to shrink what it keeps ahead to the next frame; each
    /// grows back after its regrow delay.
    public func handleMemoryPressure() {
        let clients = state.withLock { state in
            state.clients.values.compactMap(\.client)
        }
        for client in clients { client.handleMemoryPressure() }
    }

    /// Follows the platform's memory-pressure notifications, where there are any (Apple platforms).
    public func followSystemMemoryPressure() {
        #if canImport(Darwin)
        let source = DispatchSource.makeMemoryPressureSource(eventMask: [.warning, .critical], queue: .global())
        source.setEventHandler { [weak self] in self?.handleMemoryPressure() }
        let previous = state.withLock { state in
            defer { state.pressureSource = source }
            return state.pressureSource
        }
        previous?.cancel()
        source.resume()
        #endif
    }

    // MARK: Clients

    /// Tells `client` of memory pressure from now on (held weakly).
    func register(_ client: any FrameCacheClient) {
        state.withLock { $0.clients[ObjectIdentifier(client)] = WeakClient(client: client) }
    }

    /// Forgets a client that is going away.
    func unregister(_ clientID: ObjectIdentifier) {
        state.withLock { $0.clients[clientID] = nil }
    }

    /// Starts keeping frames of `image` for a client (an animator that loads it); returns whether
    /// the client was new to the image.
    @discardableResult
    func attach(_ clientID: ObjectIdentifier, to image: any AnimatableImage) -> Bool {
        let key = ObjectIdentifier(image)
        let record = ImageRecord(image: image) // reads the image: before the lock
        return state.withLock { state in
            if state.images[key] == nil { state.images[key] = record }
            guard state.images[key]?.wants[clientID] == nil else { return false }
            state.images[key]?.wants[clientID] = Want()
            return true
        }
    }

    /// Forgets what a client kept of `image`; an image no client shows any more is dropped with
    /// its frames (released after the lock, like everything the cache lets go of).
    func detach(_ clientID: ObjectIdentifier, from image: any AnimatableImage) {
        let key = ObjectIdentifier(image)
        let dropped = state.withLock { state -> ImageRecord? in
            guard var record = state.images[key] else { return nil }
            record.wants[clientID] = nil
            guard record.wants.isEmpty else {
                state.images[key] = record
                Self.dropUnwanted(key, in: &state)
                return nil
            }
            for entry in record.frames.values { state.statistics.storedBytes -= entry.bytes }
            state.statistics.retainedBytes -= record.retainedBytes
            state.statistics.storedFrames -= record.frames.values.count { $0.frame != nil }
            state.images[key] = nil
            return record
        }
        _ = dropped
    }

    // MARK: Frames

    /// The state of frames `indices` of `image` (each marked as used now) and its decode time.
    func lookUp(_ indices: [Int], of image: any AnimatableImage) -> FrameSnapshot {
        let key = ObjectIdentifier(image)
        let snapshot = state.withLock { state -> FrameSnapshot? in
            guard let decodeTime = state.images[key]?.decodeTime.value else { return nil }
            var frames: [Int: FrameLookup] = [:]
            for index in indices {
                // Read and touched in place: no copy of the image's tables.
                guard let content = state.images[key]?.frames[index]?.content else { continue }
                state.useCounter += 1
                state.images[key]?.frames[index]?.lastUse = state.useCounter
                switch content {
                case .success(let frame): frames[index] = .ready(frame)
                case .failure(let error): frames[index] = .failed(error)
                }
            }
            return FrameSnapshot(frames: frames, decodeTime: decodeTime)
        }
        // An image no client shows: its estimate, read from the image after the lock.
        return snapshot ?? FrameSnapshot(frames: [:], decodeTime: DecodeTimeAverage(pixels: image.canvasSize.area).value)
    }

    /// Frame `index` now: from the cache, or decoded on the calling thread and kept (it is about
    /// to be shown; the next request says whether it stays).
    /// - Throws: the decoding error (also when an earlier decode failed).
    func decodeNow(_ index: Int, of image: any AnimatableImage) throws(ZoetropeError) -> RGBAImage {
        switch lookUp([index], of: image).frames[index] {
        case .ready(let frame): return frame
        case .failed(let error): throw error
        case .missing, nil: break
        }
        let decode = measuredDecode(index, of: image)
        state.withLock { state in
            let key = ObjectIdentifier(image)
            state.statistics.decodes += 1
            guard state.images[key] != nil else { return }
            Self.account(decode, of: key, in: &state)
            Self.store(decode.result, at: index, of: key, in: &state, byteLimit: byteLimit)
        }
        return try decode.result.get()
    }

    /// Records the frames a client keeps of `image` (`request`, the client's `sequence`-th: an
    /// older request arriving late changes nothing): frames no client wants any more are dropped,
    /// and those missing among the first `decodeCount` are scheduled for decoding in order.
    func request(_ request: FrameRequest, sequence: UInt64, by clientID: ObjectIdentifier,
                 of image: any AnimatableImage) {
        let key = ObjectIdentifier(image)
        let toDecode = state.withLock { state -> [Int] in
            guard let want = state.images[key]?.wants[clientID], want.sequence < sequence else { return [] }
            state.images[key]?.wants[clientID] = Want(frames: request.keep, sequence: sequence)
            Self.dropUnwanted(key, in: &state)
            let missing = request.keep.prefix(request.decodeCount).filter { index in
                state.images[key].map { $0.frames[index] == nil && !$0.inFlight.contains(index) } ?? false
            }
            state.images[key]?.inFlight.formUnion(missing)
            return missing
        }
        for index in toDecode {
            scheduler.schedule { [weak self] in self?.decodeInBackground(index, of: key) }
        }
    }

    private func decodeInBackground(_ index: Int, of key: ObjectIdentifier) {
        let image = state.withLock { state -> (any AnimatableImage)? in
            guard let record = state.images[key] else { return nil }
            guard record.isWanted(index), record.frames[index] == nil else {
                state.images[key]?.inFlight.remove(index)
                return nil
            }
            return record.image
        }
        guard let image else { return }
        let decode = measuredDecode(index, of: image)
        state.withLock { state in
            state.statistics.decodes += 1
            guard let record = state.images[key], record.image === image else { return }
            Self.account(decode, of: key, in: &state)
            state.images[key]?.inFlight.remove(index)
            if record.isWanted(index) {
                Self.store(decode.result, at: index, of: key, in: &state, byteLimit: byteLimit)
            } else {
                Self.evictLeastRecentlyUsed(sparing: nil, in: &state, byteLimit: byteLimit)
            }
        }
    }

    /// One decode, timed, with what the image holds afterwards.
    private struct MeasuredDecode {
        var result: Result<RGBAImage, ZoetropeError>
        var time: Duration
        var retainedBytes: Int
    }

    /// Decodes frame `index` of `image` with no lock held, timing it.
    private func measuredDecode(_ index: Int, of image: any AnimatableImage) -> MeasuredDecode {
        let start = timeSource()
        let result = Result { try image.frame(at: index) }.mapError(ZoetropeError.init(decoding:))
        let time = timeSource() - start
        return MeasuredDecode(result: result, time: time,
                              retainedBytes: (image as? any RetainsMemory)?.retainedBytes ?? 0)
    }

    /// Counts a decode of an image played here: its time in the image's average, the image's own
    /// memory in the totals.
    private static func account(_ decode: MeasuredDecode, of key: ObjectIdentifier, in state: inout State) {
        guard var record = state.images[key] else { return }
        record.decodeTime.add(decode.time)
        state.statistics.retainedBytes += decode.retainedBytes - record.retainedBytes
        record.retainedBytes = decode.retainedBytes
        state.images[key] = record
    }

    private static func store(_ result: Result<RGBAImage, ZoetropeError>, at index: Int,
                              of key: ObjectIdentifier, in state: inout State, byteLimit: Int) {
        guard state.images[key]?.frames[index] == nil else { return }
        let bytes = (try? result.get())?.pixels.count ?? 0
        state.useCounter += 1
        state.images[key]?.frames[index] = Entry(content: result, bytes: bytes, lastUse: state.useCounter)
        state.statistics.storedBytes += bytes
        switch result {
        case .success: state.statistics.storedFrames += 1
        case .failure: state.statistics.failures += 1
        }
        evictLeastRecentlyUsed(sparing: (key, index), in: &state, byteLimit: byteLimit)
        state.statistics.peakBytes = max(state.statistics.peakBytes, state.statistics.storedBytes)
        state.statistics.peakFrames = max(state.statistics.peakFrames, state.statistics.storedFrames)
    }

    /// Evicts the least recently used frames until the frames and the images' own memory fit the
    /// limit, sparing the frame just stored; then records the peak of both together.
    private static func evictLeastRecentlyUsed(sparing spared: (key: ObjectIdentifier, index: Int)?,
                                               in state: inout State, byteLimit: Int) {
        defer {
            let total = state.statistics.storedBytes + state.statistics.retainedBytes
            state.statistics.peakTotalBytes = max(state.statistics.peakTotalBytes, total)
        }
        while state.statistics.storedBytes + state.statistics.retainedBytes > byteLimit {
            var oldest: (key: ObjectIdentifier, index: Int, use: UInt64)?
            for (key, record) in state.images {
                for (index, entry) in record.frames where entry.bytes > 0 {
                    if key == spared?.key && index == spared?.index { continue }
                    if oldest.map({ entry.lastUse < $0.use }) ?? true { oldest = (key, index, entry.lastUse) }
                }
            }
            guard let oldest else { return }
            remove(oldest.index, of: oldest.key, in: &state)
            state.statistics.evictions += 1
        }
    }

    private static func dropUnwanted(_ key: ObjectIdentifier, in state: inout State) {
        guard let record = state.images[key] else { return }
        let wanted = Set(record.wants.values.lazy.flatMap(\.frames))
        for index in record.frames.keys where !wanted.contains(index) {
            remove(index, of: key, in: &state)
        }
    }

    private static func remove(_ index: Int, of key: ObjectIdentifier, in state: inout State) {
        guard let entry = state.images[key]?.frames.removeValue(forKey: index) else { return }
        state.statistics.storedBytes -= entry.bytes
        if entry.frame != nil { state.statistics.storedFrames -= 1 }
    }
}
