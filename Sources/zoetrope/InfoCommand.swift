import Zoetrope

struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Describe images: format, size, frames, plays, timing and damage.",
        discussion: """
        Prints the canvas size, frame count, loop count (as stored and as the number of plays), \
        total duration, and for every frame its rectangle, disposal, blend, transparency and duration \
        (as stored and as browsers show it: 10 ms or less becomes 100 ms). Every frame is decoded \
        to find damage unless --structure-only is given.

        - reads standard input. With no FILE, standard input is read when it is not a terminal \
        (cat cat.gif | zoetrope info); from a terminal, the built-in sample animation is described.

        --check LIMITS checks each file against an upload policy from its headers alone (no pixel \
        is decoded) and prints the verdict instead: accepted or refused, with the format, canvas, \
        frame count, total duration, pixels summed over frames, size, damage found, and every \
        limit broken. LIMITS is comma-separated key=value items over the default policy: bytes \
        (file size; 32MiB), side (canvas width or height; 8192), canvas (canvas pixels, or WxH; \
        4096x4096), frames (1000), pixels (summed over frames; 268402689), duration (600s; ms, s \
        or min), damage (allow or refuse; refuse). Counts take k, M, G (x1000) or Ki, Mi, Gi \
        (x1024); none removes a limit; a first item unlimited starts from no limits, and \
        "default" is the default policy. The exit status is 1 when any file is refused.

        --json prints an array with one object per file, however many files there are, compact on \
        one line unless --pretty is given; the schema (version 2) is documented in docs/cli.md. \
        The exit status is 1 when any file could not be read.

        Examples:
          zoetrope info cat.gif
          zoetrope info --json *.gif | jq '.[].frameCount'
          curl -s URL | zoetrope info
          zoetrope info --check frames=500,duration=30s,bytes=8MiB upload.gif
          zoetrope info --check unlimited,pixels=100M --json *.webp
        """
    )

    @Argument(help: ArgumentHelp("Image files (\(FormatNames.list)), or - for standard input. None: standard input, or the built-in sample animation from a terminal."))
    var files: [String] = []

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @Flag(help: "Indent the JSON output.")
    var pretty = false

    @Flag(help: "Read the frame table only; do not decode frames to look for damage.")
    var structureOnly = false

    @Flag(help: "Report durations exactly as stored (no 100 ms minimum for tiny ones).")
    var rawTiming = false

    @Option(name: .customLong("check"), help: ArgumentHelp(
        "Check each file against upload limits from its headers and print the verdict.",
        valueName: "LIMITS"))
    var checkLimits: String?

    func validate() throws {
        try ImageSource.requireStandardInputOnce(files)
        if let checkLimits {
            do { _ = try UploadPolicy(parsing: checkLimits) } catch {
                throw ValidationError("--check: \(error.message)")
            }
        }
    }

    func run() throws {
        if let checkLimits {
            var failures = 0
            try reportingFailures("info") {
                failures = try CheckReport.run(ImageSource.list(files), policy: UploadPolicy(parsing: checkLimits),
                                               json: json, pretty: pretty)
            }
            if failures > 0 { throw ExitCode.failure }
            return
        }
        let options = DecodingOptions(timing: rawTiming ? .raw : .browser)
        let sources = ImageSource.list(files)
        var reports: [JSONText] = []
        var failures = 0
        try reportingFailures("info") {
            try ProtectedInputs(sources).refuseStandardOutput()
            for source in sources {
                let report: InfoReport
                do {
                    report = try InfoReport(name: source.name, image: try source.open(options: options).image,
                                            decodeFrames: !structureOnly)
                } catch {
                    failures += 1
                    StandardError.print(CommandFailure(file: source.name, error).line(subcommand: "info"))
                    if json { reports.append(InfoReport.json(file: source.name, error: error)) }
                    continue
                }
                if json { reports.append(report.json) } else { try StandardOutput.print(report.text) }
            }
            if json {
                try StandardOutput.print(JSONText.array(reports).rendered(pretty: pretty))
            }
        }
        if failures > 0 { throw ExitCode.failure }
    }
}
