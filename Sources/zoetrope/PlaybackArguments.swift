import Zoetrope

/// `--mode forward|reverse|bounce`: the library's own modes, by name.
extension PlaybackMode: ExpressibleByArgument {}

/// `--lateness skip|wait`: the library's policies under short names.
extension LatenessPolicy: ExpressibleByArgument {
    public init?(argument: String) {
        guard let policy = Self.allCases.first(where: { $0.argumentName == argument }) else { return nil }
        self = policy
    }

    public static var allValueStrings: [String] { allCases.map(\.argumentName) }

    public var defaultValueDescription: String { argumentName }

    /// The name on the command line and in reports.
    var argumentName: String {
        switch self {
        case .skipFrames: return "skip"
        case .showEveryFrame: return "wait"
        }
    }
}
