import Zoetrope

/// `convert`'s options for frames from other tools: a list file, raw RGBA or YUV4MPEG2 frames.
struct InputOptions: ParsableArguments {
    @Option(name: .customLong("input-format"), help: ArgumentHelp(
        "What the input is: image (default: GIF, PNG, APNG, WebP; a .y4m file is recognised by its header), rgba "
        + "(raw frames, 4 bytes a pixel, as ffmpeg -f rawvideo -pix_fmt rgba writes; needs --size and --fps) or y4m "
        + "(YUV4MPEG2, as ffmpeg -f yuv4mpegpipe writes; size and rate from its header).", valueName: "format"))
    var inputFormat: InputFormat?

    @Option(help: ArgumentHelp("The frame size of --input-format rgba.", valueName: "WxH"))
    var size: FrameSizeArgument?

    @Option(name: .customLong("color-matrix"), help: ArgumentHelp(
        "The matrix of a YUV4MPEG2 input, which its header does not say: bt601 (default, as ffmpeg assumes) or bt709 "
        + "(most HD video). The range is the header's XCOLORRANGE, limited when absent.", valueName: "matrix"))
    var colorMatrix: YUVMatrix?

    @Option(help: ArgumentHelp("Read the frames from a list file instead of INPUT arguments: one line per file, its "
                               + "name (relative to the list) and how long it shows (40, 40ms or 0.04s).", valueName: "file"))
    var list: String?

    func validate() throws {
        if inputFormat == .rgba && size == nil { throw ValidationError("--input-format rgba needs --size WxH") }
        if size != nil && inputFormat != .rgba { throw ValidationError("--size applies to --input-format rgba only") }
        if colorMatrix != nil && inputFormat == .rgba { throw ValidationError("--color-matrix applies to YUV4MPEG2 input only") }
        if list != nil && (inputFormat ?? .image) != .image {
            throw ValidationError("--list names image files; it cannot be used with --input-format \(inputFormat!.rawValue)")
        }
    }
}

/// `--input-format`.
enum InputFormat: String, CaseIterable, ExpressibleByArgument {
    case image
    case rgba
    case y4m
}

extension YUVMatrix: ExpressibleByArgument {}

/// `--size WxH`.
struct FrameSizeArgument: ExpressibleByArgument {
    let size: PixelSize

    init?(argument: String) {
        let parts = argument.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
              (1...65_535).contains(width), (1...65_535).contains(height) else { return nil }
        size = PixelSize(width: width, height: height)
    }
}
