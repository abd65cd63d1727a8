import Foundation
import Testing
@testable import zoetrope

/// The command's own argument parser, on a command declared here with every shape of argument.
@Suite("Argument parsing")
struct ArgumentParsingTests {
    enum Shape: String, ExpressibleByArgument, CaseIterable {
        case circle, square
    }

    struct Shared: ParsableArguments {
        @Option(help: "A width.") var width: Int?
        @Flag(name: .shortAndLong, help: "Say less.") var quiet = false

        func validate() throws {
            if let width, width <= 0 { throw ValidationError("--width must be positive") }
        }
    }

    struct Probe: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "probe", abstract: "A command for tests.")
        @Argument(help: "The input.") var input: String
        @Argument(help: "More files.") var rest: [String] = []
        @Option(name: .shortAndLong, help: "Where to write.") var output: String?
        @Option(help: "A shape.") var shape: Shape = .circle
        @Option(parsing: .unconditional, help: "A rate.") var rate: Double = 1
        @Option(help: "Tags.") var tag: [String] = []
        @Option(name: .customLong("old-name"), help: .hidden) var legacy: Int?
        @Flag(help: "JSON output.") var json = false
        @OptionGroup(title: "Shared") var shared: Shared

        func run() throws {}
    }

    struct Root: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "root", abstract: "Root.", version: "1.2.3",
                                                        subcommands: [Probe.self])
    }

    private func usage(_ arguments: [String]) -> String? {
        do {
            _ = try Probe.parse(arguments)
            return nil
        } catch {
            #expect(Root.exitCode(for: error) == .validationFailure)
            return Root.message(for: error)
        }
    }

    @Test("values of every shape reach the command")
    func shapes() throws {
        let probe = try Probe.parse(["in", "a", "-o", "out", "--shape=square", "--rate", "-2", "--tag", "x",
                                     "--tag", "y", "--json", "-q", "--width", "7", "--", "-b"])
        #expect(probe.input == "in" && probe.rest == ["a", "-b"])
        #expect(probe.output == "out" && probe.shape == .square && probe.rate == -2)
        #expect(probe.tag == ["x", "y"] && probe.json && probe.shared.quiet && probe.shared.width == 7)
        #expect(probe.legacy == nil)
        let defaults = try Probe.parse(["-"])
        #expect(defaults.input == "-" && defaults.rest.isEmpty && defaults.output == nil && defaults.shape == .circle)
        #expect(defaults.rate == 1 && !defaults.json && !defaults.shared.quiet && defaults.tag.isEmpty)
        let grouped = try Probe.parse(["in", "-qoout", "--old-name", "3"])
        #expect(grouped.shared.quiet && grouped.output == "out" && grouped.legacy == 3)
    }

    @Test("a command line it cannot use is refused with the reason")
    func refusals() {
        #expect(usage([]) == "Missing expected argument '<input>'")
        #expect(usage(["in", "--shape", "oval"])
            == "The value 'oval' is invalid for '--shape <shape>'. Please provide one of 'circle' or 'square'.")
        #expect(usage(["in", "--output"]) == "Missing value for '--output <output>'")
        #expect(usage(["in", "-o", "--json"]) == "Missing value for '-o <output>'")
        #expect(usage(["in", "--jsn"]) == "Unknown option '--jsn'. Did you mean '--json'?")
        #expect(usage(["in", "-x"]) == "Unknown option '-x'")
        #expect(usage(["in", "--json=1"]) == "The option '--json' does not take any value, but '1' was specified.")
        #expect(usage(["in", "--width", "0"]) == "--width must be positive")
        #expect(usage(["in", "--rate", "fast"]) == "The value 'fast' is invalid for '--rate <rate>'")
    }

    @Test("help, the version and subcommands from the root")
    func root() throws {
        let parsed = try Root.parseAsRoot(["probe", "in"])
        #expect(parsed is Probe)
        for request in [["--help"], ["probe", "in", "-h"], ["help", "probe"], []] {
            #expect(throws: CommandLineError.self) { try Root.parseAsRoot(request) }
        }
        do { _ = try Root.parseAsRoot(["help", "probe"]) } catch {
            #expect(Root.exitCode(for: error) == .success)
            let help = Root.message(for: error)
            #expect(help.contains("USAGE: root probe [<options>] <input> [<rest> ...]"))
            #expect(help.contains("  -o, --output <output>   Where to write."))
            #expect(help.contains("  --shape <shape>         A shape. (values: circle, square; default: circle)"))
            #expect(help.contains("SHARED:\n  --width <width>         A width."))
            #expect(!help.contains("old-name"))
        }
        do { _ = try Root.parseAsRoot(["--version"]) } catch { #expect(Root.message(for: error) == "1.2.3") }
        do { _ = try Root.parseAsRoot(["help", "nothing"]) } catch {
            #expect(Root.exitCode(for: error) == .validationFailure)
            #expect(Root.message(for: error) == "Unknown subcommand 'nothing'")
        }
    }

    @Test("an old spelling kept as a hidden alias still works and is never shown: play --loops is --plays")
    func hiddenAlias() throws {
        #expect(try PlayCommand.parse(["cat.gif", "--plays", "3"]).plays == 3)
        #expect(try PlayCommand.parse(["cat.gif", "--loops", "3"]).plays == 3)
        #expect(try PlayCommand.parse(["cat.gif", "--loops=0"]).plays == 0)
        #expect(try PlayCommand.parse(["cat.gif"]).plays == nil)
        do { _ = try ZoetropeCommand.parseAsRoot(["help", "play"]) } catch {
            let help = ZoetropeCommand.message(for: error)
            #expect(help.contains("--plays <plays>") && !help.contains("--loops"))
        }
        do { _ = try PlayCommand.parse(["cat.gif", "--loopss", "1"]) } catch {
            #expect(!ZoetropeCommand.message(for: error).contains("'--loops'"))   // no suggestion of it
        }
        let script = try #require(CompletionScript(root: ZoetropeCommand.self).script(for: "bash"))
        #expect(script.contains("--plays") && !script.contains("--loops"))
        #expect(!ManualPage(root: ZoetropeCommand.self).text.contains("loops"))
    }

    @Test("help wraps at 80 columns and keeps indented lines")
    func wrapping() {
        let text = HelpText.wrap(String(repeating: "word ", count: 30) + "\n  indented line", indent: 4)
        let lines = text.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(lines.last == "  indented line")
        #expect(lines[1].hasPrefix("    word"))
    }

    @Test("completion scripts for bash, zsh and fish name every visible option and value")
    func completions() throws {
        let script = CompletionScript(root: Root.self)
        for shell in ["bash", "zsh", "fish"] {
            let text = try #require(script.script(for: shell))
            #expect(text.contains("probe"))
            #expect(text.contains("circle square"))
            #expect(!text.contains("old-name"))
        }
        #expect(script.script(for: "tcsh") == nil)
        let folder = try TemporaryFolder()
        try folder.write(Array(try #require(script.script(for: "bash")).utf8), to: "completion.bash")
        let check = try CommandRunner.shell("bash -n completion.bash", in: folder.url)
        #expect(check.status == 0, "\(check.standardError)")
    }

    @Test("the manual page names every subcommand and escapes what roff would misread")
    func manual() {
        let page = ManualPage(root: ZoetropeCommand.self).text
        for command in ZoetropeCommand.configuration.subcommands {
            #expect(page.contains(".It Nm zoetrope \(command._commandName)"))
        }
        #expect(page.unicodeScalars.allSatisfy { $0.isASCII })
    }
}
