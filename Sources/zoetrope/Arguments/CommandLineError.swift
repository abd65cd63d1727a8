/// Why parsing stopped before a command could run: a request for help or the version (exit 0),
/// or a command line the command cannot use (exit 64).
enum CommandLineError: Error {
    /// `-h`, `--help` or `help COMMAND`.
    case helpRequested(any ParsableCommand.Type)
    /// `--version`.
    case versionRequested(String)
    /// Text to print as it is (a completion script, the manual page).
    case printRequested(String)
    /// A command line `command` cannot use, and why.
    case usage(any ParsableCommand.Type, String)

    static func unknownOption(_ word: String, in command: any ParsableCommand.Type,
                              among definitions: [ArgumentDefinition]) -> CommandLineError {
        let candidates = definitions.filter { !$0.isHidden }.flatMap(\.names).map(\.synopsis) + ["--help"]
        let name = String(word.prefix { $0 != "=" })
        let suggestion = Self.nearest(to: name, among: candidates).map { ". Did you mean '\($0)'?" } ?? ""
        return .usage(command, "Unknown option '\(name)'\(suggestion)")
    }

    static func invalidValue(_ word: String, for definition: ArgumentDefinition,
                             in command: any ParsableCommand.Type) -> CommandLineError {
        var message = "The value '\(word)' is invalid for '\(definition.synopsis)'"
        if let reason = definition.invalidReason(word) { message += ": \(reason)" }
        if !definition.allValues.isEmpty {
            let quoted = definition.allValues.map { "'\($0)'" }
            let list = quoted.count == 1 ? quoted[0]
                : quoted.dropLast().joined(separator: ", ") + " or " + quoted[quoted.count - 1]
            message += ". Please provide one of \(list)."
        }
        return .usage(command, message)
    }

    /// The candidate closest to `name` by edit distance, when it is close enough to be a typo
    /// (none for a one-letter name: every other letter is as close).
    static func nearest(to name: String, among candidates: [String]) -> String? {
        guard name.count > 2 else { return nil }
        let scored = candidates.map { ($0, editDistance(Array(name), Array($0))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= max(2, name.count / 3) ? best.0 : nil
    }

    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, left) in a.enumerated() {
            var current = [i + 1]
            for (j, right) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
