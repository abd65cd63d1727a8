/// A JSON document built in code and printed with keys in the order given, so the command's JSON
/// output is stable and diffable (Foundation's encoders neither keep key order nor print `null`
/// for absent optionals).
enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.rendered() == rhs.rendered() }

    /// `value` or `null`.
    static func optional(_ value: Int?) -> JSONValue { value.map(JSONValue.int) ?? .null }

    /// A millisecond count: an integer when whole, otherwise up to three decimals.
    static func milliseconds(_ duration: Duration) -> JSONValue {
        let (seconds, attoseconds) = duration.components
        let totalMicros = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
        if totalMicros % 1000 == 0 { return .int(Int(totalMicros / 1000)) }
        return .double(Double(totalMicros) / 1000)
    }

    /// The version of `info --json`'s schema (docs/cli.md), in every object it prints; it changes
    /// when a field is removed or changes meaning (new fields may appear without it). 2: the output
    /// is an array for any number of files (1 printed a bare object for one file).
    static let infoSchemaVersion = 2

    /// The version of `timeline --json`'s schema (docs/cli.md), on the same terms.
    static let timelineSchemaVersion = 1

    /// The JSON text, indented by two spaces per level, or compact on one line.
    func rendered(pretty: Bool = true) -> String {
        var out = ""
        write(to: &out, indent: pretty ? 0 : nil)
        return out
    }

    private func write(to out: inout String, indent: Int?) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .double(let value):
            if value.isFinite {
                out += value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
            } else {
                out += "null"
            }
        case .string(let value): Self.writeString(value, to: &out)
        case .array(let items):
            writeContainer(open: "[", close: "]", count: items.count, to: &out, indent: indent) { index, out, inner in
                items[index].write(to: &out, indent: inner)
            }
        case .object(let members):
            writeContainer(open: "{", close: "}", count: members.count, to: &out, indent: indent) { index, out, inner in
                Self.writeString(members[index].0, to: &out)
                out += inner == nil ? ":" : ": "
                members[index].1.write(to: &out, indent: inner)
            }
        }
    }

    private func writeContainer(open: String, close: String, count: Int, to out: inout String, indent: Int?,
                                element: (Int, inout String, Int?) -> Void) {
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
