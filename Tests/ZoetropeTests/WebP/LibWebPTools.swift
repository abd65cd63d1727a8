import Foundation
import Testing
import ZoetropeTestSupport

/// libwebp's command-line tools (`dwebp`, `webpmux`, from Debian's `webp` package), to check that
/// the reference decoder reads our WebP output as we do. Missing tools skip the tests that need
/// them locally and fail them under CI (see ``RequiredTools``).
enum LibWebPTools {
    static let isAvailable: Bool = ["dwebp", "webpmux"].allSatisfy { path(of: $0) != nil }

    static let skipMessage = "libwebp's dwebp and webpmux are not installed (apt-get install webp): libwebp cross-checks skipped"

    static var requirement: ConditionTrait { RequiredTools.needs(isAvailable, skipMessage) }

    /// The RGBA pixels and size dwebp decodes `webp` to (as a PAM file), or `nil` when it fails.
    static func decode(_ webp: [UInt8]) throws -> (width: Int, height: Int, pixels: [UInt8])? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-dwebp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.webp"), output = folder.appendingPathComponent("out.pam")
        try Data(webp).write(to: input)
        guard try run("dwebp", [input.path, "-pam", "-o", output.path]) else { return nil }
        return parsePAM([UInt8](try Data(contentsOf: output)))
    }

    /// Frame `index` (from 1) of an animated file as a still WebP, extracted by webpmux.
    static func frame(_ index: Int, of webp: [UInt8]) throws -> [UInt8]? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-webpmux-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.webp"), output = folder.appendingPathComponent("frame.webp")
        try Data(webp).write(to: input)
        guard try run("webpmux", ["-get", "frame", "\(index)", input.path, "-o", output.path]) else { return nil }
        return [UInt8](try Data(contentsOf: output))
    }

    /// A PAM file's size and RGBA samples (the header dwebp writes: WIDTH, HEIGHT, DEPTH 4,
    /// MAXVAL 255, TUPLTYPE RGB_ALPHA, ENDHDR).
    static func parsePAM(_ bytes: [UInt8]) -> (width: Int, height: Int, pixels: [UInt8])? {
        guard let end = bytes.indices.first(where: { bytes[$0...].starts(with: Array("ENDHDR\n".utf8)) }) else { return nil }
        let header = String(decoding: bytes[..<end], as: UTF8.self)
        var fields: [String: Int] = [:]
        for line in header.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2, let value = Int(parts[1]) { fields[String(parts[0])] = value }
        }
        guard let width = fields["WIDTH"], let height = fields["HEIGHT"], fields["DEPTH"] == 4 else { return nil }
        let pixels = Array(bytes[(end + 7)...])
        return pixels.count == width * height * 4 ? (width, height, pixels) : nil
    }

    /// Whether `webpinfo` (also in Debian's `webp` package) is installed.
    static let hasWebPInfo = path(of: "webpinfo") != nil

    /// What `webpinfo -bitstream_info` prints for `webp` (libwebp's own parse of the chunks and of
    /// the VP8 frame header), or `nil` when it fails or takes longer than 30 s.
    static func bitstreamInfo(_ webp: [UInt8]) throws -> String? {
        guard let executable = path(of: "webpinfo") else { return nil }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-webpinfo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.webp"), output = folder.appendingPathComponent("info.txt")
        try Data(webp).write(to: input)
        guard FileManager.default.createFile(atPath: output.path, contents: nil) else { return nil }
        let handle = try FileHandle(forWritingTo: output)
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-bitstream_info", input.path]
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning {
            process.terminate()
            return nil
        }
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: try Data(contentsOf: output), as: UTF8.self)
    }

    private static func path(of tool: String) -> String? {
        ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"].map { "\($0)/\(tool)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `tool`; `false` when it is missing or fails. A tool that does not finish within the
    /// deadline fails the test (``DeadlineExceeded``) instead of hanging it.
    private static func run(_ tool: String, _ arguments: [String]) throws -> Bool {
        guard let executable = path(of: tool) else { return false }
        return try Subprocess.run([executable] + arguments, inputFile: "/dev/null").status == 0
    }
}
