import Zoetrope

/// `convert`'s GIF knobs: colour count, dithering and palettes, for frames with more colours than
/// a GIF table holds (frames with fewer are always written exactly).
struct GIFOutputOptions: ParsableArguments {
    /// The `--dither` values.
    enum Dither: String, ExpressibleByArgument, CaseIterable {
        case auto, none, diffusion, ordered

        var encoderValue: GIFEncoder.Options.Dither {
            switch self {
            case .auto: return .automatic
            case .none: return .none
            case .diffusion: return .errorDiffusion
            case .ordered: return .ordered
            }
        }
    }

    /// The `--palette` values.
    enum Palette: String, ExpressibleByArgument, CaseIterable {
        case auto, global, frame

        var encoderValue: GIFEncoder.Options.Palette {
            switch self {
            case .auto: return .automatic
            case .global: return .global
            case .frame: return .perFrame
            }
        }
    }

    @Option(name: .long, parsing: .unconditional,
            help: "GIF: at most N colours per palette, 2 to 256 (fewer: smaller files, more dithering).")
    var colors: Int = 256

    @Option(name: .long, help: ArgumentHelp(
        "GIF: how colours beyond the palette are approximated: auto, none, diffusion or ordered.",
        discussion: "auto is diffusion (Floyd–Steinberg) for a still image and ordered (a fixed Bayer pattern) for an animation, whose pattern does not flicker between frames."))
    var dither: Dither = .auto

    @Option(name: .long, help: "GIF: palettes for frames with too many colours: auto, global (one for all) or frame (one each).")
    var palette: Palette = .auto

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(
        "GIF: lossy LZW from 0 (off, the default) to 200, as gifsicle --lossy: smaller files, some noise.",
        discussion: "The compressor may continue a matched string with a colour up to N/3 away (RGB distance); 30–80 are typical."))
    var lossy: Int = 0

    func validate() throws {
        guard (2...256).contains(colors) else {
            throw ValidationError("--colors must be between 2 and 256 (got \(colors))")
        }
        guard (0...200).contains(lossy) else {
            throw ValidationError("--lossy must be between 0 and 200 (got \(lossy))")
        }
    }

    /// The encoder options these knobs describe.
    var encoderOptions: GIFEncoder.Options {
        GIFEncoder.Options(maximumColors: colors, dither: dither.encoderValue, palette: palette.encoderValue, lossy: lossy)
    }
}
