
/// The options `convert` and `frames` share: which frames, at what size, and quiet.
struct FrameOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("Frames to take: indices and ranges such as 0-9,15,20- (default: all).", valueName: "list"))
    var frames: FrameSelection?

    @Option(parsing: .unconditional, help: "Width in pixels (keeps the aspect ratio unless --height is given too).")
    var width: Int?

    @Option(parsing: .unconditional, help: "Height in pixels (keeps the aspect ratio unless --width is given too).")
    var height: Int?

    @Flag(name: .shortAndLong, help: "No progress line.")
    var quiet = false

    func validate() throws {
        for (name, value) in [("--width", width), ("--height", height)] {
            if let value, !(1...SelectedFrames.maximumSide).contains(value) {
                throw ValidationError("\(name) must be 1 to \(SelectedFrames.maximumSide) pixels (got \(value))")
            }
        }
    }
}
