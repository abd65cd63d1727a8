#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A failure the test suite injects into the command's file output through the environment
/// variable `ZOETROPE_TEST_FAULT`, so that the paths handling a failing disk or a signal at a
/// known moment run for real, end to end (in the manner of git's `GIT_TEST_*` variables). Read
/// once; unset, nothing changes. Injected failures take the paths real ones take, so they can
/// lose nothing either.
///
/// Values: `create` (the temporary output file cannot be made: EACCES), `write` or `write@N`
/// (writing to an output file fails with ENOSPC once N bytes of it are written, 0 by default),
/// `fsync`, `close` (EIO), `rename` (EXDEV), and `pause` (after the first write to a temporary
/// output file, print `zoetrope: paused` on standard error and wait for a signal).
enum TestFault: Equatable {
    case create
    case write(afterBytes: Int)
    case fsync
    case close
    case rename
    case pause

    /// The fault the environment asks for, if any.
    static let current: TestFault? = unsafe getenv("ZOETROPE_TEST_FAULT").flatMap { unsafe TestFault(String(cString: $0)) }

    init?(_ text: String) {
        switch text {
        case "create": self = .create
        case "fsync": self = .fsync
        case "close": self = .close
        case "rename": self = .rename
        case "pause": self = .pause
        case "write": self = .write(afterBytes: 0)
        default:
            guard text.hasPrefix("write@"), let count = Int(text.dropFirst(6)), count >= 0 else { return nil }
            self = .write(afterBytes: count)
        }
    }

    /// Whether `fault` is the one injected.
    static func injects(_ fault: TestFault) -> Bool { current == fault }

    /// The `errno` value the injected failure of a step reports.
    static func code(_ fault: TestFault) -> Int32 {
        switch fault {
        case .create: return EACCES
        case .write: return ENOSPC
        case .fsync, .close, .pause: return EIO
        case .rename: return EXDEV
        }
    }

    /// For `pause`: says so on standard error, then waits for a signal to end the process.
    static func pauseIfAsked() {
        guard current == .pause else { return }
        StandardError.print("zoetrope: paused")
        while true { waitForSignal() }
    }
}

/// The C library's `pause`, under a name the enum's case cannot hide.
private func waitForSignal() { pause() }
