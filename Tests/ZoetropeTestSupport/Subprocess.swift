import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process for tests, started as a shell would start it: with an empty signal mask and
/// every signal at its default action (`Foundation.Process` passes on the calling thread's mask,
/// and test threads block almost every signal, so a child could not be interrupted), its
/// standard streams on pipes (or files), and every wait under a deadline.
public final class Subprocess: @unchecked Sendable {
    /// How a child ended.
    public struct Termination: Equatable, Sendable, CustomStringConvertible {
        /// The exit status, or `nil` when a signal ended it.
        public var status: Int32?
        /// The signal that ended it, if one did.
        public var signal: Int32?

        public init(status: Int32?, signal: Int32?) {
            self.status = status
            self.signal = signal
        }

        public var description: String { signal.map { "signal \($0)" } ?? "exit \(status ?? -1)" }
    }

    /// What a finished child wrote and how it ended.
    public struct Result: Sendable {
        public var termination: Termination
        public var standardOutput: [UInt8]
        public var standardError: [UInt8]

        /// The exit status; 128 + N when signal N ended it, as shells report it.
        public var status: Int32 { termination.status ?? 128 + (termination.signal ?? 0) }
    }

    public let pid: pid_t
    /// The write end of standard input's pipe; -1 once closed (or when there is none).
    private var input: Int32
    private let output: Int32?
    private let error: Int32?
    private var waited: Termination?

    /// Starts `arguments[0]` (a path) with the rest as arguments, in `directory`, with `environment`
    /// added to this process's. `outputFile` sends standard output to a file (such as `/dev/full`)
    /// instead of a pipe; `inputFile` takes standard input from one instead of a pipe.
    public init(_ arguments: [String], in directory: String? = nil, environment: [String: String] = [:],
                inputFile: String? = nil, outputFile: String? = nil, errorFile: String? = nil) throws {
        _ = Self.brokenPipesIgnored
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        // Standard input, output and error: a file when one is named, else a pipe (whose child end
        // is the first of `ends` for input, the second for the outputs).
        let files = [(inputFile, O_RDONLY), (outputFile, O_WRONLY), (errorFile, O_WRONLY)]
        var pipes: [[Int32]?] = []
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (stream, (file, mode)) in files.enumerated() {
            if let file {
                posix_spawn_file_actions_addopen(&actions, Int32(stream), file, mode, 0)
                pipes.append(nil)
                continue
            }
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw CocoaError(.fileWriteUnknown) }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            posix_spawn_file_actions_adddup2(&actions, ends[stream == 0 ? 0 : 1], Int32(stream))
            pipes.append(ends)
        }
        // In `directory` through the shell, which then becomes the program (same process, so
        // signals reach it): posix_spawn has no portable way to change the child's directory.
        let arguments = directory.map { ["/bin/sh", "-c", "cd -- \"$1\" && shift && exec \"$@\"", "sh", $0] + arguments } ?? arguments
        let merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        var cEnvironment = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        var cArguments = arguments.map { strdup($0) } + [nil]
        defer { for pointer in cArguments + cEnvironment { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, arguments[0], &actions, &attributes, &cArguments, &cEnvironment)
        // The child's ends are closed here; ours too when the child did not start.
        for (stream, ends) in pipes.enumerated() {
            if let ends { close(ends[stream == 0 ? 0 : 1]) }
            if let ends, spawned != 0 { close(ends[stream == 0 ? 1 : 0]) }
        }
        guard spawned == 0 else { throw CocoaError(.executableLoad, userInfo: [NSFilePathErrorKey: arguments[0]]) }
        self.pid = pid
        input = pipes[0]?[1] ?? -1
        output = pipes[1]?[0]
        error = pipes[2]?[0]
    }

    /// Writing to a child that has exited must fail, not kill the test process by SIGPIPE.
    private static let brokenPipesIgnored: Void = { signal(SIGPIPE, SIG_IGN) }()

    deinit {
        if waited == nil { kill(pid, SIGKILL); _ = try? wait(seconds: 10) }
        for descriptor in [input, output ?? -1, error ?? -1] where descriptor >= 0 { close(descriptor) }
    }

    /// Runs a program to its end, feeding it `input`; kills it and throws ``DeadlineExceeded``
    /// when it has not finished after `seconds`.
    public static func run(_ arguments: [String], in directory: String? = nil, environment: [String: String] = [:],
                           input: [UInt8] = [], inputFile: String? = nil, outputFile: String? = nil,
                           errorFile: String? = nil, seconds: Double = Deadline.standard) throws -> Result {
        let child = try Subprocess(arguments, in: directory, environment: environment, inputFile: inputFile,
                                   outputFile: outputFile, errorFile: errorFile)
        return try child.finish(writing: input, seconds: seconds)
    }

    /// Writes `input` and closes standard input, reads both outputs to their end and waits for the
    /// exit, all within `seconds` (else kills the child and throws ``DeadlineExceeded``).
    public func finish(writing input: [UInt8] = [], seconds: Double = Deadline.standard) throws -> Result {
        let limit = ContinuousClock.now + .seconds(seconds)
        let descriptor = self.input
        self.input = -1
        if descriptor >= 0 {
            // On its own thread, so that a child that writes much before reading cannot dead-lock.
            Thread { writeAll(input, to: descriptor); close(descriptor) }.start()
        }
        let outputs = try readToEnd([output, error], until: limit, seconds: seconds)
        let termination = try wait(seconds: max(0.1, Self.seconds(until: limit)))
        return Result(termination: termination, standardOutput: outputs[0], standardError: outputs[1])
    }

