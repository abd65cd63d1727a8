/// Where playback is on an image's timeline, and how it moves: the pure timing model of the
/// ``Animator`` (accumulator timing over effective frame durations), free of clocks and buffers.
///
/// A cursor knows the frames that have arrived (its *frontier*: ``durations`` holds one duration
/// per frame known complete) and whether that is all of them (``isComplete``). While frames are
/// still arriving it plays forward through the known frames and, at the end of the last one,
/// waits there (``isWaitingForFrames``) instead of looping or finishing; ``resumed(durations:isComplete:mode:plays:)``
/// carries it onto the frames known later. Once complete, its mode and number of plays apply.
struct PlaybackCursor: Sendable {
    /// The frame indices of one play, in order (`0 … n−1`, reversed, or there and back).
    let cycle: [Int]
    /// Each frame's duration, by frame index: one per frame known complete.
    let durations: [Duration]
    /// When each cycle step starts, from the start of the play; one more entry: the play's length.
    let stepStarts: [Duration]
    /// How many plays in all; `nil` for forever (and while frames are still arriving).
    let plays: Int?
    let mode: PlaybackMode
    /// Whether ``durations`` covers every frame of the image; `false` while frames still arrive.
    let isComplete: Bool

    /// The current step in ``cycle``.
    private(set) var step = 0
    /// Completed plays.
    private(set) var completedLoops = 0
    /// Time spent on the current step.
    private(set) var timeInFrame = Duration.zero
    private(set) var isFinished = false

    /// A cursor at the start of `durations`. An incomplete cursor plays forward, once, whatever
    /// `mode` and `plays` say (they apply when the frames are complete).
    init(durations: [Duration], mode: PlaybackMode, plays: Int?, isComplete: Bool = true) {
        let mode = isComplete ? mode : .forward
        cycle = mode.frameOrder(count: durations.count)
        self.durations = durations.isEmpty ? [.zero] : durations.map { max($0, .zero) }
        var starts: [Duration] = []
        starts.reserveCapacity(cycle.count + 1)
        var total = Duration.zero
        for index in cycle {
            starts.append(total)
            total += self.durations[index]
        }
        starts.append(total)
        stepStarts = starts
        self.plays = isComplete ? plays.map { max($0, 1) } : nil
        self.mode = mode
        self.isComplete = isComplete
    }

    /// The number of frames known complete.
    var frontier: Int { durations.count }

    /// One play's length in this mode.
    var loopDuration: Duration { stepStarts[cycle.count] }

    /// Whether time stands still: a complete image of one frame, or of frames all lasting zero.
    var isStatic: Bool { isComplete && (loopDuration <= .zero || cycle.count < 2) }

    /// Whether this is the last known step of frames still arriving: playback waits at its end.
    private var isAtFrontier: Bool { !isComplete && step == cycle.count - 1 }

    /// Whether playback has shown the last frame that arrived for its whole duration and waits
    /// for the next one.
    var isWaitingForFrames: Bool { isAtFrontier && timeInFrame >= durations[cycle[step]] }

    /// The frame a finished animation rests on.
    var restFrame: Int { mode == .forward ? cycle.count - 1 : 0 }

    /// The frame shown now.
    var frame: Int { isFinished ? restFrame : cycle[step] }

    /// The 0-based play being shown (the last one once finished).
    var loop: Int { isFinished ? max(completedLoops - 1, 0) : completedLoops }

    /// Time from the start of the current play.
    var timeInLoop: Duration { isFinished ? loopDuration : stepStarts[step] + timeInFrame }

    /// Time from the start of the first play.
    var elapsed: Duration { loopDuration * completedLoops + (isFinished ? .zero : timeInLoop) }

    /// Moves on by `time` onto frames that are ready to show, returning the loop events passed on
    /// the way (``AnimatorEvent/loopCompleted`` and ``AnimatorEvent/finished``, in order) and the
    /// frame that was due but not ready, if any.
    ///
    /// Under ``LatenessPolicy/skipFrames`` the frames passed over need not be ready: the cursor
    /// lands on the frame that is due, or else on the last ready frame on the way there, keeping
    /// the time beyond it (wall-clock time is kept; the next tick carries on). Under
    /// ``LatenessPolicy/showEveryFrame`` it moves at most one frame, carrying at most one frame's
    /// time over, and when that frame is not ready it waits at the end of the current one.
    mutating func advance(by time: Duration, policy: LatenessPolicy,
                          isReady: (Int) -> Bool = { _ in true }) -> (events: [AnimatorEvent], notReady: Int?) {
        guard !isFinished, time > .zero, !isStatic else { return ([], nil) }
        var walker = self
        walker.timeInFrame += time
        var events: [AnimatorEvent] = []
        var lastReady: (cursor: PlaybackCursor, eventCount: Int)?
        var moved = false
        while !walker.isFinished, walker.timeInFrame >= walker.durations[walker.cycle[walker.step]] {
            if walker.isAtFrontier { // the next frame has not arrived: wait at the end of this one
                walker.timeInFrame = walker.durations[walker.cycle[walker.step]]
                break
            }
            walker.timeInFrame -= walker.durations[walker.cycle[walker.step]]
            walker.stepForward(events: &events)
            moved = true
            if walker.isFinished { walker.timeInFrame = .zero }
            if policy == .showEveryFrame {
                if !walker.isFinished { walker.timeInFrame = min(walker.timeInFrame, walker.durations[walker.cycle[walker.step]]) }
                break
            }
            if isReady(walker.frame) { lastReady = (walker, events.count) }
        }
        guard moved, !isReady(walker.frame) else {
            self = walker
            return (events, nil)
        }
        if let lastReady {
            self = lastReady.cursor
            return (Array(events.prefix(lastReady.eventCount)), walker.frame)
        }
        switch policy {
        case .skipFrames: timeInFrame += time // keep the time: the next tick goes further
        case .showEveryFrame: timeInFrame = durations[cycle[step]] // the clock waits
        }
        return ([], walker.frame)
    }

