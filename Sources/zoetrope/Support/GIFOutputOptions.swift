import ArgumentParser
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

    func validate() throws {
        guard (2...256).contains(colors) else {
            throw ValidationError("--colors must be between 2 and 256 (got \(colors))")
        }
    }

    /// The encoder options these knobs describe.
    var encoderOptions: GIFEncoder.Options {
        GIFEncoder.Options(maximumColors: colors, dither: dither.encoderValue, palette: palette.encoderValue)
    }
}
