/// Passes the system's memory warnings (UIKit's `didReceiveMemoryWarningNotification`, for
/// instance) to the frame caches that follow it, through ``SharedFrameCache/handleMemoryPressure()``:
/// every buffer of those caches shrinks to the next frame and grows back after its regrow delay.
///
/// Views make their animator's cache follow ``shared``; a cache is followed once however many
/// views use it, and is forgotten when it goes away.
public final class MemoryWarningRelay: Sendable {
    private struct WeakCache {
        weak var cache: SharedFrameCache?
    }

    /// The relay the platform adapters post the system's warnings to.
    public static let shared = MemoryWarningRelay()

    private let caches = LockedState<[ObjectIdentifier: WeakCache]>([:])

    /// Creates a relay that no cache follows yet.
    public init() {}

    /// Makes `cache` receive every warning from now on (held weakly; following twice is once).
    public func follow(_ cache: SharedFrameCache) {
        // The caches still alive are returned from the lock, so that none is released under it.
        _ = caches.withLock { caches -> [SharedFrameCache] in
            let live = caches.values.compactMap(\.cache)
            caches = Dictionary((live + [cache]).map { (ObjectIdentifier($0), WeakCache(cache: $0)) }) { first, _ in first }
            return live
        }
    }

    /// The caches following this relay that still exist.
    public var followers: [SharedFrameCache] {
        caches.withLock { $0 }.values.compactMap(\.cache)
    }

    /// Tells every following cache to shrink its buffers.
    public func memoryWarningReceived() {
        for cache in followers { cache.handleMemoryPressure() }
    }
}
