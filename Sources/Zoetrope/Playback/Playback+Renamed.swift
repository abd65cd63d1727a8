// The names of Zoetrope 1's playback API, before the glossary settled on one word per concept
// (plays, not loops): kept so that clients keep compiling, with a fix-it to the new name. An
// event's old case names still build events; matching them in a `switch` needs the new names.

extension Animator {
    /// The 0-based play being shown: renamed ``currentPlay``.
    @available(*, deprecated, renamed: "currentPlay")
    public var currentLoop: Int { currentPlay }

    /// One play's length: renamed ``playDuration``.
    @available(*, deprecated, renamed: "playDuration")
    public var loopDuration: Duration { playDuration }
}

extension AnimatorEvent {
    /// A new frame is shown: renamed ``frameChanged(frame:play:)``.
    @available(*, deprecated, renamed: "frameChanged(frame:play:)")
    public static func frameChanged(frame: Int, loop: Int) -> AnimatorEvent { .frameChanged(frame: frame, play: loop) }

    /// A play through the animation ended: renamed ``playCompleted(completed:remaining:)``.
    @available(*, deprecated, renamed: "playCompleted(completed:remaining:)")
    public static func loopCompleted(completed: Int, remaining: Int?) -> AnimatorEvent {
        .playCompleted(completed: completed, remaining: remaining)
    }
}

extension PlaybackReport {
    /// Plays completed: renamed ``playsCompleted``.
    @available(*, deprecated, renamed: "playsCompleted")
    public var loopsCompleted: Int {
        get { playsCompleted }
        set { playsCompleted = newValue }
    }
}

extension PlaybackReport.Change {
    /// The 0-based play it belongs to: renamed ``play``.
    @available(*, deprecated, renamed: "play")
    public var loop: Int {
        get { play }
        set { play = newValue }
    }

    /// Creates a change: renamed ``init(time:frame:play:)``.
    @available(*, deprecated, renamed: "init(time:frame:play:)")
    public init(time: Duration, frame: Int, loop: Int) {
        self.init(time: time, frame: frame, play: loop)
    }
}
