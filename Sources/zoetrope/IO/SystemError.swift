#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A system call that failed: what was being done and the system's reason for `errno`, as one
/// sentence (`cannot write out.png: No space left on device`).
struct SystemError: Error, CustomStringConvertible {
    /// What failed, as the start of a sentence: "cannot write out.png".
    var action: String
    /// The `errno` value.
    var code: Int32

    /// Captures the current `errno` for `action`.
    init(_ action: String, code: Int32 = errno) {
        self.action = action
        self.code = code
    }

    var description: String { unsafe "\(action): \(String(cString: strerror(code)))" }
}
