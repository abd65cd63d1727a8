/// `--name VALUE`: an option of a command.
@propertyWrapper
struct Option<Value>: Decodable, DefinesArguments {
    private var contents: WrapperContents<Value>

    var wrappedValue: Value {
        get { contents.value }
        set { contents = .value(newValue) }
    }

    var definer: ArgumentDefiner? {
        if case .definition(let definer) = contents { definer } else { nil }
    }

    fileprivate init(_ definer: ArgumentDefiner) { contents = .definition(definer) }

    init(from decoder: any Decoder) throws { contents = .value(try ArgumentDecoder.value(Value.self, from: decoder)) }
}

extension Option where Value: ExpressibleByArgument {
    /// An option with a default value.
    init(wrappedValue: Value, name: NameSpecification = .long, parsing: ParsingStrategy = .next,
         help: ArgumentHelp? = nil, completion: CompletionKind? = nil) {
        self.init(.single(Value.self, .option, names: name, help: help, parsing: parsing, completion: completion,
                          initial: .value(wrappedValue), defaultDescription: wrappedValue.defaultValueDescription,
                          wrap: { $0 }))
    }

    /// An option the command line must give.
    init(name: NameSpecification = .long, parsing: ParsingStrategy = .next, help: ArgumentHelp? = nil,
         completion: CompletionKind? = nil) {
        self.init(.single(Value.self, .option, names: name, help: help, parsing: parsing, completion: completion,
                          initial: .required, defaultDescription: nil, wrap: { $0 }))
    }
}

extension Option {
    /// An option that may be left out (`nil`).
    init<Element: ExpressibleByArgument>(name: NameSpecification = .long, parsing: ParsingStrategy = .next,
                                         help: ArgumentHelp? = nil, completion: CompletionKind? = nil)
    where Value == Element? {
        self.init(.single(Element.self, .option, names: name, help: help, parsing: parsing, completion: completion,
                          initial: .value(Value.none as Any), defaultDescription: nil, wrap: { Value.some($0) as Any }))
    }

    /// An option that may be given several times, each value added in order.
    init<Element: ExpressibleByArgument>(wrappedValue: [Element] = [], name: NameSpecification = .long,
                                         parsing: ParsingStrategy = .next, help: ArgumentHelp? = nil,
                                         completion: CompletionKind? = nil) where Value == [Element] {
        self.init(.repeating(Element.self, .option, names: name, help: help, parsing: parsing,
                             completion: completion, initial: wrappedValue))
    }
}

/// `--name`: a flag, `true` when given.
@propertyWrapper
struct Flag: Decodable, DefinesArguments {
    private var contents: WrapperContents<Bool>

    var wrappedValue: Bool {
        get { contents.value }
        set { contents = .value(newValue) }
    }

    var definer: ArgumentDefiner? {
        if case .definition(let definer) = contents { definer } else { nil }
    }

    /// A flag; `wrappedValue` is its value when not given.
    init(wrappedValue: Bool = false, name: NameSpecification = .long, help: ArgumentHelp? = nil) {
        contents = .definition(.single(Bool.self, .flag, names: name, help: help, parsing: .next, completion: nil,
                                       initial: .value(wrappedValue), defaultDescription: nil, wrap: { $0 }))
    }

    init(from decoder: any Decoder) throws { contents = .value(try ArgumentDecoder.value(Bool.self, from: decoder)) }
}

/// A word in its place on the command line.
@propertyWrapper
struct Argument<Value>: Decodable, DefinesArguments {
    private var contents: WrapperContents<Value>

    var wrappedValue: Value {
        get { contents.value }
        set { contents = .value(newValue) }
    }

    var definer: ArgumentDefiner? {
        if case .definition(let definer) = contents { definer } else { nil }
    }

    fileprivate init(_ definer: ArgumentDefiner) { contents = .definition(definer) }

    init(from decoder: any Decoder) throws { contents = .value(try ArgumentDecoder.value(Value.self, from: decoder)) }
}

extension Argument where Value: ExpressibleByArgument {
    /// An argument the command line must give.
    init(help: ArgumentHelp? = nil, completion: CompletionKind? = nil) {
        self.init(.single(Value.self, .positional, names: nil, help: help, parsing: .next, completion: completion,
                          initial: .required, defaultDescription: nil, wrap: { $0 }))
    }

