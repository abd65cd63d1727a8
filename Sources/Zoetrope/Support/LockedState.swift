#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Bionic)
import Bionic
#elseif canImport(Darwin)
import Darwin
#endif

/// A value guarded by a pthread mutex: the lock of the image, playback and terminal layers.
///
/// Why not `Synchronization.Mutex`: on Linux its contended path hands the lock over inside the
/// kernel (a priority-inheritance futex) in code Thread Sanitizer does not see, so TSan reports
/// races between accesses that the lock does order. TSan understands pthread mutexes, so the
/// concurrency tests can run under `--sanitize=thread` and report only real races.
package final class LockedState<Value>: @unchecked Sendable {
    // @unchecked: `value` is only touched between lock and unlock of `mutex`.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    package init(_ value: Value) {
        self.value = value
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock. `body` must not take the same lock again.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
