import Zoetrope

/// What `zoetrope info` says about one image: built once, printed as text or JSON.
struct InfoReport {
    var name: String
    var image: AnimatedImage
    /// Damage found (structure and, unless skipped, frame data).
    var warnings: [ZoetropeError]

    /// Opens an image and, when `decodeFrames` is set, decodes every frame to find damage.
    init(name: String, image: AnimatedImage, decodeFrames: Bool) throws {
        self.name = name
        self.image = image
        if decodeFrames {
            try image.forEachFrame { _, _ in }
        }
        warnings = image.warnings
    }

    /// The JSON object of the documented `zoetrope info --json` schema (docs/cli.md).
    var json: JSONText {
        let frames = image.frames.enumerated().map { index, frame -> JSONText in
            .object([
                ("index", .int(index)),
                ("x", .int(frame.rect.x)),
                ("y", .int(frame.rect.y)),
                ("width", .int(frame.rect.width)),
                ("height", .int(frame.rect.height)),
                ("disposal", .string(frame.disposal.rawValue)),
                ("storedDisposal", .int(frame.storedDisposal)),
                ("blend", .string(frame.blend.rawValue)),
                ("hasTransparency", .bool(frame.hasTransparency)),
                ("interlaced", .bool(frame.isInterlaced)),
                ("delayMs", frame.storedDuration.map(JSONText.milliseconds) ?? .null),
                ("effectiveDelayMs", .milliseconds(frame.duration)),
                ("compression", .string(frame.compression.rawValue)),
                ("lossy", .bool(frame.compression.isLossy)),
            ])
        }
        return .object([
            ("schemaVersion", .int(JSONSchemaVersion.info)),
            ("file", .string(name)),
            ("format", .string(image.format.rawValue)),
            ("width", .int(image.canvasSize.width)),
            ("height", .int(image.canvasSize.height)),
            ("frameCount", .int(image.frameCount)),
            ("animated", .bool(image.isAnimated)),
            ("loopCount", .optional(image.storedLoopCount)),
            ("plays", .optional(image.playCount.count)),
            ("totalDurationMs", .milliseconds(image.totalDuration)),
            ("metadata", .object([
                ("icc", .bool(image.metadata.hasICCProfile)),
                ("exif", .bool(image.metadata.hasEXIF)),
                ("xmp", .bool(image.metadata.hasXMP)),
            ])),
            ("frames", .array(frames)),
            ("warnings", .array(warnings.map(\.jsonValue))),
        ])
    }

    /// The entry for a file that could not be read, so that JSON output keeps argument order.
    static func json(file: String, error: any Error) -> JSONText {
        let error = (error as? CommandFailure)?.underlying ?? error
        let detail: JSONText = (error as? ZoetropeError)?.jsonValue
            ?? .object([("kind", .string((error as? SystemError) == nil ? "error" : "io")), ("offset", .null),
                        ("message", .string(CommandFailure.describe(error)))])
        return .object([("schemaVersion", .int(JSONSchemaVersion.info)), ("file", .string(file)), ("error", detail)])
    }

    /// A human-readable summary and frame table.
    var text: String {
        var lines: [String] = []
        let loops: String
        switch (image.playCount, image.storedLoopCount) {
        case (.infinite, _): loops = "plays forever"
        case (.finite(let plays), let stored): loops = "plays \(plays == 1 ? "once" : "\(plays) times")"
            + (stored == nil ? " (no loop count stored)" : "")
        }
        let stored = image.storedLoopCount.map { ", stored loop count \($0)" } ?? ""
        lines.append("\(name): \(image.format) \(image.canvasSize), \(image.frameCount) frame\(image.frameCount == 1 ? "" : "s"), "
                     + "\(loops)\(stored), total \(Self.format(image.totalDuration))")
        if image.frameCount > 0 {
            lines.append(Self.row(["#", "rect", "disposal", "blend", "alpha", "stored", "effective", "coding"]))
            for (index, frame) in image.frames.enumerated() {
                lines.append(Self.row([
                    String(index), frame.rect.description,
                    "\(frame.disposal.rawValue) (\(frame.storedDisposal))", frame.blend.rawValue,
                    frame.hasTransparency ? "yes" : "no",
                    frame.storedDuration.map(Self.format) ?? "none", Self.format(frame.duration),
                    Self.describe(frame.compression),
                ]))
            }
        }
        let metadata = [(image.metadata.hasICCProfile, "ICC profile"), (image.metadata.hasEXIF, "EXIF"),
                        (image.metadata.hasXMP, "XMP")].filter(\.0).map(\.1)
        if !metadata.isEmpty { lines.append("metadata: " + metadata.concatenated(separator: ", ")) }
        for warning in warnings { lines.append(EscapedText.line("warning: " + CommandFailure.describe(warning))) }
        return lines.concatenated(separator: "\n")
    }

    private static let widths = [5, 18, 16, 7, 6, 10, 10, 14]

    /// "lzw", "deflate", "vp8 (lossy)", "vp8l (lossless)".
    static func describe(_ compression: FrameCompression) -> String {
        switch compression {
        case .vp8: return "vp8 (lossy)"
        case .vp8l: return "vp8l (lossless)"
        default: return compression.rawValue
        }
    }

    private static func row(_ cells: [String]) -> String {
        var line = "  "
        for (cell, width) in zip(cells, widths) {
            line += cell + String(repeating: " ", count: max(1, width - cell.count))
        }
        while line.last == " " { line.removeLast() }
        return line
    }

    /// "120 ms", or "1.25 s" for durations of a second or more.
    static func format(_ duration: Duration) -> String {
        let ms = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        if ms >= 1000 {
            let seconds = (ms / 10).rounded() / 100
            return "\(seconds) s"
        }
        return ms == ms.rounded() ? "\(Int(ms)) ms" : "\((ms * 1000).rounded() / 1000) ms"
    }
}
