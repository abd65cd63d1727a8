/// One format's encoder in the codec registry (``ImageCodec/encoder``): what callers name it by,
/// the settings it reads, and how it encodes a stream of frames. The command's output formats,
/// their help text and errors are read from the registry's list of these
/// (``ImageEncoder/registered``), so a new encoder is one entry beside its codec.
package struct ImageEncoder: Sendable {
    /// The format's name in messages ("GIF", "PNG", "WebP").
    package let name: String
    /// The names a caller picks it by (`--format`), the usual one first, lower case.
    package let formatNames: [String]
    /// The file extensions that choose it, lower case, without the dot.
    package let fileExtensions: [String]
    /// The media types of what it writes.
    package let mediaTypes: [String]
    /// What it writes, for help text ("lossless WebP, animated or still").
    package let summary: String
    /// The settings it reads (``EncoderSettings``); any other is refused.
    package let options: [EncoderOption]
    /// How it checks frames, durations and play counts.
    let rules: EncodingRules
    /// How many times it reads a source of `frameCount` frames (progress reports count the passes).
    package let passes: @Sendable (_ frameCount: Int) -> Int
    /// Encodes with typed options parsed from the settings.
    let encodeWithSettings: @Sendable (_ source: any FrameSource, _ durations: [Duration], _ playCount: PlayCount,
                                       _ settings: EncoderSettings, _ output: EncodedBytesSink,
                                       _ rewrite: EncodedBytesRewriter?) throws -> Void
    /// Parses and checks the settings without encoding (to refuse bad ones before any work).
    let checkSettings: @Sendable (_ settings: EncoderSettings) throws(ZoetropeError) -> Void

    /// The format it writes (for several frames, when that differs: APNG for PNG).
    package var format: ImageFormat { rules.format }

    /// The most plays the format can store (forever aside).
    package var maximumPlays: Int { rules.playCounts.maximumPlays }

    /// Whether it reads the setting `name`.
    package func reads(_ name: String) -> Bool { options.contains { $0.name == name } }

    /// Refuses settings this encoder does not read, and values out of range, before any work.
    /// - Throws: `.invalidArgument` naming the setting (and, for one it does not read, the
    ///   encoders that do).
    package func check(_ settings: EncoderSettings) throws(ZoetropeError) {
        for setting in settings.names where !reads(setting) {
            let readers = Self.readers(of: setting).map(\.name)
            let owners = readers.isEmpty ? "no output format" : readers.joinedAsList(conjunction: "and") + " output"
            throw ZoetropeError(.invalidArgument, format: rules.format, "\(setting) applies to \(owners), not \(name)")
        }
        try checkSettings(settings)
    }

    /// Encodes `source` with `durations` (one per frame, or one for all) and the play count the
    /// format can store nearest to `playCount` (``PlayCountRule/nearest(_:)``: converting keeps
    /// as many plays as the format can say), handing the file to `output` in order; with `rewrite`
    /// (an output that can seek) an encoder may fill in its header last instead of holding data.
    /// - Throws: ``ZoetropeError`` for settings or input the encoder refuses, and whatever
    ///   `source`, `output` or `rewrite` throw.
    package func encode(_ source: any FrameSource, durations: [Duration], playCount: PlayCount,
                        settings: EncoderSettings = EncoderSettings(), to output: EncodedBytesSink,
                        rewriting rewrite: EncodedBytesRewriter? = nil) throws {
        try check(settings)
        try encodeWithSettings(source, durations, rules.playCounts.nearest(playCount), settings, output, rewrite)
    }
}

extension ImageEncoder {
    /// Every registered encoder, in the registry's order.
    package static var registered: [ImageEncoder] { CodecRegistry.codecs.compactMap(\.encoder) }

    /// The encoder `name` picks (one of its ``formatNames``, case-insensitive).
    package static func named(_ name: String) -> ImageEncoder? {
        registered.first { $0.formatNames.contains(name.lowercased()) }
    }

    /// The encoder a file ending in `.fileExtension` gets (case-insensitive).
    package static func forFileExtension(_ fileExtension: String) -> ImageEncoder? {
        registered.first { $0.fileExtensions.contains(fileExtension.lowercased()) }
    }

    /// The encoders that read the setting `name`.
    package static func readers(of name: String) -> [ImageEncoder] { registered.filter { $0.reads(name) } }

    /// Every format name callers may give, in order ("gif", "png", "apng", "webp").
    package static var formatNames: [String] { registered.flatMap(\.formatNames) }

    /// Every file extension that chooses an encoder, in order.
    package static var fileExtensions: [String] { registered.flatMap(\.fileExtensions) }
}

extension [String] {
    /// "a", "a or b", "a, b or c" (with `conjunction`), for messages and help text.
    package func joinedAsList(conjunction: String = "or") -> String {
        var result = ""
        for (index, part) in enumerated() {
            if index > 0 { result += index == count - 1 ? " \(conjunction) " : ", " }
            result += part
        }
        return result
    }
}
