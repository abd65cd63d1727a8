import Foundation

/// The built `zoetrope-server`, started on a free loopback port for the tests and stopped
/// (SIGTERM, then SIGKILL) when they are done.
final class ServerProcess: @unchecked Sendable {
    let process = Process()
    let port: Int
    private let output = Pipe()

    /// The executable: `ZOETROPE_SERVER` when set, else `zoetrope-server` beside the test bundle.
    static var executable: String {
        if let path = ProcessInfo.processInfo.environment["ZOETROPE_SERVER"] { return path }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while folder.path != "/" && !FileManager.default.fileExists(atPath: folder.appendingPathComponent("zoetrope-server").path) {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("zoetrope-server").path
    }

    /// Starts the server with `arguments` (after `--hostname 127.0.0.1 --port 0`) and waits, at
    /// most 60 s, for the line naming its port.
    init(_ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments = ["--hostname", "127.0.0.1", "--port", "0", "--log-level", "warning"] + arguments
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
        port = try Self.readPort(from: output.fileHandleForReading, process: process)
        // Keep draining standard output so that the server never blocks writing to it.
        let handle = output.fileHandleForReading
        DispatchQueue.global().async { _ = handle.readDataToEndOfFile() }
    }

    /// The process's peak resident memory (VmHWM) and current resident memory (VmRSS), in bytes.
    func memory() throws -> (peak: Int, current: Int) {
        let status = try String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
        func field(_ name: String) -> Int {
            let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") } ?? ""
            return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
        }
        return (field("VmHWM"), field("VmRSS"))
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = ContinuousClock.now + .seconds(10)
        while process.isRunning && ContinuousClock.now < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    deinit { stop() }

    private static func readPort(from handle: FileHandle, process: Process) throws -> Int {
        final class Box: @unchecked Sendable { var text = "" }
        let box = Box(), found = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            var text = ""
            while !text.contains("\n") {
                let data = handle.availableData
                if data.isEmpty { break }
                text += String(decoding: data, as: UTF8.self)
            }
            box.text = text
            found.signal()
        }
        guard found.wait(timeout: .now() + 60) == .success,
              let line = box.text.split(separator: "\n").first(where: { $0.contains("listening on") }),
              let port = line.split(separator: ":").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) else {
            process.terminate()
            throw LoopbackClient.Failure(description: "the server did not report its port within 60 s: \(box.text)")
        }
        return port
    }
}
