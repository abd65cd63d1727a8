import Zoetrope

/// `--mode forward|reverse|bounce`: the library's own modes, by name.
extension PlaybackMode: ExpressibleByArgument {}

/// `--lateness skip|wait`: the library's policies under short names, which are also what the help
/// shows as the default.
enum Lateness: String, ExpressibleByArgument, CaseIterable {
    case skip, wait

    var policy: LatenessPolicy {
        switch self {
        case .skip: return .skipFrames
        case .wait: return .showEveryFrame
        }
    }
}
