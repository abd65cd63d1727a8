import Foundation
import Testing
@testable import Zoetrope

/// Decoders that share no code with Zoetrope, from Debian's packages, reading what Zoetrope's
/// encoders write: Pillow (python3-pil; for WebP it uses libwebp's animation decoder,
/// `WebPAnimDecoder`), libwebp's `dwebp` (stills), ffmpeg (its GIF and APNG decoders) and
/// ImageMagick (`convert -coalesce`). Each gives every composited frame as RGBA. Missing tools
/// skip the tests locally and fail them under CI (``RequiredTools``); `.ci/run` installs them.
enum ReferenceDecoders {
    /// A python3 that imports PIL with libwebp's animation support.
    static let python: String? = ["/usr/bin/python3", "/usr/local/bin/python3"].first { path in
        FileManager.default.isExecutableFile(atPath: path)
            && (try? run(path, ["-c", "from PIL import features; import sys; sys.exit(0 if features.check('webp_anim') else 1)"])) != nil
    }
    static let dwebp = executable("dwebp")
    static let ffmpeg = executable("ffmpeg")
    /// ImageMagick's `convert` (not a stand-in of the same name elsewhere on the path).
    static let magick: String? = executable("convert").flatMap { path in
        (try? run(path, ["-version"])).map { String(decoding: $0, as: UTF8.self) }?.contains("ImageMagick") == true ? path : nil
    }

    static let isAvailable = python != nil && dwebp != nil && ffmpeg != nil && magick != nil

    static let skipMessage = "Pillow (python3-pil), dwebp (webp), ffmpeg and ImageMagick are not all installed: "
        + "independent decoder checks skipped"

    static var requirement: ConditionTrait { RequiredTools.needs(isAvailable, skipMessage) }

    /// What Pillow reads from a file: every composited frame with its duration, and the loop count
    /// as stored (`nil` when the file has none).
    struct PillowImage {
        var frames: [RGBAImage]
        var milliseconds: [Int]
        var loop: Int?
    }

    /// What Pillow decodes from each file, in one python run: for WebP through libwebp's
    /// `WebPAnimDecoder`, for GIF and APNG with Pillow's own decoders.
    static func pillowImages(_ files: [URL]) throws -> [URL: PillowImage] {
        let python = try #require(python, "no python3 with Pillow")
        let script = """
        import sys
        from PIL import Image
        out = sys.stdout.buffer
        for path in sys.argv[1:]:
            im = Image.open(path)
            frames = getattr(im, 'n_frames', 1)
            loop = im.info.get('loop')
            out.write(frames.to_bytes(4, 'big') + (-1 if loop is None else loop).to_bytes(4, 'big', signed=True))
            for index in range(frames):
                im.seek(index)
                rgba = im.convert('RGBA')
                duration = int(round(im.info.get('duration', 0)))
                out.write(duration.to_bytes(4, 'big') + rgba.width.to_bytes(4, 'big') + rgba.height.to_bytes(4, 'big'))
                out.write(rgba.tobytes())
        """
        let bytes = try run(python, ["-c", script] + files.map(\.path))
        var result: [URL: PillowImage] = [:]
        var reader = ByteCursor(bytes: bytes)
        for file in files {
            let count = try reader.integer(), loop = try reader.signedInteger()
            var image = PillowImage(frames: [], milliseconds: [], loop: loop < 0 ? nil : loop)
            for _ in 0..<count {
                image.milliseconds.append(try reader.integer())
                let width = try reader.integer(), height = try reader.integer()
                image.frames.append(RGBAImage(width: width, height: height, pixels: try reader.take(width * height * 4)))
            }
            result[file] = image
        }
        return result
    }

    /// Every frame ffmpeg decodes from `file` (GIF, or APNG with `format` "apng"), as `size` RGBA.
    static func ffmpegFrames(_ file: URL, size: PixelSize, format: String? = nil) throws -> [RGBAImage] {
        let ffmpeg = try #require(ffmpeg, "no ffmpeg")
        let input = (format.map { ["-f", $0] } ?? []) + ["-i", file.path]
        let bytes = try run(ffmpeg, ["-v", "error", "-nostdin"] + input
                            + ["-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
        return split(bytes, size: size)
    }

    /// Every frame ImageMagick composites from `file` (`convert FILE -coalesce`), as `size` RGBA.
    static func magickFrames(_ file: URL, size: PixelSize) throws -> [RGBAImage] {
        let magick = try #require(magick, "no ImageMagick")
        return split(try run(magick, [file.path, "-coalesce", "-depth", "8", "rgba:-"]), size: size)
    }

    /// The still libwebp's `dwebp` decodes from `file`.
    static func dwebpImage(_ file: URL) throws -> RGBAImage {
        let dwebp = try #require(dwebp, "no dwebp")
        let pam = try #require(LibWebPTools.parsePAM(try run(dwebp, [file.path, "-pam", "-o", "-"])), "dwebp wrote no PAM")
        return RGBAImage(width: pam.width, height: pam.height, pixels: pam.pixels)
    }

    private static func split(_ bytes: [UInt8], size: PixelSize) -> [RGBAImage] {
        let frameBytes = size.width * size.height * 4
        guard frameBytes > 0 else { return [] }
        return stride(from: 0, to: bytes.count - frameBytes + 1, by: frameBytes).map {
            RGBAImage(width: size.width, height: size.height, pixels: Array(bytes[$0..<$0 + frameBytes]))
        }
    }

    private static func executable(_ name: String) -> String? {
        ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"].map { "\($0)/\(name)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// What a tool failed with.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `tool` and returns its standard output; throws when it fails or takes longer than
    /// `deadline` (it is then killed).
    static func run(_ tool: String, _ arguments: [String], deadline: Duration = .seconds(60)) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let collected = LockedBytes(), messages = LockedBytes()
        output.fileHandleForReading.readabilityHandler = { collected.append($0.availableData) }
        errors.fileHandleForReading.readabilityHandler = { messages.append($0.availableData) }
        try process.run()
        let clock = ContinuousClock(), end = clock.now.advanced(by: deadline)
        while process.isRunning && clock.now < end { Thread.sleep(forTimeInterval: 0.005) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            throw Failure(description: "\(tool) \(arguments.prefix(3)) took longer than \(deadline)")
        }
        output.fileHandleForReading.readabilityHandler = nil
        errors.fileHandleForReading.readabilityHandler = nil
        collected.append(output.fileHandleForReading.readDataToEndOfFile())
        messages.append(errors.fileHandleForReading.readDataToEndOfFile())
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(tool) failed (\(process.terminationStatus)): "
                          + String(decoding: messages.bytes, as: UTF8.self))
        }
        return collected.bytes
    }
}

/// Bytes appended from several threads.
private final class LockedBytes: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [UInt8] = []

    func append(_ data: Data) {
        lock.lock()
        storage.append(contentsOf: data)
        lock.unlock()
    }

    var bytes: [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}

/// Reads big-endian integers and byte runs from a tool's output.
private struct ByteCursor {
    let bytes: [UInt8]
    var offset = 0

    mutating func take(_ count: Int) throws -> [UInt8] {
        guard count >= 0, offset + count <= bytes.count else {
            throw ReferenceDecoders.Failure(description: "the tool's output ended early")
        }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    mutating func integer() throws -> Int {
        try take(4).reduce(0) { $0 << 8 | Int($1) }
    }

    mutating func signedInteger() throws -> Int {
        Int(Int32(truncatingIfNeeded: try integer()))
    }
}
