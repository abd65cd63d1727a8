/// Which source frames an output keeps and how long each shows: every frame, or, under a frame
/// rate cap, frames dropped by time rather than by index.
///
/// Under a cap of `r` frames a second the frames are cut into consecutive groups, each spanning
/// at least `1/r`: a group takes the frames that start less than `1/r` after its own start (a
/// last group shorter than that joins the one before). Each group shows, for its whole span, the
/// frame in it that shows longest (the earliest on a tie): what the source has on screen most of
/// that time. So no output frame is shorter than `1/r`, variable durations are followed, a frame
/// the eye sees is not lost to a short one before it, and the total duration is the source's
/// exactly.
package struct FrameTimeline: Equatable {
    /// The kept source frame indices, increasing.
    package var indices: [Int]
    /// How long each kept frame shows.
    package var durations: [Duration]

    /// Every frame at its own duration.
    init(durations: [Duration]) {
        self.init(indices: Array(durations.indices), durations: durations)
    }

    /// One frame.
    init(index: Int, duration: Duration) {
        self.init(indices: [index], durations: [duration])
    }

    /// The frames kept under `maxFrameRate` frames a second (`nil`: all of them).
    init(durations: [Duration], maxFrameRate: Int?) {
        guard let maxFrameRate, maxFrameRate > 0, !durations.isEmpty else {
            self.init(durations: durations)
            return
        }
        let shortest = Duration.seconds(1) / maxFrameRate
        // Group boundaries: the index each group starts at.
        var groupStarts: [Int] = [0]
        var start = Duration.zero, groupStart = Duration.zero
        for (index, duration) in durations.enumerated() {
            if index > 0 && start - groupStart >= shortest {
                groupStarts.append(index)
                groupStart = start
            }
            start += duration
        }
        if groupStarts.count > 1, start - groupStart < shortest { groupStarts.removeLast() }
        let groups = zip(groupStarts, groupStarts.dropFirst() + [durations.count]).map { $0..<$1 }
        self.init(indices: groups.map { group in
            group.max { durations[$0] < durations[$1] || (durations[$0] == durations[$1] && $0 > $1) } ?? group.lowerBound
        }, durations: groups.map { durations[$0].reduce(.zero, +) })
    }

    init(indices: [Int], durations: [Duration]) {
        self.indices = indices
        self.durations = durations
    }

    package var count: Int { indices.count }
}
