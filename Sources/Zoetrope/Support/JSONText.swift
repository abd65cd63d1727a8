/// A JSON value built in code and written with keys in the order given (the library has no
/// Foundation), so that JSON output is stable and diffable: what ``UploadVerdict/json(pretty:)``
/// prints, and the command's `--json` output.
package enum JSONText: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    /// A number written as given (already valid JSON, such as `12.5`).
    case number(String)
    case array([JSONText])
    case object([(String, JSONText)])

    package static func == (lhs: JSONText, rhs: JSONText) -> Bool { lhs.rendered() == rhs.rendered() }

    /// `value` or `null`.
    package static func optional(_ value: Int?) -> JSONText { value.map(JSONText.int) ?? .null }

    /// A millisecond count: an integer when whole, otherwise up to three decimals.
    package static func milliseconds(_ duration: Duration) -> JSONText {
        let (seconds, attoseconds) = duration.components
        let micros = Int(clamping: seconds).multipliedReportingOverflow(by: 1_000_000)
        guard !micros.overflow, seconds >= 0 else { return .int(seconds < 0 ? 0 : Int.max / 1000) }
        let total = micros.partialValue + Int(attoseconds / 1_000_000_000_000)
        let fraction = total % 1000
        guard fraction != 0 else { return .int(total / 1000) }
        var decimals = String(fraction)
        decimals = String(repeating: "0", count: 3 - decimals.count) + decimals
        while decimals.hasSuffix("0") { decimals.removeLast() }
        return .number("\(total / 1000).\(decimals)")
    }

    /// The text: compact on one line, or indented by two spaces per level.
    package func rendered(pretty: Bool = false) -> String {
        var out = ""
        write(to: &out, indent: pretty ? 0 : nil)
        return out
    }

    private func write(to out: inout String, indent: Int?) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .number(let text): out += text
        case .string(let value): Self.writeString(value, to: &out)
        case .array(let items):
            Self.writeContainer("[", "]", items.count, to: &out, indent: indent) { index, out, inner in
                items[index].write(to: &out, indent: inner)
            }
        case .object(let members):
            Self.writeContainer("{", "}", members.count, to: &out, indent: indent) { index, out, inner in
                Self.writeString(members[index].0, to: &out)
                out += inner == nil ? ":" : ": "
                members[index].1.write(to: &out, indent: inner)
            }
        }
    }

    private static func writeContainer(_ open: String, _ close: String, _ count: Int, to out: inout String,
                                       indent: Int?, element: (Int, inout String, Int?) -> Void) {
        out += open
        guard count > 0 else { out += close; return }
        let inner = indent.map { $0 + 2 }
        for index in 0..<count {
            if index > 0 { out += "," }
            if let inner { out += "\n" + String(repeating: " ", count: inner) }
            element(index, &out, inner)
        }
        if let indent { out += "\n" + String(repeating: " ", count: indent) }
        out += close
    }

    private static func writeString(_ value: String, to out: inout String) {
        out += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
