/// A view's hold on its ``Animator``: it pauses playback while the view cannot be seen (out of a
/// window, hidden, or the app in the background) and resumes it when the view can be seen again,
/// and it applies a declarative view's ``PlaybackSettings``.
///
/// The platform views call ``setInWindow(_:)`` and ``setHidden(_:)``; the app's activity comes from
/// an ``ApplicationActivity`` (``ApplicationActivity/shared`` by default). Only playback it paused
/// itself is resumed: an animation the app paused, or one that finished, stays as it is.
public final class ViewPlayback: Sendable {
    private enum Pending: Sendable {
        /// Nothing to do when the view becomes visible.
        case none
        /// ``play()`` was asked for while the view could not be seen.
        case requested
        /// Playback was paused by this object when the view stopped being visible.
        case resume
    }

    private struct State {
        var inWindow = false
        var hidden = false
        var applicationActive = true
        var pending = Pending.none
        var applied: PlaybackSettings?
        var isVisible: Bool { inWindow && !hidden && applicationActive }
    }

    /// The animator this object plays and pauses.
    public let animator: Animator
    private let state: LockedState<State>

    /// Follows `activity` for `animator`. The view starts out of any window.
    public init(animator: Animator, activity: ApplicationActivity = .shared) {
        self.animator = animator
        state = LockedState(State())
        activity.register(self)
    }

    /// Whether the view can be seen: in a window, not hidden, the app active.
    public var isVisible: Bool { state.withLock { $0.isVisible } }

    /// Plays now if the view can be seen, else as soon as it can.
    public func play() {
        let playNow = state.withLock { state in
            state.pending = state.isVisible ? .none : .requested
            return state.isVisible
        }
        if playNow { animator.play() }
    }

    /// Pauses, and forgets any play or resume waiting for the view to become visible.
    public func pause() {
        state.withLock { $0.pending = .none }
        animator.pause()
    }

    /// Stops playback and lets go of the image and its frames (``Animator/unload()``), and forgets
    /// any play or resume waiting for the view to become visible, so that a view reused in a
    /// scrolling list plays its next image only when asked to. What is known of the view's
    /// visibility stays.
    public func prepareForReuse() {
        state.withLock { $0.pending = .none }
        animator.unload()
    }

    /// The view entered (`true`) or left (`false`) a window.
    public func setInWindow(_ inWindow: Bool) { change { $0.inWindow = inWindow } }

    /// The view was hidden (`true`) or shown again.
    public func setHidden(_ hidden: Bool) { change { $0.hidden = hidden } }

    /// The app became active (`true`) or went to the background.
    public func setApplicationActive(_ active: Bool) { change { $0.applicationActive = active } }

    /// Applies what changed since the settings applied before (everything the first time): the
    /// style (rate, mode, play count) goes to the animator; playing goes through ``play()`` and
    /// ``pause()``. Settings equal to the previous ones change nothing, so an animation that
    /// finished is not restarted by the same `isPlaying == true`.
    public func apply(_ settings: PlaybackSettings) {
        let previous = state.withLock { state -> PlaybackSettings? in
            defer { state.applied = settings }
            return state.applied
        }
        if previous?.style != settings.style { animator.style = settings.style }
        if previous?.isPlaying != settings.isPlaying {
            if settings.isPlaying { play() } else { pause() }
        }
    }

    /// Updates visibility, then pauses or resumes the animator if visibility changed.
    private func change(_ update: (inout State) -> Void) {
        enum Action { case pause, play, resume }
        let playing = animator.isPlaying // read first: one lock at a time
        let action = state.withLock { state -> Action? in
            let wasVisible = state.isVisible
            update(&state)
            switch (wasVisible, state.isVisible) {
            case (true, false):
                guard playing else { return nil }
                state.pending = .resume
                return .pause
            case (false, true):
                defer { state.pending = .none }
                switch state.pending {
                case .none: return nil
                case .requested: return .play
                case .resume: return .resume
                }
            default: return nil
            }
        }
        switch action {
        case .pause: animator.pause()
        case .play: animator.play()
        case .resume: if !animator.isFinished { animator.play() }
        case nil: break
        }
    }
}
