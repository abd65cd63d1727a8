#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Removes the unfinished output file when the process is ended by a signal, so that no signal
/// leaves a stray `.NAME.zoetrope-XXXXXX` behind and the old output stays as it was.
///
/// Every signal whose default action ends the process and that can be caught is handled (see
/// ``TerminatingSignals``): the handler removes the temporary file, then the signal does what it
/// would have done: a signal someone sent (SIGINT, SIGTERM, SIGQUIT, SIGUSR1, SIGALRM, SIGPIPE, …)
/// ends the process by its default action, quietly (SIGQUIT gives no crash report); a crash
/// (SIGSEGV, SIGILL from a failed check, …) goes on to the handler that was there before, the
/// Swift runtime's crash report. SIGXFSZ is ignored, so that a write beyond `ulimit -f` fails
/// with "File too large" and is reported like any failed write.
///
/// The command writes one temporary file at a time, so one slot is enough. Its path lives in a
/// fixed buffer allocated before any handler is installed, because a signal handler may only call
/// async-signal-safe functions (`unlink`, `sigaction`, `raise`) and must not allocate.
final class TemporaryFiles: @unchecked Sendable {
    static let shared = TemporaryFiles()

    private static let capacity = 4096
    /// The registered path, NUL-terminated; empty (a leading NUL) when none.
    nonisolated(unsafe) private static let slot: UnsafeMutablePointer<CChar> = {
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: capacity)
        unsafe buffer.initialize(repeating: 0, count: capacity)
        return unsafe buffer
    }()
    /// The actions that were in place before, by signal number, for crashes to go on to.
    nonisolated(unsafe) private static let previous: UnsafeMutablePointer<sigaction> = {
        let buffer = UnsafeMutablePointer<sigaction>.allocate(capacity: TerminatingSignals.limit)
        unsafe buffer.initialize(repeating: sigaction(), count: TerminatingSignals.limit)
        return unsafe buffer
    }()
    private var handlersInstalled = false

    /// Handles every terminating signal from now on (idempotent). The subcommands that write files
    /// call it before they start, so that a signal is handled the same way at any moment.
    func installHandlers() {
        guard !handlersInstalled else { return }
        handlersInstalled = true
        // Creates both buffers before any handler can run.
        unsafe Self.slot[0] = 0
        _ = unsafe Self.previous
        signal(SIGXFSZ, SIG_IGN)
        for number in TerminatingSignals.all {
            var current = sigaction()
            // Signals the parent set to be ignored (`nohup`, background jobs) stay ignored.
            guard unsafe sigaction(number, nil, &current) == 0, !Self.isIgnored(current) else { continue }
            unsafe Self.previous[Int(number)] = current
            var action = sigaction()
            unsafe Self.setHandler(&action, Self.handle)
            unsafe sigfillset(&action.sa_mask)
            action.sa_flags = SA_SIGINFO
            unsafe sigaction(number, &action, nil)
        }
    }

    /// Remembers `path` for removal on a signal (paths too long for the slot are not tracked).
    func register(_ path: [UInt8]) {
        installHandlers()
        guard path.count < Self.capacity else { return }
        // Written back to front, so the path is whole by the time its first byte is set.
        for (index, byte) in path.enumerated().reversed() { unsafe Self.slot[index] = CChar(bitPattern: byte) }
        unsafe Self.slot[path.count] = 0
    }

    /// Forgets `path` (it was renamed into place or removed).
    func unregister(_ path: [UInt8]) {
        unsafe Self.slot[0] = 0
    }

    /// Runs `body` with every handled signal blocked, so that a step and its bookkeeping (creating
    /// the temporary file and registering it, renaming it and forgetting it) happen as one.
    func withSignalsBlocked<Result>(_ body: () throws -> Result) rethrows -> Result {
        var all = sigset_t(), old = sigset_t()
        unsafe sigfillset(&all)
        unsafe pthread_sigmask(SIG_BLOCK, &all, &old)
        defer { unsafe pthread_sigmask(SIG_SETMASK, &old, nil) }
        return try body()
    }

    /// The handler: removes the temporary file, puts back what was there before and lets the
    /// signal act. A fault the kernel raised (a crash) happens again when the handler returns,
    /// now reaching the previous handler; a signal a process sent is raised again.
    private static let handle: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void = {
        number, info, _ in
        if unsafe TemporaryFiles.slot[0] != 0 { unsafe unlink(TemporaryFiles.slot) }
        unsafe TemporaryFiles.slot[0] = 0
        let sent = unsafe (info?.pointee.si_code ?? 0) <= 0   // SI_USER, SI_QUEUE, SI_TKILL: from kill or raise
        if TerminatingSignals.crashes.contains(number) && !sent {
            unsafe sigaction(number, &TemporaryFiles.previous[Int(number)], nil)
            return
        }
        // Pending until the handler returns, then the default action: the process ends.
        signal(number, SIG_DFL)
        raise(number)
    }

    private static func isIgnored(_ action: sigaction) -> Bool {
        #if canImport(Darwin)
        return unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
        #else
        return unsafe unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
        #endif
    }

    private static func setHandler(
        _ action: inout sigaction,
        _ handler: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void
    ) {
        #if canImport(Darwin)
        action.__sigaction_u.__sa_sigaction = handler
        #else
        unsafe action.__sigaction_handler.sa_sigaction = handler
        #endif
    }
}

/// The signals whose default action ends the process and which a handler can catch (SIGKILL and
/// SIGSTOP cannot be caught; SIGXFSZ is ignored instead, see ``TemporaryFiles``).
enum TerminatingSignals {
    /// Faults the kernel raises for a crash; after cleaning up, they go on to the previous handler.
    static let crashes: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT, SIGSYS]

    /// Every terminating signal, crashes included.
    static var all: [Int32] {
        var numbers: [Int32] = [SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGPIPE, SIGALRM, SIGVTALRM,
                                SIGPROF, SIGXCPU] + crashes
        #if canImport(Darwin)
        numbers.append(SIGEMT)
        #else
        numbers += [SIGIO, SIGPWR, SIGSTKFLT]
        numbers += Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
        #endif
        return numbers.filter { $0 > 0 && Int($0) < limit }
    }

    /// One more than the highest signal number.
    static let limit = 65
}
