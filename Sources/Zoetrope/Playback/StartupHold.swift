/// How an ``Animator`` starts playing an image it has just loaded: as a browser starts an image's
/// animation when it is painted, the animation's clock starts from its first frame shown, and the
/// first frame is held until the next frames are decoded (a short start-up buffer) — or until a
/// deadline, so that a slow decode still starts within the first frame's duration (at the
/// playback rate) plus ``allowance``. While held, playback time stands still and no frame is due,
/// so nothing counts as a buffer miss; from the tick that starts it, a frame falling due before it
/// is decoded is a miss as before.
///
/// A plain value in the animator's state, armed when an image is loaded and dropped once playback
/// starts, or by a jump (a seek, a stop): after a jump the frames play from where they were put.
package struct StartupHold: Sendable, Hashable {
    /// The most frames after the first that playback waits for: the next frame or two.
    static let bufferedFrames = 2
    /// How much longer than the first frame's duration playback waits at most: a second, so that
    /// when many animations appear at once (a chat stream opened on twenty GIFs) they start in
    /// turn as the decoder reaches them, each with its next frames decoded, as a browser does not
    /// advance an animation to a frame it has not decoded. With 100 ms the last of twenty 1080p
    /// GIFs on two workers started with nothing decoded ahead and missed (28 Nov).
    static let allowance = Duration.seconds(1)

    /// How long the frames waited for last at least while other animations sharing the cache are
    /// starting too: a second (the hold's deadline still applies). Twenty 1080p GIFs appearing at
    /// once on two workers: the first ones started with their next two frames, then ran dry while
    /// the workers started the others (0-13 misses a run, 28 Nov); with half a second of frames the
    /// first one still ran dry once in three runs, with a second none did in nine.
    static let sharedStartCover = Duration.seconds(1)

    /// What the hold waits for (package: the surface benchmark tries other values; the defaults
    /// are the product's).
    package struct Policy: Sendable, Hashable {
        /// The most frames after the first that playback waits for.
        package var frames = StartupHold.bufferedFrames
        /// While other animations sharing the cache are starting too, the playback time the frames
        /// waited for cover at least (more frames, as far as the prefetch window grows).
        package var cover = StartupHold.sharedStartCover

        package init() {}
    }

    /// Wall-clock time held so far (the ticks' intervals).
    private(set) var waited = Duration.zero

    /// The frames to wait for: the first of `upcoming` (the frames after the shown one, nearest
    /// first, lasting `durations[index]`, as far as the prefetch window will grow), no more than
    /// `policy`'s frames nor than the `window` frames the animator has asked the cache to decode
    /// ahead so far; or more, while they cover less than the policy's cover (the window grows into
    /// them, a frame a tick).
    static func frames(upcoming: [Int], window: Int, durations: [Duration], policy: Policy) -> [Int] {
        var count = min(max(policy.frames, 0), max(window, 0), upcoming.count)
        var covered = Duration.zero
        for (number, index) in upcoming.enumerated() where covered < policy.cover {
            covered += durations.indices.contains(index) ? durations[index] : .zero
            count = max(count, number + 1)
        }
        return Array(upcoming.prefix(count))
    }

    /// The longest hold, in wall-clock time: the first frame's `duration` at `rate`, plus
    /// ``allowance``.
    static func deadline(firstDuration duration: Duration, rate: Double) -> Duration {
        let shown = rate > 0 && rate.isFinite ? duration / rate : .zero
        return shown + allowance
    }

    /// Decides a tick of `interval`: playback starts when every frame waited for is `buffered` (the
    /// tick's whole interval is played), or when this tick reaches `deadline` (only the part of it
    /// past the deadline is played); otherwise the tick is held and counted. Returns the wall-clock
    /// time of this tick that plays, `nil` while held.
    mutating func start(buffered: Bool, interval: Duration, deadline: Duration) -> Duration? {
        let interval = max(interval, .zero)
        if buffered { return interval }
        waited += interval
        return waited >= deadline ? waited - deadline : nil
    }
}
