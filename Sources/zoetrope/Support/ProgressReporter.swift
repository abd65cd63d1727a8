/// A progress line on standard error for long work: shown only when standard error is a terminal,
/// only once the work has run for about a second, and redrawn at most ten times a second.
final class ProgressReporter {
    private let label: String
    private let total: Int
    private let enabled: Bool
    private let start = ContinuousClock.now
    private var lastDrawn: ContinuousClock.Instant?
    private var shown = false

    /// - Parameters:
    ///   - total: the number of steps (frames) the work takes.
    ///   - quiet: `--quiet`: never show anything.
    init(_ label: String, total: Int, quiet: Bool) {
        self.label = label
        self.total = total
        enabled = !quiet && StandardError.isTerminal
    }

    /// Reports that `done` of the steps are finished.
    func update(_ done: Int) {
        guard enabled else { return }
        let now = ContinuousClock.now
        guard now - start >= .seconds(1) else { return }
        if let lastDrawn, now - lastDrawn < .milliseconds(100), done < total { return }
        lastDrawn = now
        shown = true
        let seconds = Double((now - start).components.attoseconds) / 1e18 + Double((now - start).components.seconds)
        let rate = seconds > 0 ? Double(done) / seconds : 0
        let width = 30
        let filled = total > 0 ? min(width, done * width / total) : 0
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        StandardError.progress("\(label) [\(bar)] \(done)/\(total) frames, \(Int(rate.rounded())) frames/s")
    }

    /// Clears the line, if it was shown.
    func finish() {
        if shown { StandardError.progress(nil) }
        shown = false
    }
}
