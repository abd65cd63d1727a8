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
///
/// ## The lock order
///
/// **A thread holds at most one `LockedState` at a time.** Code computes under a lock and calls
/// out — to another object with a lock of its own, an image's `frame(at:)` or `duration(at:)`, the
/// decode scheduler, a clock, a view, an observer, a terminal writer — only after releasing it. So
/// no two locks are ever ordered, and no cycle (no deadlock) can form among them:
///
/// - `Animator` (its playback state) and `SharedFrameCache` (the frames of all images): the
///   animator asks the cache for frames between two holds of its own lock and carries out what it
///   decided (requests, decoding a jump's frame, events) after releasing it; the cache decodes,
///   schedules and tells animators of memory pressure after releasing its own.
/// - `AnimatedImage` and `ProgressiveImage` (what an image has learned, the bytes arrived): they
///   decode and parse with no lock held.
/// - Clocks (`TimerClock`, `TickSourceClock`, `ManualClock`, `SharedAnimationClock`) deliver ticks
///   after releasing theirs; `ViewPlayback`, `ApplicationActivity`, `MemoryWarningRelay`,
///   `AnimationSurface`, `SurfaceAttachment` and `PosterCache` call the animators and attachments
///   they hold after releasing theirs.
/// - The terminal players queue the bytes they draw under their lock and write them after it
///   (`Outbox`); `TerminalSession` writes under its own, calling nothing else.
///
/// Deliberate nestings: none. Objects released while a lock is held must not take one in their
/// `deinit`: what a lock lets go of (a record holding an image, an observer's handler, a list of
/// weakly held objects) is returned from the locked closure and released after it.
///
/// ``LockOrder`` checks the rule in debug builds (and with `ZOETROPE_CHECK_LOCK_ORDER=1`): taking a
/// `LockedState` while the thread holds another stops the program, naming both.
@safe package final class LockedState<Value>: @unchecked Sendable, LockSite {
    // @unchecked: `value` is only touched between lock and unlock of `mutex`.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value
    /// Where the lock was made, for the lock-order check's messages.
    private let file: StaticString
    private let line: UInt

    package init(_ value: Value, file: StaticString = #fileID, line: UInt = #line) {
        self.file = file
        self.line = line
        self.value = value
        unsafe mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        unsafe mutex.initialize(to: pthread_mutex_t())
        unsafe pthread_mutex_init(mutex, nil)
    }

    /// `file:line` of the code that made the lock.
    var site: String { "\(file):\(line)" }

    deinit {
        unsafe pthread_mutex_destroy(mutex)
        unsafe mutex.deinitialize(count: 1)
        unsafe mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock. `body` must not take this lock again, nor any
    /// other `LockedState` (see the lock order above).
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        let checking = LockOrder.isChecking
        if checking { LockOrder.willAcquire(self) }
        unsafe pthread_mutex_lock(mutex)
        defer {
            unsafe pthread_mutex_unlock(mutex)
            if checking { LockOrder.didRelease(self) }
        }
        return try body(&value)
    }
}
