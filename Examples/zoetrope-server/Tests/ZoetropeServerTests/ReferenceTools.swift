import Foundation
import Testing

/// Checks by tools that are not Zoetrope: libwebp's `webpmux -info` reads the thumbnails.
enum ReferenceTools {
    /// Whether CI demands the tools (it installs them) rather than skipping their checks.
    static var required: Bool { ProcessInfo.processInfo.environment["ZOETROPE_REQUIRE_TOOLS"] == "1" }

    static func checkWebP(_ bytes: [UInt8], width: Int, height: Int, frames: Int) throws {
        guard let webpmux = which("webpmux") else {
            #expect(!required, "webpmux (Debian's webp package) is required in CI")
            return
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-server-\(UUID()).webp")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: webpmux)
        process.arguments = ["-info", file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(output.contains("Canvas size: \(width) x \(height)"), "\(output)")
        if frames > 1 {
            #expect(output.contains("Number of frames: \(frames)"), "\(output)")
        }
    }

    private static func which(_ name: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let path = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}
