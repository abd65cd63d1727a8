/// The toolkit's way to the registry's encoders: `format`'s encoder (``ImageEncoder/named(_:)``)
/// with the settings it reads among a transcode's level and quality.
enum OutputEncoder {
    /// Encodes `source` as `format` with the registry's encoder: `.png` and `.apng` write a PNG
    /// still for one frame and APNG otherwise, `.webp` a lossless WebP (or lossy at
    /// `options.quality`), `.gif` a GIF. Play counts a format cannot store become the nearest it
    /// can.
    static func encode(_ source: some FrameSource, durations: [Duration], playCount: PlayCount,
                       as format: ImageFormat, options: TranscodeOptions, to output: EncodedBytesSink) throws {
        guard let encoder = ImageEncoder.named(format.rawValue) else {
            throw ZoetropeError(.unsupportedFormat, format: format, "no encoder writes \(format)")
        }
        var settings = EncoderSettings()
        settings.workers = options.workers
        if encoder.reads("level") { settings["level"] = String(options.level) }
        if let quality = options.quality {
            guard encoder.reads("quality") else {
                throw ZoetropeError(.invalidArgument, format: format, "a quality applies to WebP output, not \(format)")
            }
            settings["quality"] = String(quality)
        }
        try encoder.encode(source, durations: durations, playCount: playCount, settings: settings, to: output)
    }
}