    /// An argument with a default value.
    init(wrappedValue: Value, help: ArgumentHelp? = nil, completion: CompletionKind? = nil) {
        self.init(.single(Value.self, .positional, names: nil, help: help, parsing: .next, completion: completion,
                          initial: .value(wrappedValue), defaultDescription: wrappedValue.defaultValueDescription,
                          wrap: { $0 }))
    }
}

extension Argument {
    /// An argument that may be left out (`nil`).
    init<Element: ExpressibleByArgument>(help: ArgumentHelp? = nil, completion: CompletionKind? = nil)
    where Value == Element? {
        self.init(.single(Element.self, .positional, names: nil, help: help, parsing: .next, completion: completion,
                          initial: .value(Value.none as Any), defaultDescription: nil, wrap: { Value.some($0) as Any }))
    }

    /// Every remaining word, in order.
    init<Element: ExpressibleByArgument>(wrappedValue: [Element] = [], help: ArgumentHelp? = nil,
                                         completion: CompletionKind? = nil) where Value == [Element] {
        self.init(.repeating(Element.self, .positional, names: nil, help: help, parsing: .next,
                             completion: completion, initial: wrappedValue))
    }
}

/// The arguments of another type (options several commands share), listed under `title` in help.
@propertyWrapper
struct OptionGroup<Value: ParsableArguments>: Decodable, DefinesArguments {
    private var contents: WrapperContents<Value>

    var wrappedValue: Value {
        get { contents.value }
        set { contents = .value(newValue) }
    }

    var definer: ArgumentDefiner? {
        if case .definition(let definer) = contents { definer } else { nil }
    }

    init(title: String = "") {
        contents = .definition(ArgumentDefiner { key, parent, section in
            Value.argumentDefinitions(parent: parent + [key], section: title.isEmpty ? section : title)
        })
    }

    init(from decoder: any Decoder) throws {
        var value = try Value(from: decoder)
        try value.validate()
        contents = .value(value)
    }
}

extension ArgumentDefiner {
    /// The definer of an argument holding one value of `Element`, stored as `wrap(element)`.
    static func single<Element: ExpressibleByArgument>(
        _ element: Element.Type, _ kind: ArgumentDefinition.Kind, names: NameSpecification?,
        help: ArgumentHelp?, parsing: ParsingStrategy, completion: CompletionKind?,
        initial: ArgumentDefinition.Initial, defaultDescription: String?, wrap: @escaping (Element) -> Any
    ) -> ArgumentDefiner {
        ArgumentDefiner { key, parent, section in
            [ArgumentDefinition(kind: kind, path: parent + [key], names: (names ?? .long).names(for: key),
                                hiddenNames: names?.hiddenNames ?? [],
                                valueName: help?.valueName ?? ArgumentName.kebabCase(key), help: help ?? ArgumentHelp(),
                                section: section, parsing: parsing, isRepeating: false, initial: initial,
                                defaultDescription: defaultDescription, allValues: Element.allValueStrings,
                                completion: completion ?? Element.defaultCompletionKind,
                                accumulate: { _, word in Element(argument: word).map(wrap) },
                                invalidReason: Element.invalidReason)]
        }
    }

    /// The definer of an argument holding any number of values of `Element`.
    static func repeating<Element: ExpressibleByArgument>(
        _ element: Element.Type, _ kind: ArgumentDefinition.Kind, names: NameSpecification?,
        help: ArgumentHelp?, parsing: ParsingStrategy, completion: CompletionKind?, initial: [Element]
    ) -> ArgumentDefiner {
        ArgumentDefiner { key, parent, section in
            [ArgumentDefinition(kind: kind, path: parent + [key], names: (names ?? .long).names(for: key),
                                hiddenNames: names?.hiddenNames ?? [],
                                valueName: help?.valueName ?? ArgumentName.kebabCase(key), help: help ?? ArgumentHelp(),
                                section: section, parsing: parsing, isRepeating: true, initial: .value(initial),
                                defaultDescription: nil, allValues: Element.allValueStrings,
                                completion: completion ?? Element.defaultCompletionKind,
                                accumulate: { accumulated, word in
                                    guard let value = Element(argument: word) else { return nil }
                                    return ((accumulated as? [Element]) ?? []) + [value]
                                },
                                invalidReason: Element.invalidReason)]
        }
    }
}
