import Zoetrope

/// `convert`'s encoder settings, each read by the output formats whose registry entry lists it
/// (`ImageEncoder.options`): their help comes from the registry, and one given for a format that
/// does not read it is an error (`--lossy` with a .webp output), as is a value out of range.
struct EncoderFlags: ParsableArguments {
    @Option(name: .long, parsing: .unconditional, help: help("level"))
    var level: Int?

    @Option(name: .long, parsing: .unconditional, help: help("colors"))
    var colors: Int?

    @Option(name: .long, help: help("dither"))
    var dither: String?

    @Option(name: .long, help: help("palette"))
    var palette: String?

    @Option(name: .long, parsing: .unconditional, help: help("lossy"))
    var lossy: Int?

    @Option(name: .long, parsing: .unconditional, help: help("quality"))
    var quality: Double?

    @Option(name: .long, parsing: .unconditional, help: help("method"))
    var method: Int?

    @Flag(name: .long, help: help("mixed"))
    var mixed = false

    @Option(name: .customLong("alpha-quality"), parsing: .unconditional, help: help("alpha-quality"))
    var alphaQuality: Int?

    @Flag(name: .customLong("min-size"), help: help("min-size"))
    var minimizesSize = false

    @Option(name: .long, parsing: .unconditional, help: help("kmin"))
    var kmin: Int?

    @Option(name: .long, parsing: .unconditional, help: help("kmax"))
    var kmax: Int?

    /// The settings given, by name.
    var settings: EncoderSettings {
        var settings = EncoderSettings()
        settings["level"] = level.map(String.init)
        settings["colors"] = colors.map(String.init)
        settings["dither"] = dither
        settings["palette"] = palette
        settings["lossy"] = lossy.map(String.init)
        settings["quality"] = quality.map { String($0) }
        settings["method"] = method.map(String.init)
        settings["mixed"] = mixed ? "true" : nil
        settings["alpha-quality"] = alphaQuality.map(String.init)
        settings["min-size"] = minimizesSize ? "true" : nil
        settings["kmin"] = kmin.map(String.init)
        settings["kmax"] = kmax.map(String.init)
        return settings
    }

    /// Refuses settings `encoder` does not read, then values it refuses.
    func check(for encoder: ImageEncoder) throws {
        for name in settings.names where !encoder.reads(name) {
            let readers = ImageEncoder.readers(of: name).map(\.name)
            throw CommandFailure(file: nil, "--\(name) applies to \(readers.joinedAsList(conjunction: "and")) output only, "
                                 + "not \(encoder.name)")
        }
        try encoder.check(settings)
    }

    /// The help of the setting `name`: each format that reads it, with what it does there.
    static func help(_ name: String) -> ArgumentHelp {
        let uses = ImageEncoder.readers(of: name).compactMap { reader in
            reader.options.first { $0.name == name }.map { "\(reader.name) (\($0.values)): \($0.help)" }
        }
        return ArgumentHelp(uses.concatenated(separator: "; ") + ".", valueName: name)
    }
}
