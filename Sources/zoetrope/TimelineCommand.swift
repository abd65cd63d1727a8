import Zoetrope
import ZoetropeTesting

/// `zoetrope timeline`: which frame shows when, without a screen.
struct TimelineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline",
        abstract: "Show which frame an animation shows when, on a simulated display.",
        discussion: """
            Plays FILE through the real animator and frame buffer on a simulated clock ticking \
            --refresh times a second, and prints the time and index of every frame change, then the \
            plays completed, buffer misses and the peak of decoded frames held.

            On the simulated clock decoding takes no time (before each tick the buffer finishes the \
            work asked of it so far), so the output is the same on every run: the timing a fast \
            enough machine shows. With --realtime a timer clock drives playback instead, and slow \
            decoding shows up as buffer misses.

            Examples:
              zoetrope timeline cat.gif
              zoetrope timeline cat.gif --refresh 120 --rate 2 --mode bounce --json
              zoetrope timeline big.gif --budget 20000000 --seconds 30 --realtime
            """
    )

    @Argument(help: ArgumentHelp("The animated image (\(FormatNames.list)), or - for standard input."))
    var file: String

    @Option(name: .customLong("refresh"), parsing: .unconditional, help: ArgumentHelp("Display refresh rate in ticks per second.", valueName: "hz"))
    var refresh: Double = 60

    @Option(parsing: .unconditional, help: ArgumentHelp("How long to play, in seconds (default: until the animation finishes, at most 600 s, or 10 s when it plays forever).",
                               valueName: "s"))
    var seconds: Double?

    @Option(parsing: .unconditional, help: "Playback speed: 2 is twice as fast, 0.5 half as fast.")
    var rate: Double = 1

    @Option(help: "Frame order: forward, reverse or bounce.")
    var mode: PlaybackMode = .forward

    @Option(help: "When late: skip frames to keep wall-clock time, or wait to show every frame.")
    var lateness: Lateness = .skip

    @Option(parsing: .unconditional, help: ArgumentHelp("Bytes of decoded frames to keep ahead (default: automatic, what playback needs).",
                               valueName: "bytes"))
    var budget: Int?

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    @Flag(help: "Indent the JSON output.")
    var pretty = false

    @Flag(help: "Drive playback with a real timer clock, in real time.")
    var realtime = false

    func validate() throws {
        guard refresh.isFinite, refresh >= 1, refresh <= 1000 else {
            throw ValidationError("--refresh must be between 1 and 1000 ticks per second")
        }
        if let seconds, !(seconds.isFinite && seconds > 0 && seconds <= 86_400) {
            throw ValidationError("--seconds must be more than 0 and at most 86400")
        }
        guard rate.isFinite, rate > 0, rate <= 100 else {
            throw ValidationError("--rate must be more than 0 and at most 100")
        }
        if let budget, budget <= 0 { throw ValidationError("--budget must be a positive number of bytes") }
        if let seconds, seconds * refresh > Double(Self.maximumTicks) {
            throw ValidationError("--seconds × --refresh is \(Int(seconds * refresh)) ticks; at most \(Self.maximumTicks) are simulated "
                                  + "(shorten --seconds or lower --refresh)")
        }
    }

    /// The most clock ticks one run simulates, so that the work (and the output) stays bounded.
    static let maximumTicks = 1_000_000

    func run() throws {
        let source = ImageSource.file(PathArgument(file))
        try reportingFailures("timeline", file: source.name) {
            try ProtectedInputs([source]).refuseStandardOutput()
            let image = try source.open().image
            let configuration = Animator.Configuration(style: PlaybackStyle(rate: rate, mode: mode), lateness: lateness.policy,
                                                       budget: budget.map { .bytes($0) } ?? .automatic)
            let length = playLength(of: image)
            // On the simulated clock decoding takes no time, so the pixels change nothing: play the
            // timing alone (see TimingImage). In real time, decoding is what is measured.
            let report = realtime
                ? try PlaybackSimulation.runInRealTime(image, ticksPerSecond: refresh, duration: length,
                                                       configuration: configuration)
                : try PlaybackSimulation.run(TimingImage(image), ticksPerSecond: refresh, duration: length,
                                             configuration: configuration)
            try StandardOutput.print(json ? jsonText(report) : text(report, image: image, name: source.name))
            for warning in image.warnings {
                StandardError.print(CommandFailure(file: source.name, "warning: " + CommandFailure.describe(warning))
                    .line(subcommand: "timeline"))
            }
        }
    }

    /// --seconds, or the whole animation at this rate (plus a tick), or 10 s when it plays forever.
    private func playLength(of image: AnimatedImage) -> Duration {
        if let seconds { return .seconds(seconds) }
        guard let plays = image.playCount.count else { return .seconds(10) }
        let length = mode.playDuration(of: image) * plays * (1 / rate) + .seconds(1 / refresh)
        // A file can ask for days of playback (65 535 plays of 655 s frames): simulate at most ten
        // minutes unless --seconds asks for more.
        return min(length, Self.defaultLengthCap, .seconds(Double(Self.maximumTicks) / refresh))
    }

    static let defaultLengthCap = Duration.seconds(600)

    private func text(_ report: PlaybackReport, image: AnimatedImage, name: String) -> String {
        var lines = ["\(name): \(image.format), \(image.canvasSize), \(image.frameCount) frames, \(image.playCount); "
            + "\(number(refresh)) Hz, rate \(number(rate)), \(mode.rawValue), \(lateness.rawValue)"
            + (realtime ? ", real time" : "")]
        lines.append("   time (ms)  frame  play")
        for change in report.changes {
            lines.append(pad(milliseconds(change.time), 12) + pad("\(change.frame)", 7) + pad("\(change.play)", 6))
        }
        lines.append("plays completed: \(report.playsCompleted)\(report.finished ? " (finished)" : "")")
        lines.append("buffer misses: \(report.bufferMisses)")
        lines.append("peak buffered: \(report.peakBufferedFrames) frames, \(report.peakBufferedBytes) bytes")
        return lines.concatenated(separator: "\n")
    }

    private func jsonText(_ report: PlaybackReport) -> String {
        let changes = report.changes.map { change -> JSONText in
            .object([("timeMs", .milliseconds(change.time)), ("frame", .int(change.frame)), ("loop", .int(change.play))])
        }
        return JSONText.object([
            ("schemaVersion", .int(JSONSchemaVersion.timeline)),
            ("changes", .array(changes)),
            ("loopsCompleted", .int(report.playsCompleted)),
            ("finished", .bool(report.finished)),
            ("bufferMisses", .int(report.bufferMisses)),
            ("peakBufferedFrames", .int(report.peakBufferedFrames)),
            ("peakBufferedBytes", .int(report.peakBufferedBytes)),
        ]).rendered(pretty: pretty)
    }

    /// Milliseconds to three decimals, without trailing zeros: `100`, `116.667`.
    private func milliseconds(_ time: Duration) -> String {
        JSONText.milliseconds(time).rendered()
    }

    private func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? "\(Int(value))" : "\(value)"
    }

    private func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
