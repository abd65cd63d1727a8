/// Whether the app is active or in the background, told to every ``ViewPlayback`` following it.
///
/// The platform adapters set it from the system's notifications (entering the background,
/// becoming active again); each ``ViewPlayback`` registers itself when made and pauses while the
/// app is in the background. Views that are gone are forgotten.
public final class ApplicationActivity: Sendable {
    private struct WeakPlayback {
        weak var playback: ViewPlayback?
    }

    private struct State {
        var isActive = true
        var playbacks: [WeakPlayback] = []
    }

    /// The activity every view follows unless given another.
    public static let shared = ApplicationActivity()

    private let state = LockedState(State())

    /// Creates an active app's activity.
    public init() {}

    /// Whether the app is active.
    public var isActive: Bool { state.withLock { $0.isActive } }

    /// The number of views following this activity that still exist.
    public var followerCount: Int { state.withLock { $0.playbacks }.count { $0.playback != nil } }

    /// Records a change: every following view pauses (inactive) or resumes what it paused (active).
    public func setActive(_ active: Bool) {
        // The views are returned from the lock: one released meanwhile goes after it, not under it.
        let playbacks = state.withLock { state -> [ViewPlayback] in
            state.isActive = active
            let live = state.playbacks.compactMap(\.playback)
            state.playbacks = live.map(WeakPlayback.init)
            return live
        }
        for playback in playbacks { playback.setApplicationActive(active) }
    }

    /// Follows `playback` (weakly) and tells it the current activity.
    func register(_ playback: ViewPlayback) {
        let (active, _) = state.withLock { state -> (Bool, [ViewPlayback]) in
            let live = state.playbacks.compactMap(\.playback)
            state.playbacks = live.map(WeakPlayback.init) + [WeakPlayback(playback: playback)]
            return (state.isActive, live)
        }
        if !active { playback.setApplicationActive(false) }
    }
}
