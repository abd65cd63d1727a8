import ArgumentParser
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

        With no FILE, describes the built-in sample animation.

        --json prints one object per file (an array when several files are given); the schema is \
        documented in docs/cli.md.

        Examples:
          zoetrope info cat.gif
          zoetrope info --json *.gif | jq '.[].frameCount'
        """
    )

    @Argument(help: ArgumentHelp("Image files (\(FormatNames.list)). None: the built-in sample animation."))
    var files: [String] = []

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @Flag(help: "Read the frame table only; do not decode frames to look for damage.")
    var structureOnly = false

    @Flag(help: "Report delays exactly as stored (no 100 ms minimum for tiny delays).")
    var rawTiming = false

    func run() throws {
        let options = DecodingOptions(timing: rawTiming ? .raw : .browser)
        let sources = files.isEmpty ? [ImageSource.builtInSample] : files.map(ImageSource.file)
        var reports: [JSONValue] = []
        var failures = 0
        for source in sources {
            do {
                let report = try InfoReport(name: source.name, image: try source.open(options: options),
                                            decodeFrames: !structureOnly)
                if json { reports.append(report.json) } else { print(report.text) }
            } catch {
                failures += 1
                StandardError.print("zoetrope info: \(source.name): \(error)")
                if json { reports.append(InfoReport.json(file: source.name, error: error)) }
            }
        }
        if json {
            print((reports.count == 1 && sources.count == 1 ? reports[0] : .array(reports)).rendered())
        }
        if failures > 0 { throw ExitCode.failure }
    }
}
