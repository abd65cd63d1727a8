/// A setting an encoder reads, as a caller names it (`zoetrope convert --NAME VALUE`).
package struct EncoderOption: Sendable, Hashable {
    /// The setting's name ("level", "colors").
    package let name: String
    /// What the value may be, for help text ("0 to 9").
    package let values: String
    /// What it does, for help text.
    package let help: String

    package init(name: String, values: String, help: String) {
        self.name = name
        self.values = values
        self.help = help
    }
}

/// Settings given to an encoder by name, as text (the command's flags the user gave): each
/// encoder parses those it reads (``ImageEncoder/options``) into its typed options, and refuses
/// the others.
package struct EncoderSettings: Sendable, Hashable {
    private var values: [String: String]

    /// How many frames the encoder compresses at once (`nil`: one per core, ``EncodingWorkers``).
    /// Not a setting by name: every encoder reads it, and the bytes written do not depend on it.
    package var workers: Int?

    /// Settings from names and values.
    package init(_ values: [String: String] = [:]) {
        self.values = values
    }

    /// The names given, sorted.
    package var names: [String] { values.keys.sorted() }

    /// The text given for `name`, if any.
    package subscript(name: String) -> String? {
        get { values[name] }
        set { values[name] = newValue }
    }

    /// The integer given for `name` within `range`, or `nil` when none was given.
    /// - Throws: `.invalidArgument` for `format` when the text is not an integer in `range`.
    func integer(_ name: String, in range: ClosedRange<Int>, format: ImageFormat) throws(ZoetropeError) -> Int? {
        guard let text = values[name] else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw ZoetropeError(.invalidArgument, format: format,
                                "\(name) must be between \(range.lowerBound) and \(range.upperBound) (got \(text))")
        }
        return value
    }

    /// The value `choices` names for the text given for `name`, or `nil` when none was given.
    /// - Throws: `.invalidArgument` for `format` when the text names none of them.
    func choice<Value>(_ name: String, _ choices: KeyValuePairs<String, Value>,
                       format: ImageFormat) throws(ZoetropeError) -> Value? {
        guard let text = values[name] else { return nil }
        guard let value = choices.first(where: { $0.key == text })?.value else {
            throw ZoetropeError(.invalidArgument, format: format,
                                "\(name) must be \(choices.map(\.key).joinedAsList()) (got \(text))")
        }
        return value
    }
}
