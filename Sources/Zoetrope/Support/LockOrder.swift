#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Bionic)
import Bionic
#elseif canImport(Darwin)
import Darwin
#endif

/// The check of the lock order written beside ``LockedState``: a thread never takes a
/// `LockedState` while it holds another.
///
/// It runs in debug builds (so in `swift test`, under Thread Sanitizer too) and in any build run
/// with `ZOETROPE_CHECK_LOCK_ORDER=1`. Each thread remembers, in a thread-local slot, the lock it
/// holds; taking a second one stops the program with a message naming where both locks were made
/// (inside ``violations(during:)`` the message is recorded instead, for tests of the check).
package enum LockOrder {
    /// Whether acquisitions are checked.
    package static var isChecking: Bool { checking }

    /// Runs `body` on this thread, recording the violations it commits instead of stopping the
    /// program; returns them. Only this thread's acquisitions are recorded.
    package static func violations(during body: () throws -> Void) rethrows -> [String] {
        guard let recorderKey = slots?.recorder else {
            try body()
            return []
        }
        let recorder = ViolationRecorder()
        let previous = unsafe pthread_getspecific(recorderKey)
        unsafe pthread_setspecific(recorderKey, Unmanaged.passRetained(recorder).toOpaque())
        defer {
            unsafe pthread_setspecific(recorderKey, previous)
            unsafe Unmanaged.passUnretained(recorder).release()
        }
        try body()
        return recorder.messages
    }

    /// Called before `lock` is taken: reports a violation when this thread holds another lock,
    /// else remembers `lock` as held.
    static func willAcquire(_ lock: some LockSite) {
        guard let heldKey = slots?.held else { return }
        let held = unsafe pthread_getspecific(heldKey)
        guard let held = unsafe held else {
            unsafe pthread_setspecific(heldKey, Unmanaged.passUnretained(lock).toOpaque())
            return
        }
        let outer = unsafe Unmanaged<AnyObject>.fromOpaque(held).takeUnretainedValue() as? any LockSite
        report("a LockedState made at \(lock.site) was taken while this thread holds the one made at "
               + "\(outer?.site ?? "an unknown place") (see the lock order beside LockedState)")
    }

    /// Called after `lock` was released.
    static func didRelease(_ lock: some LockSite) {
        // A lock taken in violation (while recording) is not the one remembered.
        guard let heldKey = slots?.held, unsafe pthread_getspecific(heldKey) == Unmanaged.passUnretained(lock).toOpaque() else { return }
        pthread_setspecific(heldKey, nil)
    }

    private static func report(_ message: String) {
        if let recorderKey = slots?.recorder, let recorder = unsafe pthread_getspecific(recorderKey) {
            unsafe Unmanaged<ViolationRecorder>.fromOpaque(recorder).takeUnretainedValue().messages.append(message)
            return
        }
        // Only where the check runs (debug builds, or ZOETROPE_CHECK_LOCK_ORDER=1), and only for a
        // nesting written in the code: which locks a path takes does not depend on input bytes.
        fatalError("Zoetrope lock order: \(message)")
    }
}

/// Where a lock was made, for the check's messages.
protocol LockSite: AnyObject {
    var site: String { get }
}

/// The messages of ``LockOrder/violations(during:)``; touched only by the thread that made it.
private final class ViolationRecorder {
    var messages: [String] = []
}

private let checking: Bool = {
    #if DEBUG
    return true
    #else
    guard let value = unsafe getenv("ZOETROPE_CHECK_LOCK_ORDER") else { return false }
    return unsafe String(cString: value) == "1"
    #endif
}()

/// The thread-local slots holding the lock the thread holds (unretained; the lock outlives its
/// hold) and the recorder of ``LockOrder/violations(during:)``, if any; `nil` when the system has
/// no slot to give, and then nothing is checked (the check is a debugging aid, never a reason to
/// stop).
private let slots: (held: pthread_key_t, recorder: pthread_key_t)? = {
    var held = pthread_key_t(), recorder = pthread_key_t()
    guard unsafe pthread_key_create(&held, nil) == 0 else { return nil }
    guard unsafe pthread_key_create(&recorder, nil) == 0 else { return nil }
    return (held, recorder)
}()
