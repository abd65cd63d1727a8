extension WebPEncoder {
    /// WebP's encoder in the registry: ``encode(_:durations:playCount:level:to:)`` (lossless, a
    /// still for one frame) at the effort the setting `level` gives (6 by default).
    static let registryEntry = ImageEncoder(
        name: "WebP", formatNames: ["webp"], fileExtensions: ["webp"], mediaTypes: ["image/webp"],
        summary: "lossless WebP, animated or still",
        options: [
            EncoderOption(name: "level", values: "0 to 9", help: "effort from 0 (fastest) to 9 (smallest output)"),
        ],
        rules: .webp,
        passes: { _ in 1 },
        encodeWithSettings: { source, durations, playCount, settings, output in
            try encode(source, durations: durations, playCount: playCount, level: level(settings), to: output)
        },
        checkSettings: { settings throws(ZoetropeError) in _ = try level(settings) })

    /// The `level` setting, 0–9 (6 when not given).
    static func level(_ settings: EncoderSettings) throws(ZoetropeError) -> Int {
        try settings.integer("level", in: 0...9, format: .webp) ?? VP8LEncoderSettings.defaultLevel
    }
}
