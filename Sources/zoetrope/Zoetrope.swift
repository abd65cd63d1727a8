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
        on success, 1 on any failure (including a failed write to standard output) and 64 for a \
        command line it cannot use.
        """,
        version: version,
        subcommands: [PlayCommand.self, InfoCommand.self, FramesCommand.self, ConvertCommand.self, ThumbnailCommand.self,
                      TimelineCommand.self]
    )

    /// Runs the command. A closed pipe on standard output ends the process quietly through the
    /// default SIGPIPE action, as in other Unix tools, even when the parent ignored the signal.
    /// Every subcommand but `play` (whose terminal session handles signals itself) handles the
    /// terminating signals from the start, so that none leaves an unfinished file behind or prints
    /// a crash report (see ``TemporaryFiles``).
    static func main() {
        signal(SIGPIPE, SIG_DFL)
        // Freed canvases and frames go back to the system instead of staying resident (glibc).
        LargeBufferRelease.enable()
        let arguments = Array(CommandLine.arguments.dropFirst())
        var command: any ParsableCommand
        do {
            command = try parseAsRoot(arguments)
        } catch {
            exitRefusing(arguments, error)
        }
        if !(command is PlayCommand) { TemporaryFiles.shared.installHandlers() }
        do {
            try command.run()
        } catch {
            exit(withError: error)
        }
    }

    /// Ends the process for a command line the parser refused, with the same one-line shape as
    /// every other failure (`zoetrope SUBCOMMAND: what is wrong`) and the parser's usage exit
    /// status (64); help, `--version` and completion scripts print as usual.
    private static func exitRefusing(_ arguments: [String], _ error: any Error) -> Never {
        let status = exitCode(for: error)
        guard status != .success else { exit(withError: error) }
        let names = configuration.subcommands.map { $0._commandName }
        let prefix = arguments.first(where: names.contains).map { "zoetrope \($0)" } ?? "zoetrope"
        let message = message(for: error).split(whereSeparator: \.isNewline).map(String.init).concatenated(separator: "; ")
        StandardError.print(EscapedText.line("\(prefix): \(message) (see '\(prefix) --help')"))
        Self.exit(withError: status)
    }
}
