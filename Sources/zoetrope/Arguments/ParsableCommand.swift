#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The command's argument parsing: a small parser of its own, declared with the property wrappers
// and protocols the Swift Argument Parser made familiar (`@Option`, `@Flag`, `@Argument`,
// `@OptionGroup`, `ParsableCommand`), so that the package declares no dependency that every
// client of the library would have to resolve. It covers what the command uses: long and short
// names, values of any `ExpressibleByArgument` type, optional, defaulted and repeated values,
// option groups with section titles, subcommands, `help`, `--version`, completion scripts and a
// manual page. Values reach the commands through `Decodable` (the wrappers decode themselves from
// the parsed values), so no reflection writes into a command.

/// Metatypes of commands are shared between the parser's static tables.
typealias CommandMetatype = SendableMetatype

/// A set of arguments: a command's, or a group of options several commands share.
protocol ParsableArguments: Decodable, CommandMetatype {
    /// An instance whose properties are the arguments' definitions (before parsing).
    init()
    /// Checks the parsed values together; throw ``ValidationError`` to refuse the command line.
    mutating func validate() throws
}

extension ParsableArguments {
    mutating func validate() throws {}
}

/// A command: its configuration, its arguments, and what it does.
protocol ParsableCommand: ParsableArguments {
    static var configuration: CommandConfiguration { get }
    /// Does the command's work; throw ``ExitCode`` for a quiet exit status.
    mutating func run() throws
}

extension ParsableCommand {
    static var configuration: CommandConfiguration { CommandConfiguration() }

    mutating func run() throws {
        throw CommandLineError.helpRequested(Self.self)
    }

    /// The name the command is called by: its configuration's, else its type's name in kebab case
    /// without a `Command` suffix.
    static var _commandName: String {
        if let name = configuration.commandName { return name }
        var name = String(describing: Self.self)
        if name.hasSuffix("Command") && name != "Command" { name.removeLast("Command".count) }
        return ArgumentName.kebabCase(name)
    }
}

/// What a command says about itself.
struct CommandConfiguration: Sendable {
    var commandName: String?
    var abstract: String
    var discussion: String
    var version: String
    var subcommands: [any ParsableCommand.Type]

    init(commandName: String? = nil, abstract: String = "", discussion: String = "", version: String = "",
         subcommands: [any ParsableCommand.Type] = []) {
        self.commandName = commandName
        self.abstract = abstract
        self.discussion = discussion
        self.version = version
        self.subcommands = subcommands
    }
}

/// An exit status a command ends with, thrown to end it without a message.
struct ExitCode: Error, Hashable, Sendable {
    var rawValue: Int32

    init(_ rawValue: Int32) { self.rawValue = rawValue }

    static let success = ExitCode(0)
    static let failure = ExitCode(1)
    /// A command line the command cannot use (BSD's `EX_USAGE`).
    static let validationFailure = ExitCode(64)
}

/// A command line the command refuses, with the reason shown to the user.
struct ValidationError: Error, CustomStringConvertible, Sendable {
    var message: String

    init(_ message: String) { self.message = message }

    var description: String { message }
}
