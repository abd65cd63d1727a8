import Zoetrope

/// `convert`'s edits that keep the animation (``AnimationEdit``): crop, rotate, flip, trim,
/// reverse, speed, frame-rate cap, plays.
struct EditOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Keep the rectangle WxH+X+Y of the canvas (pixels; X, Y from the top left), "
                               + "before any rotation; or content (also auto): the smallest rectangle holding every "
                               + "pixel that is not transparent in any frame (found by a first pass over the frames).",
                               valueName: "WxH+X+Y|content"))
    var crop: CropRect?

    @Option(help: ArgumentHelp("Turn the picture clockwise by 90, 180 or 270 degrees (after --crop).", valueName: "degrees"))
    var rotate: Rotation?

    @Option(help: ArgumentHelp("Mirror the picture (after --rotate): horizontal swaps left and right, vertical "
                               + "top and bottom.", valueName: "axis"))
    var flip: Flip?

    @Option(help: ArgumentHelp("Make the corners transparent (after --flip, before --width/--height), with an "
                               + "anti-aliased edge: circle (the ellipse filling the picture, a circle when it is square) "
                               + "or rounded:R (corners rounded to R pixels).", valueName: "circle|rounded:R"))
    var mask: MaskArgument?

    @Option(parsing: .unconditional, help: ArgumentHelp("Keep the time span FROM-TO of the animation, in seconds (1.5-4, 2- to the end, "
                               + "-3 from the start); frames cut by either end are shortened.", valueName: "FROM-TO"))
    var trim: TrimRange?

    @Flag(help: "Play the frames last to first.")
    var reverse = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Play FACTOR times as fast (2: twice as fast, 0.5: half "
                                                        + "as fast); a frame is never shorter than 20 ms "
                                                        + "(browsers slow shorter GIF frames to 100 ms), with a warning.",
                                                        valueName: "FACTOR"))
    var speed: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Show at most N frames a second: faster frames are dropped "
                                                        + "by time and the total duration is kept. For inputs without a "
                                                        + "rate (still images joined, such as a PNG sequence; raw RGBA "
                                                        + "frames) it is the rate: each frame shows 1/N s.", valueName: "N"))
    var fps: Int?

    @Option(help: ArgumentHelp("How many times the output plays: a number from 1, or forever (0 means forever "
                               + "too). Default: as the input.", valueName: "N"))
    var plays: PlaysArgument?

    /// The edit the options describe, in ``AnimationEdit``'s order (trim, reverse, speed, fps;
    /// crop, rotate, flip).
    var edit: AnimationEdit {
        var edit = AnimationEdit()
        edit.crop = crop?.rect
        edit.rotation = rotate ?? .none
        edit.flip = flip
        edit.mask = mask?.mask
        edit.trim = trim?.range
        edit.isReversed = reverse
        edit.speed = speed ?? 1
        edit.maxFrameRate = fps
        edit.plays = plays?.count
        return edit
    }

    func validate() throws {
        if let speed, !(speed.isFinite && speed > 0) { throw ValidationError("--speed must be greater than 0 (got \(speed))") }
        if let fps, fps < 1 { throw ValidationError("--fps must be at least 1 (got \(fps))") }
    }
}

extension Rotation: ExpressibleByArgument {
    init?(argument: String) {
        guard let degrees = Int(argument), let rotation = Rotation(rawValue: degrees), rotation != .none else { return nil }
        self = rotation
    }
    static var allValueStrings: [String] { ["90", "180", "270"] }
    var defaultValueDescription: String { "\(rawValue)" }
}

extension Flip: ExpressibleByArgument {}

/// `--crop WxH+X+Y` (ImageMagick's geometry; `+X+Y` may be left out for the top left corner), or
/// `--crop content` (`auto`): the bounds of what the frames show, found by a first pass.
struct CropRect: ExpressibleByArgument {
    /// The rectangle; `nil` for `content` until ``ConvertCommand`` has measured it.
    let rect: PixelRect?

    var isContent: Bool { rect == nil }

    init?(argument: String) {
        if argument == "content" || argument == "auto" {
            rect = nil
            return
        }
        let parts = argument.split(separator: "+", omittingEmptySubsequences: false)
        let size = parts[0].split(separator: "x", omittingEmptySubsequences: false)
        guard size.count == 2, parts.count == 1 || parts.count == 3,
              let width = Int(size[0]), let height = Int(size[1]), width > 0, height > 0 else { return nil }
        let origin = parts.count == 3 ? (Int(parts[1]), Int(parts[2])) : (0, 0)
        guard let x = origin.0, let y = origin.1, x >= 0, y >= 0 else { return nil }
        rect = PixelRect(x: x, y: y, width: width, height: height)
    }
}

/// `--trim FROM-TO` in seconds, either end optional.
struct TrimRange: ExpressibleByArgument {
    let range: Range<Duration>

    init?(argument: String) {
        let bounds = argument.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard bounds.count == 2 else { return nil }
        let from = bounds[0].isEmpty ? 0 : Double(bounds[0])
        let to = bounds[1].isEmpty ? Double(Int32.max) : Double(bounds[1])
        guard let from, let to, from.isFinite, to.isFinite, from >= 0, to > from else { return nil }
        range = Duration.milliseconds(Int64((from * 1000).rounded()))..<Duration.milliseconds(Int64((to * 1000).rounded()))
        guard !range.isEmpty else { return nil }
    }
}

/// `--plays N|forever`.
struct PlaysArgument: ExpressibleByArgument {
    let count: PlayCount

    init?(argument: String) {
        if argument == "forever" || argument == "0" {
            count = .infinite
        } else if let plays = Int(argument), plays >= 1 {
            count = .finite(plays)
        } else {
            return nil
        }
    }
}

/// `--mask circle` or `--mask rounded:R`.
struct MaskArgument: ExpressibleByArgument {
    let mask: FrameMask

    init?(argument: String) {
        if argument == "circle" {
            mask = .circle
        } else if argument.hasPrefix("rounded:"), let radius = Int(argument.dropFirst("rounded:".count)), radius >= 0 {
            mask = .rounded(radius: radius)
        } else {
            return nil
        }
    }
}
