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
        Self.slot[0] = 0   // creates the slot before any handler can run
        installHandlers()
        guard path.count < Self.capacity else { return }
        // Written back to front, so the path is whole by the time its first byte is set.
        for (index, byte) in path.enumerated().reversed() { Self.slot[index] = CChar(bitPattern: byte) }
        Self.slot[path.count] = 0
    }

    /// Forgets `path` (it was renamed into place or removed).
    func unregister(_ path: [UInt8]) {
        Self.slot[0] = 0
    }

    /// Handles SIGINT, SIGTERM and SIGHUP, except those the parent set to be ignored (`nohup`,
    /// background jobs), which stay ignored.
    private func installHandlers() {
        guard !handlersInstalled else { return }
        handlersInstalled = true
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            var current = sigaction()
            guard sigaction(signalNumber, nil, &current) == 0, !Self.isIgnored(current) else { continue }
            var action = sigaction()
            Self.setHandler(&action) { number in
                if TemporaryFiles.slot[0] != 0 { unlink(TemporaryFiles.slot) }
                signal(number, SIG_DFL)
                raise(number)
            }
            sigemptyset(&action.sa_mask)
            sigaction(signalNumber, &action, nil)
        }
    }

    private static func isIgnored(_ action: sigaction) -> Bool {
        #if canImport(Darwin)
        return unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
        #else
        return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
        #endif
    }

    private static func setHandler(_ action: inout sigaction, _ handler: @convention(c) (Int32) -> Void) {
        #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = handler
        #else
        action.__sigaction_handler.sa_handler = handler
        #endif
    }
}
