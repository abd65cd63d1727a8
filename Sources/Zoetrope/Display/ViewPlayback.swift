/// A view's hold on its ``Animator``: it pauses playback while the view cannot be seen (out of a
/// window, hidden, or the app in the background) and resumes it when the view can be seen again,
/// follows the system's ``MotionSettings`` (Animated Images off or Reduce Motion on: the poster
/// frame shows until the person asks to play, ``playOnRequest()``), and it applies a declarative
/// view's ``PlaybackSettings``.
///
/// The platform views call ``setInWindow(_:)`` and ``setHidden(_:)``; the app's activity and the
/// system's motion settings come from an ``ApplicationActivity`` (``ApplicationActivity/shared`` by
/// default). Only playback it paused itself is resumed: an animation the app paused, or one that
/// finished, stays as it is.
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
        var motion = MotionSettings()
        /// The motion settings were given by the view (SwiftUI's environment), not the system.
        var motionFromView = false
        /// The person asked to play: the motion settings do not hold it back.
        var requested = false
        var isVisible: Bool { inWindow && !hidden && applicationActive }
        var isAllowed: Bool { motion.allowsPlaying(requested: requested) }
        var canPlay: Bool { isVisible && isAllowed }
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

    /// The motion settings followed now.
    public var motion: MotionSettings { state.withLock { $0.motion } }

    /// Plays now if the view can be seen and the ``motion`` settings allow autoplay, else as soon as
    /// both hold (until then the view shows the animation's first frame).
    public func play() {
        let playNow = state.withLock { state in
            state.pending = state.canPlay ? .none : .requested
            return state.canPlay
        }
        if playNow { animator.play() }
    }

    /// Plays because the person looking at the view asked for it (a tap on a play button): as
    /// ``play()``, whatever the ``motion`` settings say, until ``pause()`` or ``prepareForReuse()``.
    public func playOnRequest() {
        state.withLock { $0.requested = true }
        play()
    }

    /// Pauses, and forgets any play or resume waiting for the view to become visible, and any
    /// ``playOnRequest()``.
    public func pause() {
        state.withLock { state in
            state.pending = .none
            state.requested = false
        }
        animator.pause()
    }

    /// Stops playback and lets go of the image and its frames (``Animator/unload()``), and forgets
    /// any play or resume waiting for the view to become visible, so that a view reused in a
    /// scrolling list plays its next image only when asked to. What is known of the view's
    /// visibility stays.
    public func prepareForReuse() {
        state.withLock { state in
            state.pending = .none
            state.requested = false
        }
        animator.unload()
    }

    /// The view entered (`true`) or left (`false`) a window.
    public func setInWindow(_ inWindow: Bool) { change { $0.inWindow = inWindow } }

    /// The view was hidden (`true`) or shown again.
    public func setHidden(_ hidden: Bool) { change { $0.hidden = hidden } }

    /// The app became active (`true`) or went to the background.
    public func setApplicationActive(_ active: Bool) { change { $0.applicationActive = active } }

    /// Follows `motion` (a SwiftUI view's environment) from now on instead of the system's settings
    /// its ``ApplicationActivity`` passes on. When they stop allowing autoplay, an animation playing
    /// by itself goes back to its first frame and stops; when they allow it again, it plays again.
    public func setMotion(_ motion: MotionSettings) {
        change { state in
            state.motion = motion
            state.motionFromView = true
        }
    }

    /// The system's motion settings changed (from the ``ApplicationActivity``): followed unless the
    /// view gave its own.
    func setSystemMotion(_ motion: MotionSettings) {
        change { state in
            if !state.motionFromView { state.motion = motion }
        }
    }

    /// Applies what changed since the settings applied before (everything the first time): the
    /// style (rate, mode, play count) goes to the animator; playing goes through ``play()`` (the
    /// first settings: autoplay, which the ``motion`` settings may hold back), ``playOnRequest()``
    /// (`isPlaying` turned from `false` to `true`: someone asked) and ``pause()``. Settings equal to
    /// the previous ones change nothing, so an animation that finished is not restarted by the same
    /// `isPlaying == true`.
    public func apply(_ settings: PlaybackSettings) {
        let previous = state.withLock { state -> PlaybackSettings? in
            defer { state.applied = settings }
            return state.applied
        }
        if previous?.style != settings.style { animator.style = settings.style }
        if previous?.isPlaying != settings.isPlaying {
            if !settings.isPlaying { pause() } else if previous == nil { play() } else { playOnRequest() }
        }
    }

    /// Updates visibility or motion settings, then pauses, rests on the poster frame or resumes the
    /// animator if whether it may play changed.
    private func change(_ update: (inout State) -> Void) {
        enum Action { case pause, poster, play, resume }
        let playing = animator.isPlaying // read first: one lock at a time
        let action = state.withLock { state -> Action? in
            let couldPlay = state.canPlay
            update(&state)
            switch (couldPlay, state.canPlay) {
            case (true, false):
                guard playing else { return nil }
                state.pending = .resume
                return state.isAllowed ? .pause : .poster
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
        case .poster: animator.stop()
        case .play: animator.play()
        case .resume: if !animator.isFinished { animator.play() }
        case nil: break
        }
    }
}
