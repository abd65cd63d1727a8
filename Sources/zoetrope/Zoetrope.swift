import ArgumentParser
import Zoetrope
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

@main
struct ZoetropeCommand: ParsableCommand {
    /// The command's version, printed by `--version`.
    static let version = "0.5.0"

    static let configuration = CommandConfiguration(
        commandName: "zoetrope",
        abstract: "Inspect, extract, convert and play animated images (\(FormatNames.list)).",
        discussion: """
        Every command reads files or - (standard input) and reports problems as one line on \
        standard error: zoetrope COMMAND: FILE: what is wrong (at byte N). The exit status is 0 \
        on success and 1 on any failure, including a failed write to standard output.
        """,
        version: version,
        subcommands: [PlayCommand.self, InfoCommand.self, FramesCommand.self, ConvertCommand.self, TimelineCommand.self]
    )

    /// Runs the command. A closed pipe on standard output ends the process quietly through the
    /// default SIGPIPE action, as in other Unix tools, even when the parent ignored the signal.
    static func main() {
        signal(SIGPIPE, SIG_DFL)
        main(nil)
    }
}
