extension GIFEncoder {
    /// GIF's encoder in the registry: ``encode(_:durations:playCount:options:to:)`` with
    /// ``Options`` parsed from the settings `colors`, `dither`, `palette` and `lossy`.
    static let registryEntry = ImageEncoder(
        name: "GIF", formatNames: ["gif"], fileExtensions: ["gif"], mediaTypes: ["image/gif"],
        summary: "GIF (exact up to 256 colours a frame, else an adaptive palette, dithered)",
        options: [
            EncoderOption(name: "colors", values: "2 to 256",
                          help: "at most N colours per palette (fewer: smaller files, more dithering)"),
            EncoderOption(name: "dither", values: "auto, none, diffusion or ordered",
                          help: "how colours beyond the palette are approximated: auto is diffusion (Floyd–Steinberg) "
                              + "for a still image and ordered (a fixed Bayer pattern) for an animation, whose pattern "
                              + "does not flicker between frames"),
            EncoderOption(name: "palette", values: "auto, global or frame",
                          help: "palettes for frames with too many colours: auto, global (one for all) or frame (one each)"),
            EncoderOption(name: "lossy", values: "0 to 200",
                          help: "lossy LZW from 0 (off, the default) to 200, as gifsicle --lossy: smaller files, some "
                              + "noise (the compressor may continue a matched string with a colour up to N/3 away; "
                              + "30–80 are typical)"),
        ],
        rules: .gif,
        passes: { _ in 2 },
        encodeWithSettings: { source, durations, playCount, settings, output, _ in
            try encode(source, durations: durations, playCount: playCount, options: Options(settings),
                       workers: settings.workers, to: output)
        },
        checkSettings: { settings throws(ZoetropeError) in _ = try Options(settings) })
}

extension GIFEncoder.Options {
    /// The options `settings` give (`colors` 2–256, `dither`, `palette`, `lossy` 0–200), the
    /// defaults for the rest.
    /// - Throws: `.invalidArgument` for a value out of range or not among the choices.
    init(_ settings: EncoderSettings) throws(ZoetropeError) {
        let defaults = Self.default
        let dither = try settings.choice("dither", ["auto": Dither.automatic, "none": .none, "diffusion": .errorDiffusion,
                                                    "ordered": .ordered], format: .gif)
        let palette = try settings.choice("palette", ["auto": Palette.automatic, "global": .global, "frame": .perFrame],
                                          format: .gif)
        self.init(maximumColors: try settings.integer("colors", in: 2...256, format: .gif) ?? defaults.maximumColors,
                  dither: dither ?? defaults.dither, palette: palette ?? defaults.palette,
                  lossy: try settings.integer("lossy", in: 0...200, format: .gif) ?? defaults.lossy)
    }
}
