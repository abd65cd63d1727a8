/// A type whose values can be written on the command line.
protocol ExpressibleByArgument {
    /// The value `argument` stands for, or `nil` when it stands for none.
    init?(argument: String)
    /// Every value there is, as written (shown in help and offered by completion); empty when the
    /// values are open-ended.
    static var allValueStrings: [String] { get }
    /// How completion scripts offer values of this type.
    static var defaultCompletionKind: CompletionKind { get }
    /// A value as help shows it after "default:".
    var defaultValueDescription: String { get }
    /// Why `argument` stands for no value, when the type can say (printed after the parser's
    /// "The value … is invalid" message); `nil` by default.
    static func invalidReason(_ argument: String) -> String?
}

extension ExpressibleByArgument {
    static var allValueStrings: [String] { [] }
    static var defaultCompletionKind: CompletionKind {
        allValueStrings.isEmpty ? .default : .list(allValueStrings)
    }
    var defaultValueDescription: String { "\(self)" }
    static func invalidReason(_ argument: String) -> String? { nil }
}

extension ExpressibleByArgument where Self: RawRepresentable, RawValue == String {
    init?(argument: String) { self.init(rawValue: argument) }
    var defaultValueDescription: String { rawValue }
}

extension ExpressibleByArgument where Self: CaseIterable, Self: RawRepresentable, RawValue == String {
    static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension String: ExpressibleByArgument {
    init?(argument: String) { self = argument }
}

extension Int: ExpressibleByArgument {
    init?(argument: String) { self.init(argument) }
    static var defaultCompletionKind: CompletionKind { .none }
}

extension Double: ExpressibleByArgument {
    init?(argument: String) { self.init(argument) }
    static var defaultCompletionKind: CompletionKind { .none }
}

/// What a completion script offers for a value.
enum CompletionKind: Sendable, Hashable {
    /// Whatever the shell offers by default (file names, usually).
    case `default`
    /// File names.
    case file
    /// Folder names.
    case directory
    /// These words.
    case list([String])
    /// Nothing (a number, say).
    case none
}

extension Bool: ExpressibleByArgument {
    init?(argument: String) { self.init(argument) }
    static var defaultCompletionKind: CompletionKind { .none }
}
