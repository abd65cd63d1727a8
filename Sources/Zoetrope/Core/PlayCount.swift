/// How many times an animation plays through.
public enum PlayCount: Sendable, Hashable, CustomStringConvertible {
    /// Loops forever.
    case infinite
    /// Plays this many times in all (at least 1), then rests on its last frame.
    case finite(Int)

    /// The number of plays, or `nil` for ``infinite``.
    public var count: Int? {
        switch self {
        case .infinite: return nil
        case .finite(let plays): return plays
        }
    }

    public var description: String {
        switch self {
        case .infinite: return "forever"
        case .finite(let plays): return plays == 1 ? "1 play" : "\(plays) plays"
        }
    }
}
