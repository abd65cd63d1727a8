/// PNG's encoder in the registry: one frame as a still PNG (``PNGEncoder``), several as an APNG
/// (``APNGEncoder``), at the compression level the setting `level` gives (6 by default).
enum PNGEncoderEntry {
    static let entry = ImageEncoder(
        name: "PNG", formatNames: ["png", "apng"], fileExtensions: ["png", "apng"], mediaTypes: ["image/png", "image/apng"],
        summary: "APNG, or a plain PNG for one frame (exact)",
        options: [
            EncoderOption(name: "level", values: "0 to 9",
                          help: "compression level from 0 (fastest) to 9 (smallest; 9 also tries every filter strategy "
                              + "and parses near-optimally, a few times slower than 6)"),
        ],
        rules: .apng,
        passes: { frameCount in frameCount == 1 ? 1 : 2 },
        encodeWithSettings: { source, durations, playCount, settings, output, _ in
            let level = try level(settings)
            guard source.frameCount == 1 else {
                return try APNGEncoder.encode(source, durations: durations, playCount: playCount, level: level,
                                              workers: settings.workers, to: output)
            }
            _ = try EncodingRules.png.check(source, durations: durations, playCount: playCount)
            var still: RGBAImage?
            try source.forEachCheckedFrame(format: .png) { _, frame in still = frame }
            if let still { try output(PNGEncoder.encode(still, level: level)) }
        },
        checkSettings: { settings throws(ZoetropeError) in _ = try level(settings) })

    /// The `level` setting, 0–9 (6 when not given).
    static func level(_ settings: EncoderSettings) throws(ZoetropeError) -> Int {
        try settings.integer("level", in: 0...9, format: .png) ?? 6
    }
}