    /// Standard error's text as it comes, until `predicate` holds for what arrived so far
    /// (returned), the stream ends, or `seconds` pass (``DeadlineExceeded``).
    public func readStandardError(seconds: Double = Deadline.standard, until predicate: (String) -> Bool) throws -> String {
        String(decoding: try read(error, seconds: seconds) { predicate(String(decoding: $0, as: UTF8.self)) }, as: UTF8.self)
    }

    /// Standard output's bytes as they come, until `predicate` holds for what arrived so far
    /// (returned), the stream ends, or `seconds` pass (``DeadlineExceeded``).
    public func readStandardOutput(seconds: Double = Deadline.standard, until predicate: ([UInt8]) -> Bool) throws -> [UInt8] {
        try read(output, seconds: seconds, until: predicate)
    }

    private func read(_ descriptor: Int32?, seconds: Double, until predicate: ([UInt8]) -> Bool) throws -> [UInt8] {
        guard let descriptor else { return [] }
        let limit = ContinuousClock.now + .seconds(seconds)
        var bytes: [UInt8] = []
        while !predicate(bytes) {
            guard let chunk = try readChunk(descriptor, until: limit, seconds: seconds) else { break }
            bytes += chunk
        }
        return bytes
    }

    /// Sends `signal` to the child.
    public func send(_ signal: Int32) { kill(pid, signal) }

    /// Writes `bytes` to the child's standard input (while it is open).
    public func write(_ bytes: [UInt8]) {
        if input >= 0 { writeAll(bytes, to: input) }
    }

    /// Closes the child's standard input.
    public func closeInput() {
        if input >= 0 { close(input) }
        input = -1
    }

    /// Waits for the child to end; kills it and throws ``DeadlineExceeded`` after `seconds`.
    @discardableResult
    public func wait(seconds: Double = Deadline.standard) throws -> Termination {
        if let waited { return waited }
        let limit = ContinuousClock.now + .seconds(seconds)
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { break }
            if result < 0 && errno != EINTR { throw CocoaError(.fileReadUnknown) }
            if ContinuousClock.now >= limit {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                waited = Termination(status: nil, signal: SIGKILL)
                throw DeadlineExceeded(what: "child process \(pid)", seconds: seconds)
            }
            usleep(2_000)
        }
        // WIFEXITED / WEXITSTATUS: a normal exit keeps the status in bits 8–15.
        let termination = status & 0x7F == 0 ? Termination(status: (status >> 8) & 0xFF, signal: nil)
            : Termination(status: nil, signal: status & 0x7F)
        waited = termination
        return termination
    }

    /// Reads every descriptor to its end, together, so that neither pipe fills and blocks the child.
    private func readToEnd(_ descriptors: [Int32?], until limit: ContinuousClock.Instant, seconds: Double) throws -> [[UInt8]] {
        var results = descriptors.map { _ in [UInt8]() }
        var open = descriptors.enumerated().compactMap { $0.element == nil ? nil : $0.offset }
        while !open.isEmpty {
            var polls = open.map { pollfd(fd: descriptors[$0]!, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&polls, nfds_t(polls.count), Int32(max(1, min(1000, Self.seconds(until: limit) * 1000))))
            if ready < 0 && errno != EINTR { throw CocoaError(.fileReadUnknown) }
            if ContinuousClock.now >= limit {
                kill(pid, SIGKILL)
                throw DeadlineExceeded(what: "output of child process \(pid)", seconds: seconds)
            }
            for (slot, poll) in zip(open, polls) where poll.revents != 0 {
                var buffer = [UInt8](repeating: 0, count: 65_536)
                let count = systemRead(poll.fd, &buffer, buffer.count)
                if count > 0 { results[slot] += buffer[..<count] } else { open.removeAll { $0 == slot } }
            }
        }
        return results
    }

    /// The next bytes from `descriptor`, or `nil` at its end.
    private func readChunk(_ descriptor: Int32, until limit: ContinuousClock.Instant, seconds: Double) throws -> [UInt8]? {
        while true {
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, Int32(max(1, min(1000, Self.seconds(until: limit) * 1000))))
            if ready > 0 {
                var buffer = [UInt8](repeating: 0, count: 4096)
                let count = systemRead(descriptor, &buffer, buffer.count)
                return count > 0 ? Array(buffer[..<count]) : nil
            }
            if ready < 0 && errno != EINTR { throw CocoaError(.fileReadUnknown) }
            if ContinuousClock.now >= limit { throw DeadlineExceeded(what: "standard error of child process \(pid)", seconds: seconds) }
        }
    }

    private static func seconds(until limit: ContinuousClock.Instant) -> Double {
        let left = (limit - .now).components
        return Double(left.seconds) + Double(left.attoseconds) / 1e18
    }
}

/// Writes all of `bytes` to `descriptor` (stopping at the first failure: a child that exited).
private func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
    bytes.withUnsafeBytes { buffer in
        var written = 0
        while written < buffer.count {
            let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            written += count
        }
    }
}

/// The C library's `read`, under a name the class's methods cannot hide.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
