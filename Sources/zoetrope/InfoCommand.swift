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

        With no FILE, describes the built-in sample animation; - reads standard input.

        --json prints one object per file (an array when several files are given), compact on one \
        line unless --pretty is given; the schema is documented in docs/cli.md. The exit status \
        is 1 when any file could not be read.

        Examples:
          zoetrope info cat.gif
          zoetrope info --json *.gif | jq '.[].frameCount'
          curl -s URL | zoetrope info -
        """
    )

    @Argument(help: ArgumentHelp("Image files (\(FormatNames.list)), or - for standard input. None: the built-in sample animation."))
    var files: [String] = []

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @Flag(help: "Indent the JSON output.")
    var pretty = false

    @Flag(help: "Read the frame table only; do not decode frames to look for damage.")
    var structureOnly = false

    @Flag(help: "Report delays exactly as stored (no 100 ms minimum for tiny delays).")
    var rawTiming = false

    func run() throws {
        let options = DecodingOptions(timing: rawTiming ? .raw : .browser)
        let sources = ImageSource.list(files)
        var reports: [JSONValue] = []
        var failures = 0
        try reportingFailures("info") {
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
                try StandardOutput.print((sources.count == 1 ? reports[0] : .array(reports)).rendered(pretty: pretty))
            }
        }
        if failures > 0 { throw ExitCode.failure }
    }
}
