import Zoetrope

/// How writing an animation in a format changes its frames' display durations: each format
/// stores durations in its own unit (GIF in hundredths of a second, so 16 ms becomes 20 ms;
/// WebP in whole milliseconds), and browsers show a stored delay of 10 ms or less for 100 ms.
/// `convert` prints it as a warning, so that a change in timing is never silent.
struct TimingChange {
    /// Frames whose duration changes by a millisecond or more.
    var changedFrames: [Int]
    var frameCount: Int
    /// The first changed frame's duration, before and after.
    var example: (before: Duration, after: Duration)?
    /// The whole animation's length, before and after.
    var total: (before: Duration, after: Duration)

    /// The change `format` makes to `durations`, shown under `timing`; `nil` when no frame and
    /// not the total changes by a millisecond or more, and for a still image.
    init?(durations: [Duration], format: ImageFormat, timing: FrameTiming) {
        guard durations.count > 1 else { return nil }
        let shown = durations.map { timing.effectiveDuration(Self.stored($0, in: format)) }
        let tolerance = Duration.microseconds(999)
        changedFrames = durations.indices.filter { abs(shown[$0] - durations[$0]) > tolerance }
        frameCount = durations.count
        total = (durations.reduce(.zero, +), shown.reduce(.zero, +))
        guard !changedFrames.isEmpty || abs(total.after - total.before) > tolerance else { return nil }
        example = changedFrames.first.map { (durations[$0], shown[$0]) }
    }

    /// The duration `format` stores for `duration`, as a decoder reads it back.
    static func stored(_ duration: Duration, in format: ImageFormat) -> Duration {
        switch format {
        case .gif: return GIFEncoder.storedDuration(duration)
        case .png, .apng: return APNGEncoder.storedDuration(duration)
        case .webp: return WebPEncoder.storedDuration(duration)
        default: return duration // not an output format
        }
    }

    /// What the format stores, for the message.
    static func unit(of format: ImageFormat) -> String {
        switch format {
        case .gif: return "GIF stores durations in hundredths of a second"
        case .png, .apng: return "APNG stores durations as fractions of 16-bit numbers"
        case .webp: return "WebP stores durations in whole milliseconds"
        default: return "\(format) is not an output format"
        }
    }

    /// The warning's text (without the `zoetrope convert: FILE: warning:` start).
    func message(format: ImageFormat) -> String {
        var text = Self.unit(of: format)
        if let example {
            text += ": \(changedFrames.count) of \(frameCount) frames change duration"
                + " (frame \(changedFrames[0]): \(InfoReport.format(example.before)) → \(InfoReport.format(example.after))"
                + (example.after == .milliseconds(100) && example.before != example.after
                   ? ", as browsers show 10 ms or less for 100 ms" : "") + ")"
        }
        return text + "; the animation lasts \(InfoReport.format(total.after)) instead of \(InfoReport.format(total.before))"
    }
}

private func abs(_ duration: Duration) -> Duration { duration < .zero ? .zero - duration : duration }
