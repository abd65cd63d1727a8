import Zoetrope

struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Describe images: format, size, frames, loops, timing and damage.",
        discussion: """
        Prints the canvas size, frame count, loop count (as stored and as the number of plays), \
        total duration, and for every frame its rectangle, disposal, blend, transparency and delay \
        (as stored and as browsers show it: 10 ms or less becomes 100 ms). Every frame is decoded \
        to find damage unless --structure-only is given.

        - reads standard input. With no FILE, standard input is read when it is not a terminal \
        (cat cat.gif | zoetrope info); from a terminal, the built-in sample animation is described.

        --json prints an array with one object per file, however many files there are, compact on \
        one line unless --pretty is given; the schema (version 2) is documented in docs/cli.md. \
        The exit status is 1 when any file could not be read.

        Examples:
          zoetrope info cat.gif
          zoetrope info --json *.gif | jq '.[].frameCount'
          curl -s URL | zoetrope info
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

    @Flag(help: "Report delays exactly as stored (no 100 ms minimum for tiny delays).")
    var rawTiming = false

    func validate() throws {
        try ImageSource.requireStandardInputOnce(files)
    }

    func run() throws {
        let options = DecodingOptions(timing: rawTiming ? .raw : .browser)
        let sources = ImageSource.list(files)
        var reports: [JSONValue] = []
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
                try StandardOutput.print(JSONValue.array(reports).rendered(pretty: pretty))
            }
        }
        if failures > 0 { throw ExitCode.failure }
    }
}
