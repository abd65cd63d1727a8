#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Zoetrope

/// An image read from standard input as its bytes arrive (`curl -s URL | zoetrope play -`): a
/// background thread feeds a ``ProgressiveImage``, and the command starts once the first frame is
/// complete, while the rest still downloads.
enum StandardInputImage {
    /// Starts reading standard input and returns when the first frame has arrived.
    /// - Throws: ``CommandFailure`` when standard input ends (or fails) before a whole frame.
    static func open() throws -> ProgressiveImage {
        let image = ProgressiveImage()
        let reading = DispatchGroup()
        reading.enter()
        let failure = LockedFailure()
        DispatchQueue.global(qos: .userInitiated).async {
            defer {
                image.finish()
                reading.leave()
            }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = unsafe chunk.withUnsafeMutableBytes { unsafe read(0, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count < 0 {
                    let error = SystemError("cannot read standard input")
                    failure.set(error)
                    // After the first frame the command is already playing: say why the rest is missing.
                    if image.frameCount > 0 { StandardError.print("zoetrope play: warning: \(error)") }
                }
                if count <= 0 { return }
                image.append(Array(chunk[..<count]))
            }
        }
        // Poll until a frame is there or the input ended: a frame's arrival is not signalled.
        while image.frameCount == 0 && reading.wait(timeout: .now() + .milliseconds(5)) == .timedOut {}
        if image.frameCount > 0 { return image }
        if let error = failure.error { throw CommandFailure(file: nil, error) }
        // The input ended before a whole frame: say why (what the parse of all of it met).
        do {
            _ = try image.waitUntilComplete()
        } catch {
            throw CommandFailure(file: "<standard input>", error)
        }
        guard image.frameCount > 0 else {
            throw CommandFailure(file: "<standard input>", ZoetropeError(.truncated, "the input ended before its first frame"))
        }
        return image
    }
}

/// A reading thread's error, handed to the main thread.
private final class LockedFailure: @unchecked Sendable {
    // Written by the reading thread before it leaves the group, read after the group was waited on.
    private(set) var error: SystemError?
    func set(_ error: SystemError) { self.error = error }
}
