#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Zoetrope

/// A full-screen terminal session: raw input, the alternate screen and a hidden cursor, and the
/// guarantee that the terminal is given back on every way out — ``restore()``, `exit()` (an
/// `atexit` handler), SIGINT, SIGTERM, SIGHUP and SIGQUIT (restore, then exit with 128 + signal).
/// A signal ends the program even when the terminal is not being read (a stalled ssh session,
/// where writes block): the input settings are restored at once, and the screen is given at most
/// a second to take the closing sequences.
///
/// Only one session is active at a time.
public final class TerminalSession: Sendable {
    /// The descriptor keys are read from.
    public let input: Int32
    /// The descriptor frames are written to.
    public let output: Int32

    private struct Active: Sendable {
        var input: Int32
        var output: Int32
        var savedInput: termios?
        var extraCleanup: [UInt8]
    }

    /// The active session's restoration data, reachable from `atexit` and signal handlers. Held
    /// while bytes are written, so that nothing is written after the terminal was given back.
    private static let active = LockedState<Active?>(nil)
    /// The active session's input settings, apart from ``active`` (which a write blocked on a
    /// terminal that is not being read may hold): a signal restores them without waiting.
    private static let savedInput = LockedState<SavedInput?>(nil)
    private static let exitHandlerInstalled = LockedState(false)
    private let signalSources = LockedState<[DispatchSourceBox]>([])
    private let hasBegun = LockedState(false)

    /// Signals that end the program; the session restores the terminal first.
    public static let terminatingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// Creates a session on `input` and `output` (standard input and output by default). Nothing
    /// changes until ``begin(cleanup:)``.
    public init(input: Int32 = 0, output: Int32 = 1) {
        self.input = input
        self.output = output
    }

    /// Enters the session: raw mode (when input is a terminal), the alternate screen, hidden
    /// cursor, and the exit and signal handlers. `cleanup` is written before the terminal is
    /// restored (images a renderer leaves in the terminal).
    public func begin(cleanup: [UInt8] = []) {
        let saved = TerminalDevice.isTerminal(input) ? TerminalDevice.attributes(input) : nil
        Self.active.withLock {
            $0 = Active(input: input, output: output, savedInput: saved, extraCleanup: cleanup)
        }
        Self.savedInput.withLock { $0 = saved.map { SavedInput(descriptor: input, settings: $0) } }
        hasBegun.withLock { $0 = true }
        Self.exitHandlerInstalled.withLock { installed in
            guard !installed else { return }
            installed = true
            atexit { TerminalSession.restoreActive() }
        }
        installSignalHandlers()
        if let saved { TerminalDevice.setAttributes(TerminalDevice.makeRaw(saved), input) }
        TerminalDevice.writeAll(TerminalSequences.enter, to: output)
    }

    /// Gives the terminal back: cleanup bytes, attributes reset, cursor shown, alternate screen
    /// left, input settings restored. Safe to call more than once.
    public func restore() {
        Self.restoreActive()
        signalSources.withLock { sources in
            for box in sources { box.source.cancel() }
            sources.removeAll()
        }
        for number in Self.terminatingSignals { setSignal(number, toDefault: true) }
    }

    /// Writes `bytes` to the output whole: never interleaved with the restoring sequences, and
    /// dropped once the terminal has been given back (a frame drawn after a signal must not land
    /// on the main screen).
    public func write(_ bytes: [UInt8]) {
        let begun = hasBegun.withLock { $0 } // one lock at a time
        Self.active.withLock { state in
            if state == nil && begun { return }
            TerminalDevice.writeAll(bytes, to: output)
        }
    }

    /// Restores the active session, if any; does nothing the second time.
    static func restoreActive() {
        savedInput.withLock { $0 = nil }
        active.withLock { state in
            guard let session = state else { return }
            state = nil
            TerminalDevice.writeAll(session.extraCleanup + TerminalSequences.leave, to: session.output)
            if let saved = session.savedInput { TerminalDevice.setAttributes(saved, session.input) }
        }
    }

    /// Restores the terminal for a terminating signal without hanging when it is not being read:
    /// the input settings at once (without waiting for output to drain), then the screen on
    /// another thread, given at most `patience` (a blocked write may hold the output).
    static func restoreForSignal(patience: DispatchTimeInterval = .seconds(1)) {
        if let saved = savedInput.withLock({ $0 }) {
            TerminalDevice.setAttributes(saved.settings, saved.descriptor, waitingForOutput: false)
        }
        let restored = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            restoreActive()
            restored.signal()
        }
        _ = restored.wait(timeout: .now() + patience)
    }

    private func installSignalHandlers() {
        var sources = [DispatchSourceBox]()
        for number in Self.terminatingSignals {
            setSignal(number, toDefault: false) // ignore, so the dispatch source sees it
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                TerminalSession.restoreForSignal()
                _exit(128 + number)
            }
            source.resume()
            sources.append(DispatchSourceBox(source))
        }
        signalSources.withLock { $0 = sources }
    }
}

/// The input settings a session changed, and where.
private struct SavedInput: Sendable {
    var descriptor: Int32
    var settings: termios
}

/// Sets `signal` to its default action or to ignored.
private func setSignal(_ number: Int32, toDefault useDefault: Bool) {
    _ = signal(number, useDefault ? SIG_DFL : SIG_IGN)
}

/// Watches for terminal resizes (SIGWINCH).
public final class ResizeWatcher: Sendable {
    private let box: DispatchSourceBox

    /// Calls `onResize` on `queue` each time the window changes size, until ``cancel()``.
    public init(queue: DispatchQueue, _ onResize: @escaping @Sendable () -> Void) {
        setSignal(SIGWINCH, toDefault: false)
        let source = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: queue)
        source.setEventHandler(handler: onResize)
        source.resume()
        box = DispatchSourceBox(source)
    }

    /// Stops watching.
    public func cancel() {
        box.source.cancel()
        setSignal(SIGWINCH, toDefault: true)
    }
}

/// Reads keys from a terminal on a background queue.
public final class KeyReader: Sendable {
    private let box: DispatchSourceBox

    /// Delivers each key read from `descriptor` to `onKey` on `queue`, until ``cancel()`` or the
    /// end of input.
    public init(descriptor: Int32 = 0, queue: DispatchQueue, _ onKey: @escaping @Sendable (PlayerKey) -> Void) {
        let box = DispatchSourceBox(DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue))
        self.box = box
        let decoder = LockedState(KeyDecoder())
        box.source.setEventHandler {
            let bytes = TerminalDevice.readAvailable(descriptor)
            if bytes.isEmpty {
                box.source.cancel() // end of input: a read source would fire forever
                return
            }
            for key in decoder.withLock({ $0.decode(bytes) }) { onKey(key) }
        }
        box.source.resume()
    }

    /// Stops reading.
    public func cancel() {
        box.source.cancel()
    }
}

/// Holds a dispatch source across threads. Dispatch sources are thread-safe objects; Dispatch on
/// Linux just does not declare them `Sendable`.
final class DispatchSourceBox: @unchecked Sendable {
    let source: any DispatchSourceProtocol

    init(_ source: any DispatchSourceProtocol) {
        self.source = source
    }
}
