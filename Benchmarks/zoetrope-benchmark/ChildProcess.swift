import Foundation

/// Runs one measuring child (Zoetrope's own executable or the C reference) and reads the JSON line it
/// prints. Each measurement runs in a fresh process so that its peak resident memory is its own.
enum ChildProcess {
    /// The outcome of one child: its JSON object, or an error text.
    typealias Outcome = Result<[String: Any], ChildError>

    struct ChildError: Error, CustomStringConvertible {
        var description: String
    }

    static func run(_ executable: String, _ arguments: [String]) -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return .failure(ChildError(description: "cannot run \(executable): \(error)"))
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let lastLine = String(decoding: data, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
        guard let object = try? JSONSerialization.jsonObject(with: Data(lastLine.utf8)) as? [String: Any] else {
            return .failure(ChildError(description: "exit \(process.terminationStatus), no result (\(lastLine.prefix(120)))"))
        }
        if let error = object["error"] as? String { return .failure(ChildError(description: error)) }
        return .success(object)
    }

    /// This executable's own path, to start children of it.
    static var selfPath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}
