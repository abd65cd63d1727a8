/// One animation in an ``AnimationSurface``: an image attached to text, or a message in a chat
/// stream. It plays only while visible; out of sight it lets go of its frames and shows its poster
/// frame, and one never made visible decodes nothing.
///
/// Tell it when it scrolls in and out with ``setVisible(_:)``; show it in a view through
/// ``attach(_:)`` (the view's ``AnimatableView/animator`` must be ``animator``). Calls are meant
/// to come from one thread (a UI's main thread).
///
/// A frame that cannot be decoded is reported in ``lastFailure`` (and, while playing, as the
/// animator's ``AnimatorEvent/frameFailed(frame:error:)``): a broken first frame leaves the
/// poster made before, or nothing; a broken later frame leaves the picture before it.
public final class SurfaceAttachment: Sendable {
    /// What the attachment shows now.
    public enum Presentation: Sendable, Hashable {
        /// Nothing: it has never been visible, and nothing was decoded for it.
        case nothing
        /// Its poster frame (frame 0 at the attachment's size): off screen, or when the motion
        /// settings do not allow autoplay (``MotionSettings``) and nobody asked it to play.
        case poster
        /// Its animation, playing on the surface's clock.
        case playing
    }

    private struct WeakView {
        weak var view: (any AnimatableView)?
    }

    private struct State {
        var isVisible = false
        var motion: MotionSettings
        /// The person asked to play it (``playOnRequest()``); forgotten when it scrolls out.
        var requested = false
        var presentation = Presentation.nothing
        var view = WeakView()
        /// The first frame could not be decoded (to play, or for the poster).
        var failure: FrameFailure?
    }

    /// The animator playing the attachment (on the surface's clock and frame cache).
    public let animator: Animator
    private let shared: SurfaceImage
    private let state: LockedState<State>
    private let release: @Sendable (ObjectIdentifier) -> Void

    init(shared: SurfaceImage, animator: Animator, motion: MotionSettings,
         release: @escaping @Sendable (ObjectIdentifier) -> Void) {
        self.shared = shared
        self.animator = animator
        self.release = release
        state = LockedState(State(motion: motion))
    }

    deinit {
        animator.unload()
        release(ObjectIdentifier(self))
    }

    /// The pasted image read at the attachment's size (what its poster is made from), shared by
    /// every attachment of the same image and size. Its animator plays the ``ScaledImage/source``
    /// with the attachment's size as its ``Animator/displaySize``.
    public var image: ScaledImage { shared.image }

    /// Whether the attachment is on screen.
    public var isVisible: Bool { state.withLock { $0.isVisible } }

    /// What the attachment shows now.
    public var presentation: Presentation { state.withLock { $0.presentation } }

    /// The latest frame that could not be decoded: the first frame, when the attachment could not
    /// play or make its poster, else the latest that failed while playing; `nil` when none failed.
    public var lastFailure: FrameFailure? {
        state.withLock { $0.failure } ?? animator.lastFailure
    }

    /// The poster frame: frame 0 at the attachment's size (decoded now if it never was).
    public func poster() throws -> RGBAImage { try shared.makePoster() }

    /// Shows the attachment in `view` from now on (the view holds ``animator``), with what the
    /// attachment shows now.
    public func attach(_ view: any AnimatableView) {
        precondition(view.animator === animator, "the view must play the attachment's animator")
        animator.attach(view)
        let presentation = state.withLock { state in
            state.view.view = view
            return state.presentation
        }
        if presentation == .poster, let poster = shared.existingPoster { show(poster, in: view) }
    }

    /// The attachment scrolled into view (`true`) or out of it.
    public func setVisible(_ visible: Bool) {
        update { state in
            state.isVisible = visible
            if !visible { state.requested = false }
        }
    }

    /// Plays because the person asked for it (a tap), even when the motion settings keep
    /// attachments on their poster frame; it plays while visible and returns to the poster once it
    /// scrolls out.
    public func playOnRequest() {
        update { $0.requested = true }
    }

    /// Follows the system's motion settings: the surface calls this for all its attachments.
    func setMotion(_ motion: MotionSettings) {
        update { $0.motion = motion }
    }

    /// Changes the state, then moves to what the attachment should show.
    private func update(_ change: (inout State) -> Void) {
        let (from, wanted, view) = state.withLock { state in
            change(&state)
            let wanted: Presentation = state.isVisible && state.motion.allowsPlaying(requested: state.requested)
                ? .playing : .poster
            return (state.presentation, wanted, state.view.view)
        }
        let (reached, failure) = move(from: from, to: wanted, view: view)
        state.withLock { state in
            state.presentation = reached
            if let failure { state.failure = failure }
        }
    }

    /// Plays, or stops playing and shows the poster; returns what is shown, and the failure when
    /// the first frame could not be decoded (the poster made before then shows, if there is one).
    private func move(from: Presentation, to wanted: Presentation,
                      view: (any AnimatableView)?) -> (Presentation, FrameFailure?) {
        if wanted == .playing {
            if from == .playing { return (.playing, nil) }
            do {
                try animator.prepare(shared.image.source) // reduced to the animator's display size
                if animator.currentFrame == 0, let first = animator.activeFrame { shared.offerPoster(first) }
                view?.updateImageIfNeeded()
                animator.play()
                return (.playing, nil)
            } catch {
                return (showPoster(shared.existingPoster, in: view), firstFrameFailure(error))
            }
        }
        if from == .playing { animator.unload() }
        // Visible but not playing (motion settings): the poster is made now. Off screen: only one
        // already made.
        guard isVisible else { return (showPoster(shared.existingPoster, in: view), nil) }
        do {
            return (showPoster(try shared.makePoster(), in: view), nil)
        } catch {
            return (.nothing, FrameFailure(frame: 0, error: ZoetropeError(decoding: error)))
        }
    }

    /// The failure of the first frame a play starts with (the last frame in reverse).
    private func firstFrameFailure(_ error: any Error) -> FrameFailure {
        let first = animator.mode == .reverse ? max(shared.image.frameCount - 1, 0) : 0
        return FrameFailure(frame: first, error: ZoetropeError(decoding: error))
    }

    /// Shows `poster`, if any, in `view`; returns what the attachment shows then.
    private func showPoster(_ poster: RGBAImage?, in view: (any AnimatableView)?) -> Presentation {
        guard let poster else { return .nothing }
        if let view { show(poster, in: view) }
        return .poster
    }

    private func show(_ poster: RGBAImage, in view: any AnimatableView) {
        view.display(DisplayFrame(index: 0, image: poster, contentsRect: shared.image.contentsRect(at: 0)))
    }
}
