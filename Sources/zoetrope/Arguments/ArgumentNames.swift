/// One name an option or flag is written with.
enum ArgumentName: Hashable, Sendable {
    /// `--name`
    case long(String)
    /// `-n`
    case short(Character)

    /// As written on the command line.
    var synopsis: String {
        switch self {
        case .long(let name): "--\(name)"
        case .short(let letter): "-\(letter)"
        }
    }

    var isShort: Bool {
        if case .short = self { true } else { false }
    }

    /// `rawTiming` → `raw-timing`.
    static func kebabCase(_ name: String) -> String {
        var result = ""
        for character in name {
            if character.isUppercase {
                if !result.isEmpty { result.append("-") }
                result.append(contentsOf: character.lowercased())
            } else {
                result.append(character)
            }
        }
        return result
    }
}

/// The names of an option or flag, as declared.
struct NameSpecification: ExpressibleByArrayLiteral, Sendable {
    enum Element: Sendable {
        case long
        case short
        case customLong(String)
        case customShort(Character)
        /// `--name` accepted but never shown: an old spelling kept so that scripts keep working.
        case hiddenLong(String)
    }

    var elements: [Element]

    init(arrayLiteral elements: Element...) { self.elements = elements }

    init(_ elements: [Element]) { self.elements = elements }

    static let long = NameSpecification([.long])
    static let short = NameSpecification([.short])
    static let shortAndLong = NameSpecification([.short, .long])
    static func customLong(_ name: String) -> NameSpecification { NameSpecification([.customLong(name)]) }
    static func customShort(_ letter: Character) -> NameSpecification { NameSpecification([.customShort(letter)]) }

    /// The names help shows for a property called `key`, short ones first.
    func names(for key: String) -> [ArgumentName] {
        let names = elements.compactMap { element -> ArgumentName? in
            switch element {
            case .long: .long(ArgumentName.kebabCase(key))
            case .short: .short(key.first ?? "?")
            case .customLong(let name): .long(name)
            case .customShort(let letter): .short(letter)
            case .hiddenLong: nil
            }
        }
        return names.filter(\.isShort) + names.filter { !$0.isShort }
    }

    /// The names accepted but never shown (``Element/hiddenLong(_:)``).
    var hiddenNames: [ArgumentName] {
        elements.compactMap { element in
            if case .hiddenLong(let name) = element { .long(name) } else { nil }
        }
    }
}

/// Whether help lists an argument.
enum ArgumentVisibility: Sendable {
    /// Listed.
    case `default`
    /// Accepted but not listed (an old spelling kept for scripts).
    case hidden
}

/// What help says of an argument.
struct ArgumentHelp: ExpressibleByStringInterpolation, Sendable {
    var abstract: String
    var discussion: String
    var valueName: String?
    var visibility: ArgumentVisibility

    init(_ abstract: String = "", discussion: String = "", valueName: String? = nil,
         visibility: ArgumentVisibility = .default) {
        self.abstract = abstract
        self.discussion = discussion
        self.valueName = valueName
        self.visibility = visibility
    }

    init(stringLiteral value: String) { self.init(value) }

    static let hidden = ArgumentHelp(visibility: .hidden)
}

/// How an option finds its value.
enum ParsingStrategy: Sendable {
    /// The next word, unless it looks like an option (`-x`, `--name`).
    case next
    /// The next word, whatever it looks like (so `--rate -1` reaches validation).
    case unconditional
}
