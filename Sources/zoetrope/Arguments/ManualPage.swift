/// The command's manual page in mdoc: `zoetrope --generate-manual > zoetrope.1`.
struct ManualPage {
    let root: any ParsableCommand.Type

    var text: String {
        let configuration = root.configuration
        let name = root._commandName
        var lines = [".Dd", ".Dt \(name.uppercased()) 1", ".Os",
                     ".Sh NAME", ".Nm \(name)", ".Nd \(Self.escape(configuration.abstract))",
                     ".Sh SYNOPSIS", ".Nm", ".Ar subcommand", ".Op Ar options", ".Op Ar arguments",
                     ".Sh DESCRIPTION"]
        lines += Self.paragraphs(configuration.discussion)
        lines += [".Sh COMMANDS", ".Bl -tag -width 6n"]
        for command in configuration.subcommands {
            lines += [".It Nm \(name) \(command._commandName)"]
            lines += Self.paragraphs(command.configuration.abstract)
            lines += Self.paragraphs(command.configuration.discussion)
            lines += options(of: command)
        }
        lines += [".El", ".Sh EXIT STATUS", "0 on success, 1 on any failure, 64 for a command line it cannot use."]
        return lines.joined(separator: "\n") + "\n"
    }

    private func options(of command: any ParsableCommand.Type) -> [String] {
        let definitions = command.argumentDefinitions().filter { !$0.isHidden }
        guard !definitions.isEmpty else { return [] }
        var lines = [".Bl -tag -width 6n"]
        for definition in definitions {
            var item = definition.kind == .positional ? ".It Ar \(definition.valueName)"
                : ".It " + definition.names.map { "Fl \($0.synopsis.dropFirst())" }.joined(separator: " , ")
            if definition.kind == .option { item += " Ar \(definition.valueName)" }
            lines.append(item)
            lines += Self.paragraphs(definition.help.abstract)
            lines += Self.paragraphs(definition.help.discussion)
        }
        return lines + [".El"]
    }

    /// Paragraphs of `text` as mdoc: `.Pp` between paragraphs, indented lines kept as literal
    /// displays.
    private static func paragraphs(_ text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        var lines: [String] = []
        for block in text.split(separator: "\n\n") {
            lines.append(".Pp")
            for line in block.split(separator: "\n") {
                lines.append(line.hasPrefix(" ") ? ".Dl \(escape(line.trimmingPrefix(while: { $0 == " " })))" : escape(line))
            }
        }
        return lines
    }

    /// A line that roff reads as text, not as a request or escape; characters beyond ASCII as
    /// roff's Unicode escapes.
    private static func escape<Text: StringProtocol>(_ text: Text) -> String {
        var escaped = ""
        for scalar in String(text).unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\e"
            case _ where scalar.isASCII: escaped.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                escaped += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }
}

private extension StringProtocol {
    func trimmingPrefix(while predicate: (Character) -> Bool) -> SubSequence {
        self[(firstIndex { !predicate($0) } ?? endIndex)...]
    }
}
