#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Under AddressSanitizer or ThreadSanitizer resident memory means nothing (shadow memory,
/// quarantine), but the sanitizer's allocator can report every allocation: this counts the live heap
/// bytes through `__sanitizer_install_malloc_and_free_hooks` and keeps their peak, so the Limits tests
/// still check a memory budget in sanitized builds. The functions are looked up with `dlsym`, so the
/// probe also builds and runs without a sanitizer (then ``install()`` returns false).
enum SanitizerHeapPeak {
    typealias MallocHook = @convention(c) (UnsafeRawPointer?, Int) -> Void
    typealias FreeHook = @convention(c) (UnsafeRawPointer?) -> Void
    typealias Install = @convention(c) (MallocHook?, FreeHook?) -> Int32
    typealias AllocatedSize = @convention(c) (UnsafeRawPointer?) -> Int

    static let live = Atomic<Int>(0)
    static let peak = Atomic<Int>(0)
    static let allocatedSize: AllocatedSize? = symbol("__sanitizer_get_allocated_size", as: AllocatedSize.self)

    private static func symbol<T>(_ name: String, as type: T.Type) -> T? {
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(address, to: type)
    }

    /// Starts counting; false when no sanitizer allocator is present.
    static func install() -> Bool {
        guard allocatedSize != nil, let install = symbol("__sanitizer_install_malloc_and_free_hooks", as: Install.self) else {
            return false
        }
        let onMalloc: MallocHook = { _, size in
            let now = SanitizerHeapPeak.live.add(size, ordering: .relaxed).newValue
            var seen = SanitizerHeapPeak.peak.load(ordering: .relaxed)
            while now > seen {
                let (exchanged, current) = SanitizerHeapPeak.peak.compareExchange(expected: seen, desired: now, ordering: .relaxed)
                if exchanged { break }
                seen = current
            }
        }
        let onFree: FreeHook = { pointer in
            guard let pointer, let size = SanitizerHeapPeak.allocatedSize?(pointer) else { return }
            SanitizerHeapPeak.live.subtract(size, ordering: .relaxed)
        }
        return install(onMalloc, onFree) != 0
    }

    /// Makes the current live size the new baseline for ``growthSinceReset``.
    static func reset() -> Int {
        let now = live.load(ordering: .relaxed)
        peak.store(now, ordering: .relaxed)
        return now
    }

    /// The highest live heap size since ``reset()``, above the baseline it returned.
    static func growth(since baseline: Int) -> Int { peak.load(ordering: .relaxed) - baseline }
}
