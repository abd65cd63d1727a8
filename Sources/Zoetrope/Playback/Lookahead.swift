/// How many frames ahead an automatic ``PrefetchWindow`` decodes: enough that the frames coming next
/// last, at the playback rate, longer than a frame takes to decode, with headroom.
///
/// The lead is ``headroom`` times the measured decode time per frame plus a ``schedulingAllowance``
/// (the wait for the decoding thread on a busy machine, which the decode time does not show),
/// times a boost that doubles with each buffer miss (up to ``maximumBoost``) and halves after
/// every ``calmPeriod`` of playback time without one. The window covers the lead with the durations of the upcoming
/// frames, plus the frame whose decoding starts last, and is never below ``minimumFrames``.
struct Lookahead: Sendable, Hashable {
    /// The smallest window.
    static let minimumFrames = 3
    /// The lead, in multiples of the decode time per frame, when there has been no miss.
    static let headroom = 2
    /// Added to the lead: how long a decode may wait for a thread.
    static let schedulingAllowance = Duration.milliseconds(50)
    /// The most the lead grows after misses, in multiples of the calm lead.
    static let maximumBoost = 16
    /// Playback time without a miss after which the boost halves.
    static let calmPeriod = Duration.seconds(5)

    /// The lead's multiplier now: 1 until a miss.
    private(set) var boost = 1
    /// When the boost last changed.
    private var changedAt = Duration.zero

    /// A buffer miss at playback time `now`: the lead doubles.
    mutating func recordMiss(at now: Duration) {
        boost = min(boost * 2, Self.maximumBoost)
        changedAt = now
    }

    /// Halves the boost when a calm period has passed since it last changed.
    mutating func settle(at now: Duration) {
        guard boost > 1, now - changedAt >= Self.calmPeriod else { return }
        boost /= 2
        changedAt = now
    }

    /// The frames to decode ahead, for a decode time per frame of `decodeTime`, playing at `rate`
    /// with the upcoming frames lasting `durations` (nearest first), within `ceiling` frames.
    func frames(decodeTime: Duration, durations: some Sequence<Duration>, rate: Double, ceiling: Int) -> Int {
        let limit = max(ceiling, 1)
        guard rate > 0, rate.isFinite else { return min(Self.minimumFrames, limit) }
        // The lead in the image's own time: at rate 2, frames pass twice as fast.
        let lead = (decodeTime * Self.headroom + Self.schedulingAllowance) * (Double(boost) * rate)
        var covered = Duration.zero
        var count = 0
        for duration in durations {
            if covered >= lead || count >= limit { break }
            covered += duration
            count += 1
        }
        return min(max(count + 1, Self.minimumFrames), limit)
    }
}
