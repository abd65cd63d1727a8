/// A progress line on standard error for long work: shown only when standard error is a terminal,
/// only once the work has run for about a second, and redrawn at most ten times a second.
///
/// Work that reads the frames more than once (the GIF and APNG encoders plan, then write) counts
/// the frames of one pass against the frame count and says which pass it is in
/// (`converting [######..] 150/200 frames, pass 2 of 2, 80 frames/s`); the bar covers all passes.
final class ProgressReporter {
    private let label: String
    /// Frames in one pass.
    let frames: Int
    /// How many times the frames are read.
    let passes: Int
    private let enabled: Bool
    private let start = ContinuousClock.now
    private var lastDrawn: ContinuousClock.Instant?
    private var shown = false
    /// The pass under way (from 1) and the frames done in it.
    private(set) var pass = 1
    private(set) var done = 0

    /// - Parameters:
    ///   - frames: the number of frames one pass reads.
    ///   - passes: how many times the work reads them.
    ///   - quiet: `--quiet`: never show anything.
    init(_ label: String, frames: Int, passes: Int = 1, quiet: Bool) {
        self.label = label
        self.frames = frames
        self.passes = max(1, passes)
        enabled = !quiet && StandardError.isTerminal
    }

    /// Reports that `done` frames of the current pass are finished; a count no higher than the last
    /// one starts the next pass (within a pass the count only grows).
    func update(_ done: Int) {
        if done <= self.done && pass < passes { pass += 1 }
        self.done = done
        guard enabled else { return }
        let now = ContinuousClock.now
        guard now - start >= .seconds(1) else { return }
        if let lastDrawn, now - lastDrawn < .milliseconds(100), done < frames { return }
        lastDrawn = now
        shown = true
        StandardError.progress(line(elapsed: now - start))
    }

    /// The progress line after `elapsed`.
    func line(elapsed: Duration) -> String {
        let seconds = Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds)
        let overall = (pass - 1) * frames + done
        let rate = seconds > 0 ? Double(overall) / seconds : 0
        let width = 30
        let filled = frames > 0 ? min(width, overall * width / (frames * passes)) : 0
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        let passText = passes > 1 ? ", pass \(pass) of \(passes)" : ""
        return "\(label) [\(bar)] \(done)/\(frames) frames\(passText), \(Int(rate.rounded())) frames/s"
    }

    /// Clears the line, if it was shown.
    func finish() {
        if shown { StandardError.progress(nil) }
        shown = false
    }
}
