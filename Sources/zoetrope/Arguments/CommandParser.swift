/// Reads one command's words into the values of its arguments.
struct CommandParser {
    let command: any ParsableCommand.Type
    let definitions: [ArgumentDefinition]

    init(_ command: any ParsableCommand.Type) {
        self.command = command
        definitions = command.argumentDefinitions()
    }

    /// The value of every argument (defaults filled in), keyed by ``ArgumentDefinition/key``.
    func parse(_ words: [String]) throws(CommandLineError) -> [String: Any] {
        var state = State()
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            if state.onlyPositionals || word == "-" || !word.hasPrefix("-") {
                try takePositional(word, into: &state)
            } else if word == "--" {
                state.onlyPositionals = true
            } else if word.hasPrefix("--") {
                try takeLong(word, words: words, index: &index, into: &state)
            } else {
                try takeShort(word, words: words, index: &index, into: &state)
            }
        }
        return try complete(state.values)
    }

    private struct State {
        var values: [String: Any] = [:]
        var positional = 0
        var onlyPositionals = false
    }

    private func takeLong(_ word: String, words: [String], index: inout Int,
                          into state: inout State) throws(CommandLineError) {
        let parts = word.dropFirst(2).split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0])
        guard let definition = definitions.first(where: { $0.answers(to: .long(name)) }) else {
            throw .unknownOption(word, in: command, among: definitions)
        }
        let inline = parts.count > 1 ? String(parts[1]) : nil
        if definition.kind == .flag {
            guard let inline else { return state.values[definition.key] = true }
            throw .usage(command, "The option '--\(name)' does not take any value, but '\(inline)' was specified.")
        }
        if let inline { return try set(inline, for: definition, in: &state) }
        try set(try nextValue(for: definition, named: "--\(name)", words: words, index: &index), for: definition, in: &state)
    }

    /// `-q`, `-o DIR`, `-oDIR`, `-qo DIR`: flags may be grouped; an option takes the rest of the
    /// word or the next word.
    private func takeShort(_ word: String, words: [String], index: inout Int,
                           into state: inout State) throws(CommandLineError) {
        var letters = word.dropFirst()
        while let letter = letters.popFirst() {
            guard let definition = definitions.first(where: { $0.names.contains(.short(letter)) }) else {
                throw .unknownOption("-\(letter)", in: command, among: definitions)
            }
            if definition.kind == .flag {
                state.values[definition.key] = true
                continue
            }
            let value = letters.isEmpty
                ? try nextValue(for: definition, named: "-\(letter)", words: words, index: &index) : String(letters)
            return try set(value, for: definition, in: &state)
        }
    }

    private func nextValue(for definition: ArgumentDefinition, named name: String, words: [String],
                           index: inout Int) throws(CommandLineError) -> String {
        let missing = CommandLineError.usage(command, "Missing value for '\(name) <\(definition.valueName)>'")
        guard index < words.count else { throw missing }
        let word = words[index]
        let looksLikeOption = word.hasPrefix("-") && word != "-"
        guard definition.parsing == .unconditional || !looksLikeOption else { throw missing }
        index += 1
        return word
    }

    private func takePositional(_ word: String, into state: inout State) throws(CommandLineError) {
        let positionals = definitions.filter { $0.kind == .positional }
        guard state.positional < positionals.count else { throw .usage(command, "Unexpected argument '\(word)'") }
        let definition = positionals[state.positional]
        try set(word, for: definition, in: &state)
        if !definition.isRepeating { state.positional += 1 }
    }

    private func set(_ word: String, for definition: ArgumentDefinition,
                     in state: inout State) throws(CommandLineError) {
        guard let value = definition.accumulate(state.values[definition.key], word) else {
            throw .invalidValue(word, for: definition, in: command)
        }
        state.values[definition.key] = value
    }

    /// `values` with every argument not given at its default; refuses a missing required one.
    private func complete(_ values: [String: Any]) throws(CommandLineError) -> [String: Any] {
        var values = values
        for definition in definitions where values[definition.key] == nil {
            guard case .value(let initial) = definition.initial else {
                throw .usage(command, "Missing expected argument '\(definition.synopsis)'")
            }
            values[definition.key] = initial
        }
        return values
    }
}
