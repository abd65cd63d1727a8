/// One argument as the parser knows it: how it is written, what help says, and how its words
/// become the value its property decodes.
struct ArgumentDefinition {
    enum Kind {
        /// `--name VALUE`
        case option
        /// `--name`, setting `true`
        case flag
        /// a word in its place
        case positional
    }

    /// The value decoded when the command line does not give one.
    enum Initial {
        /// None: the command line must give it.
        case required
        case value(Any)
    }

    var kind: Kind
    /// The coding path of the property (`selection.frames` for a property of an option group).
    var path: [String]
    /// Short names first; empty for positionals.
    var names: [ArgumentName]
    /// Old spellings the parser still accepts; help, completion and suggestions leave them out.
    var hiddenNames: [ArgumentName] = []
    /// `<valueName>` in help and messages.
    var valueName: String
    var help: ArgumentHelp
    /// The title of the option group it came from, if it has one.
    var section: String?
    var parsing: ParsingStrategy
    /// Whether it takes any number of values (an array property).
    var isRepeating: Bool
    var initial: Initial
    var defaultDescription: String?
    var allValues: [String]
    var completion: CompletionKind
    /// The value after one more word (`accumulated` holds the value so far for repeating
    /// arguments), or `nil` when the word is not a valid value.
    var accumulate: (_ accumulated: Any?, _ word: String) -> Any?
    /// Why a word is no valid value, when its type can say.
    var invalidReason: (_ word: String) -> String? = { _ in nil }

    var key: String { path.joined(separator: ".") }

    var isRequired: Bool {
        if case .required = initial { true } else { false }
    }

    var isHidden: Bool { help.visibility == .hidden }

    /// Whether `name` is one of its names, shown or hidden.
    func answers(to name: ArgumentName) -> Bool { names.contains(name) || hiddenNames.contains(name) }

    /// `--format <format>`, `<input>`, `--json`: how messages name it.
    var synopsis: String {
        switch kind {
        case .positional: "<\(valueName)>"
        case .flag: preferredName?.synopsis ?? valueName
        case .option: "\(preferredName?.synopsis ?? valueName) <\(valueName)>"
        }
    }

    /// The long name if it has one.
    var preferredName: ArgumentName? { names.last }
}

/// Makes the definitions of a property wrapper, once the property's name and place are known.
struct ArgumentDefiner {
    /// Called with the property's key (its name), the coding path of its parent, and the title
    /// of the option group it sits in.
    var define: (_ key: String, _ parent: [String], _ section: String?) -> [ArgumentDefinition]
}

/// What a property wrapper holds: its definition before parsing, its value after.
enum WrapperContents<Value> {
    case definition(ArgumentDefiner)
    case value(Value)

    var value: Value {
        guard case .value(let value) = self else {
            // Reading an argument of an unparsed command (one made with `init()` to read its
            // definitions) is a mistake in the command's code, never reachable from its input.
            preconditionFailure("an argument was read before the command line was parsed")
        }
        return value
    }
}

/// A property wrapper the parser can ask for its definitions.
protocol DefinesArguments {
    var definer: ArgumentDefiner? { get }
}

extension ParsableArguments {
    /// The definitions of every argument of this type, in declaration order, with the coding
    /// path `parent` before their own names.
    static func argumentDefinitions(parent: [String] = [], section: String? = nil) -> [ArgumentDefinition] {
        Mirror(reflecting: Self()).children.flatMap { child -> [ArgumentDefinition] in
            guard let label = child.label, label.hasPrefix("_"),
                  let definer = (child.value as? any DefinesArguments)?.definer else { return [] }
            return definer.define(String(label.dropFirst()), parent, section)
        }
    }
}
