import Foundation
import Testing

/// Pillow (Debian's `python3-pil`), whose WebP plugin decodes animations with libwebp's
/// animation decoder (`WebPAnimDecoder`): the reference for the frames of our animated WebP
/// output, since Debian ships no `anim_dump`. Missing, the tests that need it are skipped
/// locally and fail under CI (see ``RequiredTools``).
enum PillowWebP {
    /// A Python with Pillow's animated WebP support, if any.
    static let python: String? = ["/usr/bin/python3", "/usr/local/bin/python3", "python3"].first { candidate in
        run(candidate, ["-c", "from PIL import features; import sys; sys.exit(0 if features.check('webp_anim') else 1)"]) != nil
    }

    static let skipMessage = "Pillow with animated WebP (apt-get install python3-pil) is missing: libwebp animation cross-checks skipped"

    static var requirement: ConditionTrait { RequiredTools.needs(python != nil, skipMessage) }

    /// Every frame libwebp's animation decoder composites from `webp`, as RGBA, one after the other.
    static func frames(_ webp: [UInt8]) throws -> [UInt8]? {
        guard let python else { return nil }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-pillow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.webp"), output = folder.appendingPathComponent("frames.rgba")
        try Data(webp).write(to: input)
        let script = """
        import sys
        from PIL import Image
        image = Image.open(sys.argv[1])
        with open(sys.argv[2], 'wb') as out:
            for index in range(getattr(image, 'n_frames', 1)):
                image.seek(index)
                out.write(image.convert('RGBA').tobytes())
        """
        guard run(python, ["-c", script, input.path, output.path]) != nil else { return nil }
        return [UInt8](try Data(contentsOf: output))
    }

    /// Runs `executable` (a path, or a name looked up in PATH) and returns its exit status 0 as
    /// non-nil.
    @discardableResult
    private static func run(_ executable: String, _ arguments: [String]) -> Int32? {
        let process = Process()
        if executable.hasPrefix("/") {
            guard FileManager.default.isExecutableFile(atPath: executable) else { return nil }
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [executable] + arguments
        }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        process.waitUntilExit()
        return process.terminationStatus == 0 ? 0 : nil
    }
}
