/// Whether the app is active or in the background, and the system's ``MotionSettings``, told to
/// every ``ViewPlayback`` following it.
///
/// The platform adapters set it from the system's notifications (entering the background,
/// becoming active again, the Animated Images and Reduce Motion settings changing); each
/// ``ViewPlayback`` registers itself when made, pauses while the app is in the background and shows
/// its poster frame while the motion settings do not allow autoplay. Views that are gone are forgotten.
public final class ApplicationActivity: Sendable {
    private struct WeakPlayback {
        weak var playback: ViewPlayback?
    }

    private struct State {
        var isActive = true
        var motion = MotionSettings()
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
        for playback in update({ $0.isActive = active }) { playback.setApplicationActive(active) }
    }

    /// The system's motion settings (Animated Images, Reduce Motion) the views follow.
    public var motion: MotionSettings { state.withLock { $0.motion } }

    /// Records a change of the system's motion settings: every following view that was not given
    /// its own (``ViewPlayback/setMotion(_:)``) follows it.
    public func setMotion(_ motion: MotionSettings) {
        for playback in update({ $0.motion = motion }) { playback.setSystemMotion(motion) }
    }

    /// Applies `change` under the lock and returns the views still following, forgetting the
    /// released ones. The views are told outside the lock: one released meanwhile goes after it,
    /// not under it.
    private func update(_ change: (inout State) -> Void) -> [ViewPlayback] {
        state.withLock { state -> [ViewPlayback] in
            change(&state)
            let live = state.playbacks.compactMap(\.playback)
            state.playbacks = live.map(WeakPlayback.init)
            return live
        }
    }

    /// Follows `playback` (weakly) and tells it the current activity and motion settings.
    func register(_ playback: ViewPlayback) {
        let (active, motion, _) = state.withLock { state -> (Bool, MotionSettings, [ViewPlayback]) in
            let live = state.playbacks.compactMap(\.playback)
            state.playbacks = live.map(WeakPlayback.init) + [WeakPlayback(playback: playback)]
            return (state.isActive, state.motion, live)
        }
        if !active { playback.setApplicationActive(false) }
        if motion != MotionSettings() { playback.setSystemMotion(motion) }
    }
}
