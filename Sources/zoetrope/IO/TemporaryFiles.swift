#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Removes the unfinished output file when the process is interrupted (SIGINT, SIGTERM, SIGHUP),
/// then dies of the same signal, so that Ctrl-C during `convert` leaves no stray file.
///
/// The command writes one temporary file at a time, so one slot is enough. Its path lives in a
/// fixed buffer allocated up front, because a signal handler may only call async-signal-safe
/// functions (`unlink`, `signal`, `raise`) and must not allocate.
final class TemporaryFiles: @unchecked Sendable {
    static let shared = TemporaryFiles()

    private static let capacity = 4096
    /// The registered path, NUL-terminated; empty (a leading NUL) when none.
    nonisolated(unsafe) private static let slot: UnsafeMutablePointer<CChar> = {
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: capacity)
        buffer.initialize(repeating: 0, count: capacity)
        return buffer
    }()
    private var handlersInstalled = false

    /// Remembers `path` for removal on a signal (paths too long for the slot are not tracked).
    func register(_ path: [UInt8]) {
        installHandlers()
        guard path.count < Self.capacity else { return }
        Self.slot[0] = 0
        for (index, byte) in path.enumerated().reversed() { Self.slot[index] = CChar(bitPattern: byte) }
        Self.slot[path.count] = 0
    }

    /// Forgets `path` (it was renamed into place or removed).
    func unregister(_ path: [UInt8]) {
        Self.slot[0] = 0
    }

    private func installHandlers() {
        guard !handlersInstalled else { return }
        handlersInstalled = true
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber) { number in
                if TemporaryFiles.slot[0] != 0 { unlink(TemporaryFiles.slot) }
                signal(number, SIG_DFL)
                raise(number)
            }
        }
    }
}
