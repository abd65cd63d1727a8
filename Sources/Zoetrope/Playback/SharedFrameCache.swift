#if canImport(Darwin)
import Dispatch
#endif

/// What a cache has for one frame.
enum FrameLookup: Sendable {
    /// Decoded and kept.
    case ready(RGBAImage)
    /// Decoding failed; playback shows the previous frame for its time.
    case failed
    /// Not decoded (yet).
    case missing
}

/// The decoded frames of every image being played, under one process-wide byte limit.
///
/// Frames are keyed by image identity, so every ``FrameBuffer`` (and so every ``Animator`` and
/// view) showing the same image shares its decoded frames: each frame is decoded once, not once
/// per view. A frame is kept while some buffer wants it; when the limit is reached the least
/// recently used frames are evicted, across all images. Decoding runs on the cache's
/// ``DecodeScheduler``.
public final class SharedFrameCache: Sendable {
    /// The cache every animator uses unless given another: an automatic process-wide limit,
    /// decoding on a background queue. On Apple platforms it also follows the system's memory
    /// pressure notifications.
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
    }

    private struct Entry {
        var frame: RGBAImage?
        var bytes: Int
        var lastUse: UInt64
    }

    private struct ImageRecord {
        /// Kept strongly so that the identifier keying this record stays this image's.
        let image: any AnimatableImage
        var frames: [Int: Entry] = [:]
        var inFlight = Set<Int>()
        var wants: [ObjectIdentifier: [Int]] = [:]

        func isWanted(_ index: Int) -> Bool { wants.values.contains { $0.contains(index) } }
    }

    private struct WeakBuffer {
        weak var buffer: FrameBuffer?
    }

    private struct State {
        var images: [ObjectIdentifier: ImageRecord] = [:]
        var buffers: [ObjectIdentifier: WeakBuffer] = [:]
        var statistics = Statistics()
        var useCounter: UInt64 = 0
        #if canImport(Darwin)
        var pressureSource: (any DispatchSourceMemoryPressure)?
        #endif
    }

    /// The most bytes of decoded frames kept at once, over all images (at least one frame is kept
    /// for each buffer that needs one, whatever the limit).
    public let byteLimit: Int
    /// Where background decoding runs.
    public let scheduler: any DecodeScheduler
    private let state = LockedState(State())

    /// Creates a cache.
    /// - Parameters:
    ///   - byteLimit: the process-wide limit; by default ``SystemMemory/automaticBudget`` of the
    ///     current system.
    ///   - scheduler: where decoding runs; by default a background Dispatch queue.
    public init(byteLimit: Int? = nil, scheduler: any DecodeScheduler = DispatchDecodeScheduler()) {
        self.byteLimit = max(byteLimit ?? SystemMemory.current().automaticBudget, 0)
        self.scheduler = scheduler
    }

    /// The cache's counters now.
    public var statistics: Statistics { state.withLock { $0.statistics } }

    /// The number of decoded frames of `image` held now.
    public func storedFrameCount(of image: any AnimatableImage) -> Int {
        state.withLock { state in
            state.images[ObjectIdentifier(image)]?.frames.values.count { $0.frame != nil } ?? 0
        }
    }

    /// Tells every buffer using this cache to shrink to the next frame; they grow back after
    /// their regrow delay.
    public func handleMemoryPressure() {
        let buffers = state.withLock { $0.buffers.values.compactMap(\.buffer) }
        for buffer in buffers { buffer.handleMemoryPressure() }
    }

    /// Follows the platform's memory-pressure notifications, where there are any (Apple platforms).
    public func followSystemMemoryPressure() {
        #if canImport(Darwin)
        state.withLock { state in
            // Made and kept under the lock: dispatch sources are not Sendable.
            state.pressureSource?.cancel()
            let source = DispatchSource.makeMemoryPressureSource(eventMask: [.warning, .critical], queue: .global())
            source.setEventHandler { [weak self] in self?.handleMemoryPressure() }
            state.pressureSource = source
            source.resume()
        }
        #endif
    }

    // MARK: Buffers

    func attach(_ buffer: FrameBuffer) {
        let key = ObjectIdentifier(buffer.image)
        state.withLock { state in
            state.buffers[ObjectIdentifier(buffer)] = WeakBuffer(buffer: buffer)
            if state.images[key] == nil { state.images[key] = ImageRecord(image: buffer.image) }
            state.images[key]?.wants[ObjectIdentifier(buffer)] = []
        }
    }

    /// Forgets a buffer; an image no buffer shows any more is dropped with its frames.
    func detach(bufferID: ObjectIdentifier, image imageKey: ObjectIdentifier) {
        state.withLock { state in
            state.buffers[bufferID] = nil
            guard var record = state.images[imageKey] else { return }
            record.wants[bufferID] = nil
            if record.wants.isEmpty {
                for entry in record.frames.values { state.statistics.storedBytes -= entry.bytes }
                state.statistics.storedFrames -= record.frames.values.count { $0.frame != nil }
                state.images[imageKey] = nil
            } else {
                state.images[imageKey] = record
                Self.dropUnwanted(imageKey, in: &state)
            }
        }
    }

    // MARK: Frames

    func lookup(_ index: Int, of image: any AnimatableImage) -> FrameLookup {
        state.withLock { state in
            let key = ObjectIdentifier(image)
            guard let entry = state.images[key]?.frames[index] else { return .missing }
            state.useCounter += 1
            state.images[key]?.frames[index]?.lastUse = state.useCounter
            return entry.frame.map(FrameLookup.ready) ?? .failed
        }
    }

    /// Frame `index` now: from the cache, or decoded on the calling thread and kept (it is about
    /// to be shown; the next fetch says whether it stays).
    func decodeNow(_ index: Int, of image: any AnimatableImage) throws -> RGBAImage {
        if case .ready(let frame) = lookup(index, of: image) { return frame }
        let result = Result { try image.frame(at: index) }
        state.withLock { state in
            state.statistics.decodes += 1
            let key = ObjectIdentifier(image)
            if state.images[key] != nil {
                Self.store(result, at: index, of: key, in: &state, byteLimit: byteLimit)
            }
        }
        return try result.get()
    }

    /// Records the frames a buffer keeps, nearest first: frames no buffer wants any more are
    /// dropped, and those missing among the first `decodeCount` are scheduled for decoding in order.
    func want(_ indices: [Int], decoding decodeCount: Int, by bufferID: ObjectIdentifier,
              of image: any AnimatableImage) {
        let key = ObjectIdentifier(image)
        let toDecode = state.withLock { state -> [Int] in
            guard state.images[key] != nil else { return [] }
            state.images[key]?.wants[bufferID] = indices
            Self.dropUnwanted(key, in: &state)
            guard var record = state.images[key] else { return [] }
            let missing = indices.prefix(decodeCount).filter { record.frames[$0] == nil && !record.inFlight.contains($0) }
            record.inFlight.formUnion(missing)
            state.images[key] = record
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
        let result = Result { try image.frame(at: index) }
        state.withLock { state in
            state.statistics.decodes += 1
            guard let record = state.images[key], record.image === image else { return }
            state.images[key]?.inFlight.remove(index)
            if record.isWanted(index) {
                Self.store(result, at: index, of: key, in: &state, byteLimit: byteLimit)
            }
        }
    }

    private static func store(_ result: Result<RGBAImage, any Error>, at index: Int,
                              of key: ObjectIdentifier, in state: inout State, byteLimit: Int) {
        guard state.images[key]?.frames[index] == nil else { return }
        let frame = try? result.get()
        let bytes = frame?.pixels.count ?? 0
        state.useCounter += 1
        state.images[key]?.frames[index] = Entry(frame: frame, bytes: bytes, lastUse: state.useCounter)
        state.statistics.storedBytes += bytes
        if frame != nil { state.statistics.storedFrames += 1 }
        evictLeastRecentlyUsed(sparing: (key, index), in: &state, byteLimit: byteLimit)
        state.statistics.peakBytes = max(state.statistics.peakBytes, state.statistics.storedBytes)
        state.statistics.peakFrames = max(state.statistics.peakFrames, state.statistics.storedFrames)
    }

    /// Evicts the least recently used frames until the cache fits its limit, sparing the frame
    /// just stored.
    private static func evictLeastRecentlyUsed(sparing spared: (ObjectIdentifier, Int),
                                               in state: inout State, byteLimit: Int) {
        while state.statistics.storedBytes > byteLimit {
            var oldest: (key: ObjectIdentifier, index: Int, use: UInt64)?
            for (key, record) in state.images {
                for (index, entry) in record.frames where entry.bytes > 0 {
                    if key == spared.0 && index == spared.1 { continue }
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
        let wanted = Set(record.wants.values.joined())
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
