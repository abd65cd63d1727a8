#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import ZoetropeTerminal

/// What ``FullScreenSession`` runs: a single animation's ``TerminalPlayer`` or a
/// ``TerminalGridPlayer`` of several.
protocol TerminalPlayback: AnyObject, Sendable {
    /// How frames are drawn (its cleanup runs when the session ends).
    var renderer: any TerminalRenderer { get }
    /// Shows the first frames and starts playing.
    func start() throws
    /// Reacts to a key.
    func handle(_ key: PlayerKey)
    /// Lays out again for a new window size.
    func resize(to window: WindowSize)
    /// Stops playing.
    func stop()
}

extension TerminalPlayer: TerminalPlayback {}
extension TerminalGridPlayer: TerminalPlayback {}

/// Runs a player until it reports how the program should exit: the terminal set up (alternate
/// screen, raw keys) and restored, keys and window resizes passed to the player on `queue`.
///
/// Keys are read from standard input when it is a terminal, else from the controlling terminal
/// (`/dev/tty`): with `zoetrope play -` standard input is the image's data, and the keys still
/// come from the keyboard.
final class FullScreenSession: Sendable {
    private let queue: DispatchQueue
    private let fullScreen: Bool
    private let session: TerminalSession
    /// The descriptor keys are read from, when there is a terminal to read them from.
    private let keyInput: Int32?
    /// Whether ``keyInput`` was opened here (the controlling terminal), to be closed at the end.
    private let ownsKeyInput: Bool
    private let latch = ExitLatch()

    /// A session delivering keys and resizes on `queue` (give the player's clock the same queue);
    /// without `fullScreen` (output is no terminal) the terminal is left as it is.
    init(queue: DispatchQueue, fullScreen: Bool) {
        self.queue = queue
        self.fullScreen = fullScreen
        var keyInput: Int32? = TerminalDevice.isTerminal(0) ? 0 : nil
        var ownsKeyInput = false
        if fullScreen, keyInput == nil {
            let terminal = unsafe open("/dev/tty", O_RDONLY | O_NOCTTY | O_CLOEXEC)
            if terminal >= 0 && TerminalDevice.isTerminal(terminal) {
                keyInput = terminal
                ownsKeyInput = true
            } else if terminal >= 0 {
                close(terminal)
            }
        }
        self.keyInput = keyInput
        self.ownsKeyInput = ownsKeyInput
        session = TerminalSession(input: keyInput ?? 0, output: 1)
    }

    /// Sends bytes to the terminal.
    func write(_ bytes: [UInt8]) { session.write(bytes) }

    /// The player's exit: ``run(_:)`` returns `status`.
    func exit(_ status: Int32) { latch.signal(status) }

    /// Plays until the last play ends or the user quits; returns the exit status.
    func run(_ player: some TerminalPlayback) throws -> Int32 {
        var keys: KeyReader?
        var resizes: ResizeWatcher?
        if fullScreen {
            session.begin(cleanup: player.renderer.cleanup())
            if let keyInput {
                keys = KeyReader(descriptor: keyInput, queue: queue) { player.handle($0) }
            }
            resizes = ResizeWatcher(queue: queue) {
                if let window = TerminalDevice.windowSize(1) { player.resize(to: window) }
            }
        }
        defer {
            keys?.cancel()
            resizes?.cancel()
            player.stop()
            session.restore()
            if ownsKeyInput, let keyInput { close(keyInput) }
        }
        try queue.sync { try player.start() }
        return latch.wait()
    }
}

/// Blocks the main thread until the player reports how the program should exit.
private final class ExitLatch: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    /// Written once before the semaphore is signalled and read after waiting on it: the semaphore
    /// orders the two, so no lock is needed (and `Mutex` would need macOS 15).
    private var status: Int32 = 0

    func signal(_ code: Int32) {
        status = code
        semaphore.signal()
    }

    func wait() -> Int32 {
        semaphore.wait()
        return status
    }
}
