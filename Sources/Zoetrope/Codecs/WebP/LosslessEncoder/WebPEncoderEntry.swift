extension WebPEncoder {
    /// WebP's encoder in the registry: ``encode(_:durations:playCount:options:to:)`` with the
    /// options the settings give: lossless at `level` (6 by default) unless `quality` makes it
    /// lossy or `mixed` codes each frame the smaller way.
    static let registryEntry = ImageEncoder(
        name: "WebP", formatNames: ["webp"], fileExtensions: ["webp"], mediaTypes: ["image/webp"],
        summary: "WebP, animated or still: lossless, lossy (--quality) or mixed",
        options: [
            EncoderOption(name: "level", values: "0 to 9", help: "lossless effort from 0 (fastest) to 9 (smallest output)"),
            EncoderOption(name: "quality", values: "0 to 100",
                          help: "lossy (VP8) at this quality, as cwebp -q (75 is its default); without it, lossless"),
            EncoderOption(name: "method", values: "0 to 6", help: "lossy effort, as cwebp -m (default 4)"),
            EncoderOption(name: "mixed", values: "flag", help: "each frame lossy or lossless, whichever is smaller"),
            EncoderOption(name: "alpha-quality", values: "0 to 100", help: "lossy alpha plane quality (100, the default, is exact)"),
            EncoderOption(name: "min-size", values: "flag",
                          help: "lossy or mixed animations: try every disposal and compression per frame (slower)"),
            EncoderOption(name: "kmin", values: "1 or more", help: "from this many frames after a key frame, one that changes nearly everything becomes one"),
            EncoderOption(name: "kmax", values: "1 or more", help: "at most this many frames between key frames (default: none)"),
        ],
        rules: .webp,
        passes: { _ in 1 },
        encodeWithSettings: { source, durations, playCount, settings, output, rewrite in
            try encode(source, durations: durations, playCount: playCount, options: options(settings),
                       workers: settings.workers, to: output, rewriting: rewrite)
        },
        checkSettings: { settings throws(ZoetropeError) in _ = try options(settings) })

    /// The `level` setting, 0–9 (6 when not given).
    static func level(_ settings: EncoderSettings) throws(ZoetropeError) -> Int {
        try settings.integer("level", in: 0...9, format: .webp) ?? VP8LEncoderSettings.defaultLevel
    }

    /// The options the settings describe.
    static func options(_ settings: EncoderSettings) throws(ZoetropeError) -> Options {
        let quality = try settings.number("quality", in: 0...100, format: .webp)
        let mixed = settings["mixed"] != nil
        let compression: Options.Compression = mixed ? .mixed : quality == nil ? .lossless : .lossy
        let kmax = try settings.integer("kmax", in: 1...Int(Int32.max), format: .webp)
        let kmin = try settings.integer("kmin", in: 1...Int(Int32.max), format: .webp)
        if compression == .lossless {
            for name in ["method", "alpha-quality", "min-size", "kmin", "kmax"] where settings[name] != nil {
                throw ZoetropeError(.invalidArgument, format: .webp, "\(name) applies to lossy or mixed WebP only (give a quality or mixed)")
            }
        }
        return Options(compression: compression, quality: quality ?? 75,
                       method: try settings.integer("method", in: 0...6, format: .webp) ?? 4, level: try level(settings),
                       alphaQuality: try settings.integer("alpha-quality", in: 0...100, format: .webp) ?? 100,
                       minimizesSize: settings["min-size"] != nil,
                       keyFrameDistance: kmax.map { upper in min(kmin ?? (upper / 2 + 1), upper)...upper })
    }
}

extension EncoderSettings {
    /// The number given for `name` within `range`, or `nil` when none was given.
    /// - Throws: `.invalidArgument` for `format` when the text is not a number in `range`.
    func number(_ name: String, in range: ClosedRange<Double>, format: ImageFormat) throws(ZoetropeError) -> Double? {
        guard let text = self[name] else { return nil }
        guard let value = Double(text), range.contains(value) else {
            throw ZoetropeError(.invalidArgument, format: format,
                                "\(name) must be between \(Int(range.lowerBound)) and \(Int(range.upperBound)) (got \(text))")
        }
        return value
    }
}
