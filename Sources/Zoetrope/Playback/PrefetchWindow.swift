/// What one animator asks its ``SharedFrameCache`` to keep for an image: the frame shown and the
/// frames after it in playback order (nearest first), of which the first `decodeCount` are decoded
/// in the background when missing.
struct FrameRequest: Sendable, Hashable {
    /// The frames to keep, the shown one first.
    var keep: [Int]
    /// How many of ``keep`` to decode when they are missing.
    var decodeCount: Int
    /// For each frame of ``keep``, how long until it is due at the playback rate (counted from
    /// the start of the frame shown); empty: all due now.
    var leads: [Duration] = []
    /// The client holds its first frame (``StartupHold``), not paused.
    var starting = false
}

/// How far ahead of the frame it shows an ``Animator`` keeps frames decoded, within a
/// ``BufferBudget``: a plain value the animator keeps under its lock.
///
/// The window keeps the frame on screen (its pixels are shared with the view's copy, so keeping
/// it costs nothing) and up to ``frameLimit`` frames ahead of it. It starts decoding one frame
/// ahead and grows by one per fetch instead of allocating at once; frames already decoded within
/// the target stay. With an ``BufferBudget/automatic`` budget on an animation too big to keep
/// whole, it grows only as far as playback needs (``Lookahead``): the target follows the decode
/// time the cache measures, the frame durations and the rate, and grows after a miss. Under memory
/// pressure it shrinks to the next frame and grows back (gradually again) once ``regrowDelay`` of
/// playback time has passed.
struct PrefetchWindow: Sendable {
    /// The budget the window follows.
    let budget: BufferBudget
    /// The automatic budget's ceiling in bytes (the system's, lowered to the cache's limit).
    let ceiling: Int
    /// How long after memory pressure the window starts growing again.
    let regrowDelay: Duration
    /// The most frames the budget allows ahead of the one shown (for an automatic budget, the
    /// ceiling its window adapts under).
    private(set) var frameLimit: Int
    /// Whether the window follows playback's needs rather than ``frameLimit``.
    private(set) var adapts: Bool
    /// How many frames ahead of the shown one are decoded now.
    private(set) var window = 0
    /// The frames ahead wanted now: ``frameLimit``, or what the lookahead asks for.
    private(set) var target = 0
    private var lookahead = Lookahead()
    private var now = Duration.zero
    private var growthResumesAt: Duration?
    private var shown = 0
    private var upcoming: [Int] = []
    private var durations: [Duration] = []
    private var rate = 1.0

    /// A window for `frameCount` frames of `bytesPerFrame` bytes.
    init(budget: BufferBudget, frameCount: Int, bytesPerFrame: Int, ceiling: Int, regrowDelay: Duration) {
        self.budget = budget
        self.ceiling = ceiling
        self.regrowDelay = regrowDelay
        frameLimit = budget.frameLimit(bytesPerFrame: bytesPerFrame, frameCount: frameCount, automaticCeiling: ceiling)
        adapts = budget.adapts(bytesPerFrame: bytesPerFrame, frameCount: frameCount, automaticCeiling: ceiling)
    }

    /// Follows an image that gained frames (one still arriving): the limits for its frames now.
    mutating func resize(frameCount: Int, bytesPerFrame: Int) {
        frameLimit = budget.frameLimit(bytesPerFrame: bytesPerFrame, frameCount: frameCount, automaticCeiling: ceiling)
        adapts = budget.adapts(bytesPerFrame: bytesPerFrame, frameCount: frameCount, automaticCeiling: ceiling)
        window = min(window, frameLimit)
        target = min(target, frameLimit)
    }

    /// How many upcoming frames a fetch should list: enough for the window to grow into.
    var upcomingLimit: Int {
        adapts ? min(frameLimit, 2 * max(target, window) + Lookahead.minimumFrames) : frameLimit
    }

    /// One fetch at playback time `now`: keeps frame `shown` and asks for the first ``window``
    /// frames of `upcoming` (the frames after it in playback order, nearest first, whose durations
    /// are `durations[index]`), growing the window by one frame first unless it waits out a
    /// memory-pressure delay. `missed` when the frame due was not decoded in time; `decodeTime` is
    /// the cache's measured time per frame.
    mutating func fetch(shown: Int, upcoming: [Int], durations: [Duration], now: Duration, rate: Double,
                        missed: Bool, decodeTime: Duration) -> FrameRequest {
        self.now = now
        if let resume = growthResumesAt, now >= resume { growthResumesAt = nil }
        self.shown = shown
        self.upcoming = upcoming
        self.durations = durations
        self.rate = rate
        target = nextTarget(durations: durations, rate: rate, missed: missed, decodeTime: decodeTime)
        if growthResumesAt == nil { window = min(window + 1, target) }
        return request
    }

    /// Shrinks the window to the next frame now; it grows again ``regrowDelay`` later.
    mutating func relieve() -> FrameRequest {
        window = 1
        growthResumesAt = now + regrowDelay
        return request
    }

    /// ``frameLimit``, or for an adapting window the lookahead's target for the upcoming frames.
    private mutating func nextTarget(durations: [Duration], rate: Double, missed: Bool, decodeTime: Duration) -> Int {
        guard adapts else { return frameLimit }
        if missed { lookahead.recordMiss(at: now) } else { lookahead.settle(at: now) }
        let shown = shown
        let ahead = upcoming.lazy.filter { $0 != shown && $0 < durations.count }.map { durations[$0] }
        return lookahead.frames(decodeTime: decodeTime, durations: ahead, rate: rate, ceiling: frameLimit)
    }

    /// Keeps what is decoded within the target (the window limits new decoding, not keeping),
    /// only the window while recovering from memory pressure.
    private var request: FrameRequest {
        let keep = growthResumesAt == nil ? target : window
        let shown = shown
        let ahead = upcoming.lazy.filter { $0 != shown }.prefix(keep)
        let frames = [shown] + ahead
        return FrameRequest(keep: frames, decodeCount: 1 + window, leads: leads(of: frames.prefix(1 + window)))
    }

    /// How long until each of `frames` (the shown one first, then in playback order) is due.
    private func leads(of frames: ArraySlice<Int>) -> [Duration] {
        let speed = rate > 0 && rate.isFinite ? rate : 1
        var lead = Duration.zero
        return frames.map { index in
            defer { if durations.indices.contains(index) { lead += durations[index] / speed } }
            return lead
        }
    }
}
