#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension ParsableCommand {
    /// Parses a command line for this root command or one of its subcommands, and validates it.
    /// - Throws: ``CommandLineError`` for help, the version, printed text and refused command
    ///   lines; ``ValidationError`` from a command's `validate()`.
    static func parseAsRoot(_ arguments: [String]) throws -> any ParsableCommand {
        var command: any ParsableCommand.Type = Self.self
        var words = arguments[...]
        if words.first == "help" { throw helpTarget(Array(words.dropFirst())) }
        while let word = words.first,
              let sub = command.configuration.subcommands.first(where: { $0._commandName == word }) {
            command = sub
            words = words.dropFirst()
        }
        try rootRequests(Array(words), command: command)
        if command == Self.self && !command.configuration.subcommands.isEmpty && words.isEmpty {
            throw CommandLineError.helpRequested(command)
        }
        return try command.parsed(Array(words))
    }

    /// What `help WORDS` asks for: the help of the command they name.
    private static func helpTarget(_ words: [String]) -> CommandLineError {
        var command: any ParsableCommand.Type = Self.self
        for word in words {
            guard let sub = command.configuration.subcommands.first(where: { $0._commandName == word }) else {
                return .usage(command, "Unknown subcommand '\(word)'")
            }
            command = sub
        }
        return .helpRequested(command)
    }

    /// `-h`/`--help` anywhere before `--`, and the root's own options.
    private static func rootRequests(_ words: [String], command: any ParsableCommand.Type) throws {
        let options = words.prefix { $0 != "--" }
        if options.contains("-h") || options.contains("--help") { throw CommandLineError.helpRequested(command) }
        guard command == Self.self else { return }
        if words == ["--version"], !configuration.version.isEmpty {
            throw CommandLineError.versionRequested(configuration.version)
        }
        if words.first == "--generate-completion-script" {
            let shell = words.dropFirst().first ?? ""
            guard let script = CompletionScript(root: Self.self).script(for: shell) else {
                throw CommandLineError.usage(Self.self, "--generate-completion-script takes bash, zsh or fish")
            }
            throw CommandLineError.printRequested(script)
        }
        if words == ["--generate-manual"] { throw CommandLineError.printRequested(ManualPage(root: Self.self).text) }
    }

    /// This command with `words` parsed into its arguments and validated.
    /// - Throws: ``CommandLineError/usage(_:_:)`` for a command line it cannot use.
    static func parse(_ words: [String]) throws -> Self {
        let values = try CommandParser(Self.self).parse(words)
        do {
            var command = try Self(from: ArgumentDecoder(values: values, codingPath: []))
            try command.validate()
            return command
        } catch let error as ValidationError {
            throw CommandLineError.usage(Self.self, error.message)
        }
    }

    private static func parsed(_ words: [String]) throws -> any ParsableCommand { try parse(words) }

    /// The exit status `error` ends the process with: 0 for help and the version, 64 for a refused
    /// command line, an ``ExitCode``'s own, else 1.
    static func exitCode(for error: any Error) -> ExitCode {
        switch error {
        case let code as ExitCode: code
        case is ValidationError: .validationFailure
        case let error as CommandLineError:
            if case .usage = error { .validationFailure } else { .success }
        default: .failure
        }
    }

    /// What is printed for `error`: help text, the version, a script, or the reason a command line
    /// was refused.
    static func message(for error: any Error) -> String {
        switch error {
        case let error as CommandLineError:
            switch error {
            case .helpRequested(let command): HelpText(command, root: Self.self).text
            case .versionRequested(let version): version
            case .printRequested(let text): text
            case .usage(_, let message): message
            }
        case let error as ValidationError: error.message
        default: "\(error)"
        }
    }

    /// Ends the process for `error` (`nil`: success): help and requested text go to standard
    /// output, anything else's message to standard error; an ``ExitCode`` exits quietly.
    static func exit(withError error: (any Error)? = nil) -> Never {
        guard let error else { terminate(0) }
        var status = exitCode(for: error)
        if !(error is ExitCode) {
            var text = message(for: error)
            if text.hasSuffix("\n") { text.removeLast() }
            if status == .success {
                do { try StandardOutput.print(text) } catch { status = .failure }
            } else {
                StandardError.print(text)
            }
        }
        terminate(status.rawValue)
    }
}

/// Ends the process (the C library's `exit`, which the commands' own `exit(withError:)` hides).
private func terminate(_ status: Int32) -> Never {
    exit(status)
}
