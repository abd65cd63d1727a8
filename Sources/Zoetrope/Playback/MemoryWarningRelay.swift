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
        caches.withLock { caches in
            caches = caches.filter { $0.value.cache != nil }
            caches[ObjectIdentifier(cache)] = WeakCache(cache: cache)
        }
    }

    /// The caches following this relay that still exist.
    public var followers: [SharedFrameCache] {
        caches.withLock { $0.values.compactMap(\.cache) }
    }

    /// Tells every following cache to shrink its buffers.
    public func memoryWarningReceived() {
        for cache in followers { cache.handleMemoryPressure() }
    }
}