    /// The frames whose readiness ``advance(by:policy:isReady:)`` asks about when moving by `time`:
    /// every frame it could land on, in order (the moves do not depend on the answers).
    func framesReached(by time: Duration, policy: LatenessPolicy) -> [Int] {
        var walker = self
        var reached: [Int] = []
        _ = walker.advance(by: time, policy: policy) { index in
            reached.append(index)
            return true
        }
        return reached
    }

    /// This cursor carried onto the frames known now: `durations` (those known before first,
    /// unchanged), whether they are complete and, once complete, the `mode` and `plays` that
    /// apply. It stays on the same frame, with the time already spent on it (at most the frame's
    /// own duration, so that a wait for bytes does not make playback skip the frames that arrive).
    func resumed(durations: [Duration], isComplete: Bool, mode: PlaybackMode, plays: Int?) -> PlaybackCursor {
        var cursor = PlaybackCursor(durations: durations, mode: mode, plays: plays, isComplete: isComplete)
        cursor.seek(toFrame: frame)
        cursor.restore(timeInFrame: timeInFrame)
        return cursor
    }

    private mutating func stepForward(events: inout [AnimatorEvent]) {
        step += 1
        guard step == cycle.count else { return }
        step = 0
        completedLoops += 1
        let remaining = plays.map { max($0 - completedLoops, 0) }
        events.append(.playCompleted(completed: completedLoops, remaining: remaining))
        if remaining == 0 {
            isFinished = true
            events.append(.finished)
        }
    }

    /// Counts `completedLoops` plays as done (after a change of mode or play count), short of the last.
    mutating func restore(completedLoops loops: Int) {
        completedLoops = min(max(loops, 0), plays.map { $0 - 1 } ?? Int.max)
    }

    /// Sets the time already spent on the current frame (clamped to its duration).
    mutating func restore(timeInFrame time: Duration) {
        timeInFrame = min(max(time, .zero), durations[cycle[step]])
    }

    /// Goes to the first step of the current play that shows `frame`, at its start.
    mutating func seek(toFrame frame: Int) {
        guard let target = cycle.firstIndex(of: frame) else { return }
        if isFinished { completedLoops = max(completedLoops - 1, 0) }
        isFinished = false
        step = target
        timeInFrame = .zero
    }

    /// Goes to `time` from the start of the current play (clamped into the play).
    mutating func seek(toTimeInLoop time: Duration) {
        if isFinished { completedLoops = max(completedLoops - 1, 0) }
        isFinished = false
        let clamped = min(max(time, .zero), loopDuration)
        // The last step whose start is at or before `time`, skipping zero-length steps at the end.
        var target = 0
        for index in 0..<cycle.count where stepStarts[index] <= clamped && durations[cycle[index]] > .zero {
            target = index
        }
        step = target
        timeInFrame = min(clamped - stepStarts[target], durations[cycle[target]])
    }

    /// The distinct frames that follow the current one in playback order, nearest first, at most
    /// `limit` of them; none past the end of the last play (except the frame it rests on), nor past
    /// the last frame known while frames are still arriving.
    func upcomingFrames(limit: Int) -> [Int] {
        guard limit > 0, !isFinished else { return [] }
        guard isComplete else { return Array(cycle[(step + 1)...].prefix(limit)) }
        var result: [Int] = []
        // Frames seen, by index (every frame of the cycle is one of `durations`): no hashing, as
        // this runs on every tick of every animation.
        var seen = [Bool](repeating: false, count: durations.count)
        func firstSight(_ index: Int) -> Bool {
            guard seen.indices.contains(index), !seen[index] else { return false }
            seen[index] = true
            return true
        }
        _ = firstSight(frame)
        var position = step
        var loops = completedLoops
        for _ in 0..<(2 * cycle.count) {
            position += 1
            if position == cycle.count {
                position = 0
                loops += 1
                if let plays, loops >= plays {
                    if firstSight(restFrame) { result.append(restFrame) }
                    break
                }
            }
            let next = cycle[position]
            if firstSight(next) {
                result.append(next)
                if result.count == limit { break }
            }
        }
        return Array(result.prefix(limit))
    }
}
