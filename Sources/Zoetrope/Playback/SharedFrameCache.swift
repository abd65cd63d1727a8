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
    /// How many clients of the cache hold their first frame (the one asking included, when it does).
    var startingClients = 0
}

/// An animator using a cache: told when memory runs short (outside the cache's lock).
protocol FrameCacheClient: AnyObject, Sendable {
    /// Shrinks what the client keeps ahead to the next frame.
    func handleMemoryPressure()
}

/// The decoded frames of every image being played, under one process-wide byte limit.
///
/// Frames are keyed by image identity, so every ``Animator`` (and so every view) showing the same
/// image shares its decoded frames: each frame is decoded once, not once per view. An animator that
/// is given a display size (``Animator/displaySize``) has its frames decoded and then reduced to
/// that size (as ``AnimatableImage/scaled(toFit:)`` reduces them) in the background, and the cache
/// keeps and counts the reduced frames; when several animators show one image at different sizes,
/// its frames are kept at the largest. When an animator keeps every frame of an image, the image is
/// told to keep nothing for random access, and once every frame is held its replay canvas goes too.
/// Full-size canvases are held only by images being decoded now and the `idleCanvasLimit` decoded
/// last: any other image parks its canvas (packed, see ``AnimatedImage``), so twelve animations
/// decoding in turn on two workers hold three canvases, not twelve. A frame is kept
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
    /// (``SystemMemory/automaticBudget``: at most 256 MiB), decoding on a ``DecodeWorkerPool``. On
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
        /// Bytes the decodes under way use for a while besides what the images keep: a frame's own
        /// pixels where the codec decodes them before drawing them onto the canvas (not GIF's), and
        /// the frame reduced to the size it is shown at.
        public var decodingBytes = 0
        /// Frames whose decoding failed, in all.
        public var failures = 0
        /// Bytes of canvas-sized buffers that images let go of when they parked their canvas, kept
        /// for the next image a worker decodes while there are frames to decode (at most 20 MiB:
        /// two 1080p canvases and a GIF frame's indices; none once every frame wanted is decoded).
        public var reusableBytes = 0

        /// Bytes held now in all: the frames (at the sizes they are shown), what the images keep
        /// for themselves (canvases, checkpoints), the frames being decoded and the buffers kept
        /// for reuse.
        public var totalBytes: Int { storedBytes + retainedBytes + decodingBytes + reusableBytes }
    }

    private typealias ImageRecord = FrameCacheRecord

    private struct WeakClient {
        weak var client: (any FrameCacheClient)?
    }

    private struct State {
        var images: [ObjectIdentifier: ImageRecord] = [:]
        var clients: [ObjectIdentifier: WeakClient] = [:]
        var statistics = Statistics()
        var useCounter: UInt64 = 0
        /// Clients holding their first frame (``FrameCacheWant/starting``), over all images.
        var startingClients = 0
        #if canImport(Darwin)
        var pressureSource: (any DispatchSourceMemoryPressure)?
        #endif
    }

    /// The most bytes of decoded frames, and of the images' own memory, kept at once over all
    /// images (at least one frame is kept for each animator that needs one, whatever the limit).
    public let byteLimit: Int
    /// Where background decoding runs.
    public let scheduler: any DecodeScheduler
    /// How many images not being decoded at the moment may keep their full-size replay canvas (the
    /// ones decoded last); the others park it packed until they are decoded again.
    package let idleCanvasLimit: Int
    /// Buffers parked canvases let go, for the next image decoded, while there is decoding to do.
    private let reusable: ReusableBuffers
    /// The most bytes of ``reusable`` buffers kept by default: two 1080p canvases and a GIF
    /// frame's indices (with one, a third of the page faults saved came back: 28 Nov).
    package static let defaultReusableBytes = 20 << 20
    /// The time decodes are measured with.
    private let timeSource: @Sendable () -> Duration
    private let state = LockedState(State())

    /// Creates a cache.
    /// - Parameters:
    ///   - byteLimit: the process-wide limit; by default ``SystemMemory/automaticBudget`` of the
    ///     current system.
    ///   - scheduler: where decoding runs; by default a ``DecodeWorkerPool`` of two workers (the
    ///     frame due soonest first, one image at a time per worker).
    public convenience init(byteLimit: Int? = nil, scheduler: any DecodeScheduler = DecodeWorkerPool()) {
        let origin = ContinuousClock.now
        self.init(byteLimit: byteLimit, scheduler: scheduler, timeSource: { ContinuousClock.now - origin })
    }

    /// Creates a cache measuring decodes with `timeSource` (a simulation's clock, a test's script).
    package init(byteLimit: Int?, scheduler: any DecodeScheduler, idleCanvasLimit: Int = 1,
                 reusableBytes: Int = defaultReusableBytes, timeSource: @escaping @Sendable () -> Duration) {
        reusable = ReusableBuffers(byteLimit: reusableBytes)
        self.byteLimit = max(byteLimit ?? SystemMemory.current().automaticBudget, 0)
        self.scheduler = scheduler
        self.idleCanvasLimit = max(0, idleCanvasLimit)
        self.timeSource = timeSource
    }

    /// The cache's counters now.
    public var statistics: Statistics {
        var statistics = state.withLock { $0.statistics }
        statistics.reusableBytes = reusable.bytes
        return statistics
    }

    /// How long one frame of `image` takes to decode here: the moving average of the decodes this
    /// cache measured while the image was played, or a conservative estimate before the first
    /// (1 ms plus 25 ns a pixel). Automatic budgets size their window from it.
    public func decodeTime(of image: any AnimatableImage) -> Duration {
        state.withLock { $0.images[ObjectIdentifier(image)]?.decodeTime.value }
            ?? DecodeTimeAverage(pixels: image.canvasSize.area).value
    }

    /// The number of images holding a full-size replay canvas after their last decode, as the
    /// cache counts them (tests, benchmarks).
    package var heldCanvasCount: Int {
        state.withLock { $0.images.values.count(where: \.holdsCanvas) }
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
        reusable.drain()
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

    /// Starts keeping frames of `image` for a client (an animator that loads it), shown at
    /// `displaySize` (`nil`: the image's own size); returns whether the client was new to the image.
    @discardableResult
    func attach(_ clientID: ObjectIdentifier, to image: any AnimatableImage, displaySize: PixelSize? = nil) -> Bool {
        let key = ObjectIdentifier(image)
        let record = ImageRecord(image: image) // reads the image: before the lock
        let (attached, toDecode) = state.withLock { state -> (Bool, [Int]) in
            if state.images[key] == nil { state.images[key] = record }
            guard state.images[key]?.wants[clientID] == nil else { return (false, []) }
            state.images[key]?.wants[clientID] = FrameCacheWant(displaySize: displaySize)
            state.startingClients += 1
            return (true, Self.followWantedSize(of: key, in: &state))
        }
        schedule(toDecode, of: key)
        return attached
    }

    /// Tells the cache that a client shows `image` at `displaySize` now (`nil`: its own size). When
    /// the largest size its clients want changes, its frames are dropped and the wanted ones
    /// decoded again at the new size; returns whether that happened.
    @discardableResult
    func setDisplaySize(_ displaySize: PixelSize?, for clientID: ObjectIdentifier, of image: any AnimatableImage) -> Bool {
        let key = ObjectIdentifier(image)
        let toDecode = state.withLock { state -> [Int]? in
            guard state.images[key]?.wants[clientID] != nil else { return nil }
            state.images[key]?.wants[clientID]?.displaySize = displaySize
            let before = state.images[key]?.frameSize
            let toDecode = Self.followWantedSize(of: key, in: &state)
            return state.images[key]?.frameSize == before ? nil : toDecode
        }
        guard let toDecode else { return false }
        schedule(toDecode, of: key)
        return true
    }

    /// The size frames of `image` are kept at now: the largest its clients show it at.
    func frameSize(of image: any AnimatableImage) -> PixelSize {
        state.withLock { $0.images[ObjectIdentifier(image)]?.frameSize } ?? image.canvasSize
    }

    /// Forgets what a client kept of `image`; an image no client shows any more is dropped with
    /// its frames (released after the lock, like everything the cache lets go of).
    func detach(_ clientID: ObjectIdentifier, from image: any AnimatableImage) {
        let key = ObjectIdentifier(image)
        let (dropped, toDecode) = state.withLock { state -> (ImageRecord?, [Int]) in
            guard var record = state.images[key] else { return (nil, []) }
            if record.wants[clientID]?.starting == true { state.startingClients -= 1 }
            record.wants[clientID] = nil
            guard record.wants.isEmpty else {
                state.images[key] = record
                Self.dropUnwanted(key, in: &state)
                return (nil, Self.followWantedSize(of: key, in: &state))
            }
            for entry in record.frames.values { state.statistics.storedBytes -= entry.bytes }
            state.statistics.retainedBytes -= record.retainedBytes
            state.statistics.storedFrames -= record.frames.values.count { $0.frame != nil }
            state.images[key] = nil
            return (record, [])
        }
        if dropped != nil {
            scheduler.cancel(group: key)
            drainReusableBuffersWhenIdle()
        }
        schedule(toDecode, of: key)
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
            return FrameSnapshot(frames: frames, decodeTime: decodeTime, startingClients: state.startingClients)
        }
        // An image no client shows: its estimate, read from the image after the lock.
        return snapshot ?? FrameSnapshot(frames: [:], decodeTime: DecodeTimeAverage(pixels: image.canvasSize.area).value)
    }

    /// Frame `index` now, at the size the image's frames are kept at: from the cache, or decoded
    /// on the calling thread and kept (it is about to be shown; the next request says whether it
    /// stays).
    /// - Throws: the decoding error (also when an earlier decode failed).
    func decodeNow(_ index: Int, of image: any AnimatableImage) throws(ZoetropeError) -> RGBAImage {
        switch lookUp([index], of: image).frames[index] {
        case .ready(let frame): return frame
        case .failed(let error): throw error
        case .missing, nil: break
        }
        let key = ObjectIdentifier(image)
        let unknownBytes = image.bytesPerFrame // an image no client shows (read before the lock)
        let (size, inFlightBytes, previous) = state.withLock { state -> (PixelSize, Int, RGBAImage?) in
            state.images[key]?.decoding += 1
            let bytes = state.images[key]?.inFlightBytes ?? unknownBytes
            state.statistics.decodingBytes += bytes
            return (state.images[key]?.frameSize ?? image.canvasSize, bytes, state.images[key]?.reducedFrame(before: index))
        }
        let decode = measuredDecode(index, of: image, at: size, after: previous)
        let release = state.withLock { state -> Bool in
            state.statistics.decodes += 1
            state.statistics.decodingBytes -= inFlightBytes
            Self.finishDecoding(decode, of: key, in: &state)
            guard state.images[key]?.frameSize == decode.size else { return false }
            Self.account(decode, of: key, in: &state)
            Self.store(decode.result, at: index, of: key, in: &state, byteLimit: byteLimit)
            return Self.canRelease(key, in: state)
        }
        if release { releaseImageMemory(of: key, image) }
        parkIdleCanvases()
        return try decode.result.get()
    }

    /// Records the frames a client keeps of `image` (`request`, the client's `sequence`-th: an
    /// older request arriving late changes nothing): frames no client wants any more are dropped,
    /// and those missing among the first `decodeCount` are scheduled for decoding in order. A
    /// client keeping every frame of a complete image tells the image to keep nothing for random
    /// access.
    func request(_ request: FrameRequest, sequence: UInt64, by clientID: ObjectIdentifier,
                 of image: any AnimatableImage) {
        let key = ObjectIdentifier(image)
        let now = timeSource()
        let (isComplete, frameCount) = (image.isComplete, image.frameCount) // read before the lock
        let (toDecode, keepsWhole) = state.withLock { state -> ([Int], Bool) in
            guard let want = state.images[key]?.wants[clientID], want.sequence < sequence else { return ([], false) }
            state.images[key]?.isComplete = isComplete
            state.images[key]?.frameCount = frameCount
            let decode = Array(request.keep.prefix(request.decodeCount))
            state.images[key]?.wants[clientID] = FrameCacheWant(frames: request.keep, decode: decode,
                                                                displaySize: want.displaySize, sequence: sequence,
                                                                starting: request.starting)
            if want.starting != request.starting { state.startingClients += request.starting ? 1 : -1 }
            // The same frames as last time (most ticks), and none held besides: none became unwanted.
            if want.frames != request.keep || (state.images[key]?.frames.count ?? 0) > request.keep.count {
                Self.dropUnwanted(key, in: &state)
            }
            let keepsWhole = Self.startKeepingWhole(key, keeping: request.keep.count, in: &state)
            return (Self.claimMissing(decode, of: key, in: &state), keepsWhole)
        }
        if keepsWhole {
            (image as? any RetainsMemory)?.stopKeepingRandomAccess()
            refreshRetainedBytes(of: key, image)
        }
        guard !toDecode.isEmpty else { return } // most ticks: nothing new to decode
        var deadlines: [Int: Duration] = [:]
        for (index, lead) in zip(request.keep, request.leads) where deadlines[index] == nil { deadlines[index] = now + lead }
        schedule(toDecode, of: key, deadlines: deadlines)
    }

    /// Marks the image's record as kept whole when a client keeps all its frames; returns whether
    /// that is new (the image is then told, after the lock).
    private static func startKeepingWhole(_ key: ObjectIdentifier, keeping count: Int, in state: inout State) -> Bool {
        guard let record = state.images[key], !record.keepsWhole, record.isComplete,
              record.frameCount > 1, count >= record.frameCount else { return false }
        state.images[key]?.keepsWhole = true
        return true
    }

    /// The frames among `indices` neither held nor being decoded, marked as being decoded.
    private static func claimMissing(_ indices: [Int], of key: ObjectIdentifier, in state: inout State) -> [Int] {
        guard let record = state.images[key] else { return [] }
        var missing: [Int] = []
        // Held or being decoded, as most are on most ticks; the few missing are checked for repeats.
        for index in indices where record.frames[index] == nil && !record.inFlight.contains(index) && !missing.contains(index) {
            missing.append(index)
        }
        guard !missing.isEmpty else { return [] }
        state.images[key]?.inFlight.formUnion(missing)
        return missing
    }

    /// Brings the frame size of the image's record to the largest its clients want: when it
    /// changes, every frame (of the old size) is dropped and decodes under way are disowned; returns
    /// the frames the clients decode, to decode again at the new size.
    private static func followWantedSize(of key: ObjectIdentifier, in state: inout State) -> [Int] {
        guard let record = state.images[key] else { return [] }
        let wanted = record.wantedFrameSize
        guard wanted != record.frameSize else { return [] }
        for index in Array(record.frames.keys) { remove(index, of: key, in: &state) }
        state.images[key]?.inFlight = []
        state.images[key]?.frameSize = wanted
        return claimMissing(record.wants.values.flatMap(\.decode), of: key, in: &state)
    }

    /// Schedules decoding `indices` of the image, each by its deadline (now when none is given).
    private func schedule(_ indices: [Int], of key: ObjectIdentifier, deadlines: [Int: Duration] = [:]) {
        guard !indices.isEmpty else { return }
        let now = timeSource()
        for index in indices {
            scheduler.schedule(deadline: deadlines[index] ?? now, group: key) { [weak self] in
                self?.decodeInBackground(index, of: key)
            }
        }
    }

    private func decodeInBackground(_ index: Int, of key: ObjectIdentifier) {
        let job = state.withLock { state -> (any AnimatableImage, PixelSize, Int, RGBAImage?)? in
            guard let record = state.images[key] else { return nil }
            guard record.isWanted(index), record.frames[index] == nil, record.inFlight.contains(index) else {
                state.images[key]?.inFlight.remove(index)
                return nil
            }
            state.images[key]?.decoding += 1
            // From the record, not `record.image.bytesPerFrame`: asking the image here, under the
            // cache's lock, made the tmux grid tests time out (27 Nov; the cause not traced).
            state.statistics.decodingBytes += record.inFlightBytes
            return (record.image, record.frameSize, record.inFlightBytes, record.reducedFrame(before: index))
        }
        guard let (image, size, inFlightBytes, previous) = job else { return }
        let decode = measuredDecode(index, of: image, at: size, after: previous)
        let release = state.withLock { state -> Bool in
            state.statistics.decodes += 1
            state.statistics.decodingBytes -= inFlightBytes
            guard let record = state.images[key], record.image === image else { return false }
            Self.finishDecoding(decode, of: key, in: &state)
            Self.account(decode, of: key, in: &state)
            guard record.frameSize == size else { return false } // the size changed meanwhile
            state.images[key]?.inFlight.remove(index)
            if record.isWanted(index) {
                Self.store(decode.result, at: index, of: key, in: &state, byteLimit: byteLimit)
            } else {
                Self.evictLeastRecentlyUsed(sparing: nil, in: &state, byteLimit: byteLimit)
            }
            return Self.canRelease(key, in: state)
        }
        if release { releaseImageMemory(of: key, image) }
        parkIdleCanvases()
    }

    /// With nothing left to decode, lets go of the buffers kept for the next decode
    /// (``ReusableBuffers``): a parked canvas's buffer is kept only while another decode may take it.
    private func drainReusableBuffersWhenIdle() {
        let idle = state.withLock { $0.images.values.allSatisfy { $0.inFlight.isEmpty && $0.decoding == 0 } }
        if idle { reusable.drain() }
    }

    /// Whether the image's own memory can go: a client keeps it whole, every frame is held, and
    /// the image holds some.
    private static func canRelease(_ key: ObjectIdentifier, in state: State) -> Bool {
        guard let record = state.images[key] else { return false }
        return record.keepsWhole && record.retainedBytes > 0 && record.holdsEveryFrame
    }

    /// Tells the image to let go of its own memory (with no lock held), then counts what it holds.
    private func releaseImageMemory(of key: ObjectIdentifier, _ image: any AnimatableImage) {
        (image as? any RetainsMemory)?.releaseRetainedMemory()
        refreshRetainedBytes(of: key, image)
    }

    /// Reads what the image holds (with no lock held) and counts it.
    private func refreshRetainedBytes(of key: ObjectIdentifier, _ image: any AnimatableImage) {
        let retains = image as? any RetainsMemory
        let (bytes, holdsCanvas) = (retains?.retainedBytes ?? 0, retains?.holdsCanvas ?? false)
        state.withLock { state in
            guard let record = state.images[key], record.image === image else { return }
            state.statistics.retainedBytes += bytes - record.retainedBytes
            state.images[key]?.retainedBytes = bytes
            // Unless a decode under way holds it now (its end says what the image holds then).
            if record.decoding == 0 { state.images[key]?.holdsCanvas = holdsCanvas }
        }
    }

    /// One decode, timed, with what the image holds afterwards.
    private struct MeasuredDecode {
        var result: Result<RGBAImage, ZoetropeError>
        /// The size decoded to.
        var size: PixelSize
        var time: Duration
        var retainedBytes: Int
        var holdsCanvas: Bool
    }

    /// Counts a decode of the image as over: it is now the one decoded last.
    private static func finishDecoding(_ decode: MeasuredDecode, of key: ObjectIdentifier, in state: inout State) {
        guard state.images[key] != nil else { return }
        state.useCounter += 1
        let decoding = state.images[key]?.decoding ?? 0
        state.images[key]?.decoding = max(0, decoding - 1)
        state.images[key]?.lastDecode = state.useCounter
        state.images[key]?.holdsCanvas = decode.holdsCanvas
    }

    /// Parks the canvases of the images not being decoded now beyond the ``idleCanvasLimit``
    /// decoded last (with no lock held while they pack), then counts what each holds; with nothing
    /// left to decode, the buffers parked canvases let go are freed.
    private func parkIdleCanvases() {
        let idleLimit = idleCanvasLimit
        let parked = state.withLock { state -> [(ObjectIdentifier, any AnimatableImage)] in
            let idle = state.images.filter { $0.value.holdsCanvas && $0.value.decoding == 0 }
            guard idle.count > idleLimit else { return [] }
            let victims = idle.sorted { $0.value.lastDecode > $1.value.lastDecode }.dropFirst(idleLimit)
            for (key, _) in victims { state.images[key]?.holdsCanvas = false }
            return victims.map { ($0.key, $0.value.image) }
        }
        for (key, image) in parked {
            (image as? any RetainsMemory)?.parkCanvas(into: reusable)
            refreshRetainedBytes(of: key, image)
        }
        drainReusableBuffersWhenIdle()
    }

    /// Decodes frame `index` of `image` with no lock held and reduces it to `size` (area
    /// averaging, alpha-weighted: ``RGBAImage/resized(to:)``), timing both. Given the frame before
    /// it reduced (`previous`), an ``AnimatedImage``'s frame is reduced only where it was drawn
    /// since (``AnimatedImage/changedRect(since:)``): the same pixels, for the work of its rectangle.
    private func measuredDecode(_ index: Int, of image: any AnimatableImage, at size: PixelSize,
                                after previous: RGBAImage? = nil) -> MeasuredDecode {
        (image as? any RetainsMemory)?.prepareToDecode(reusing: reusable)
        let start = timeSource()
        let result = Result { () throws -> RGBAImage in
            let frame = try image.frame(at: index)
            if frame.size == size { return frame }
            if let previous, let changed = (image as? AnimatedImage)?.changedRect(since: index) {
                return frame.resized(to: size, changedIn: changed, over: previous)
            }
            return frame.resized(to: size)
        }.mapError(ZoetropeError.init(decoding:))
        let time = timeSource() - start
        let retains = image as? any RetainsMemory
        return MeasuredDecode(result: result, size: size, time: time, retainedBytes: retains?.retainedBytes ?? 0,
                              holdsCanvas: retains?.holdsCanvas ?? false)
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
        state.images[key]?.frames[index] = FrameCacheEntry(content: result, bytes: bytes, lastUse: state.useCounter)
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
