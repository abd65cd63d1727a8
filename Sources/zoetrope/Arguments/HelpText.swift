/// A command's `--help`: overview, discussion, usage, arguments, options by section, subcommands.
struct HelpText {
    let command: any ParsableCommand.Type
    let root: any ParsableCommand.Type
    let definitions: [ArgumentDefinition]

    init(_ command: any ParsableCommand.Type, root: any ParsableCommand.Type) {
        self.command = command
        self.root = root
        definitions = command.argumentDefinitions().filter { !$0.isHidden }
    }

    static let width = 80
    /// Where an entry's text starts.
    static let textColumn = 26

    var text: String {
        let configuration = command.configuration
        var blocks: [String] = []
        if !configuration.abstract.isEmpty { blocks.append(Self.wrap("OVERVIEW: " + configuration.abstract)) }
        if !configuration.discussion.isEmpty { blocks.append(Self.wrap(configuration.discussion)) }
        blocks.append(Self.wrap("USAGE: " + usage, indent: 2))
        blocks += sections.map { title, entries in "\(title):\n" + entries.joined(separator: "\n") }
        if !configuration.subcommands.isEmpty {
            let entries = configuration.subcommands.map { Self.entry($0._commandName, $0.configuration.abstract) }
            blocks.append("SUBCOMMANDS:\n" + entries.joined(separator: "\n")
                          + "\n\n  See '\(path) help <subcommand>' for detailed help.")
        }
        return blocks.joined(separator: "\n\n")
    }

    /// `zoetrope convert`: the words that call the command.
    var path: String {
        command == root ? root._commandName : "\(root._commandName) \(command._commandName)"
    }

    /// `zoetrope convert [<options>] <input> <output>`.
    var usage: String {
        var words = [path]
        if !command.configuration.subcommands.isEmpty && definitions.isEmpty { words.append("<subcommand>") }
        if definitions.contains(where: { $0.kind != .positional && !$0.isRequired }) { words.append("[<options>]") }
        words += definitions.filter { $0.kind != .positional && $0.isRequired }.map(\.synopsis)
        for definition in definitions where definition.kind == .positional {
            let name = definition.synopsis + (definition.isRepeating ? " ..." : "")
            words.append(definition.isRequired ? name : "[\(name)]")
        }
        return words.joined(separator: " ")
    }

    /// ARGUMENTS, each option group's title, then OPTIONS (with `--version` and `--help`).
    private var sections: [(String, [String])] {
        var sections: [(String, [String])] = []
        let arguments = definitions.filter { $0.kind == .positional }
        if !arguments.isEmpty { sections.append(("ARGUMENTS", arguments.map(Self.entry))) }
        let options = definitions.filter { $0.kind != .positional }
        var titles: [String] = []
        for case let title? in options.map(\.section) where !titles.contains(title) { titles.append(title) }
        for title in titles {
            sections.append((title.uppercased(), options.filter { $0.section == title }.map(Self.entry)))
        }
        var untitled = options.filter { $0.section == nil }.map(Self.entry)
        if !root.configuration.version.isEmpty { untitled.append(Self.entry("--version", "Show the version.")) }
        untitled.append(Self.entry("-h, --help", "Show help information."))
        sections.append(("OPTIONS", untitled))
        return sections
    }

    private static func entry(_ definition: ArgumentDefinition) -> String {
        var label = definition.names.map(\.synopsis).joined(separator: ", ")
        switch definition.kind {
        case .positional: label = "<\(definition.valueName)>"
        case .option: label += " <\(definition.valueName)>"
        case .flag: break
        }
        if definition.isRepeating && definition.kind == .option { label += " ..." }
        var text = definition.help.abstract
        var notes: [String] = []
        if !definition.allValues.isEmpty && definition.kind != .flag {
            notes.append("values: " + definition.allValues.joined(separator: ", "))
        }
        if let value = definition.defaultDescription, definition.kind != .flag { notes.append("default: \(value)") }
        if !notes.isEmpty { text += (text.isEmpty ? "" : " ") + "(" + notes.joined(separator: "; ") + ")" }
        var lines = entry(label, text)
        if !definition.help.discussion.isEmpty { lines += "\n" + wrap(definition.help.discussion, indent: 8, first: 8) }
        return lines
    }

    /// `  label                   text`, the text wrapped in its column (below the label when the
    /// label is too long to leave room).
    private static func entry(_ label: String, _ text: String) -> String {
        let head = "  " + label
        let body = wrap(text, width: width - textColumn).split(separator: "\n", omittingEmptySubsequences: false)
        let pad = String(repeating: " ", count: textColumn)
        var lines: [String] = []
        if head.count <= textColumn - 2 {
            lines.append(head + String(repeating: " ", count: textColumn - head.count) + (body.first ?? ""))
        } else {
            lines.append(head)
            if let first = body.first, !first.isEmpty { lines.append(pad + first) }
        }
        lines += body.dropFirst().map { pad + $0 }
        return lines.joined(separator: "\n")
    }

    /// `text` wrapped at `width` columns, line by line: each line's first row is indented by
    /// `first` spaces and its continuation rows by `indent`, both after the line's own leading
    /// spaces.
    static func wrap(_ text: String, width: Int = width, indent: Int = 0, first: Int = 0) -> String {
        var output: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let leading = line.prefix { $0 == " " }.count
            var current = String(repeating: " ", count: first + leading)
            var hasWord = false
            for word in line.split(separator: " ") {
                if hasWord && current.count + 1 + word.count > width {
                    output.append(current)
                    current = String(repeating: " ", count: indent + leading)
                    hasWord = false
                }
                current += (hasWord ? " " : "") + word
                hasWord = true
            }
            output.append(hasWord ? current : "")
        }
        return output.joined(separator: "\n")
    }
}
