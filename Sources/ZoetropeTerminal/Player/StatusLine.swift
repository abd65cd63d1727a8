import Zoetrope

/// The player's status line: frame, play, rate, mode and timing, and what failed.
package struct StatusLine: Sendable, Hashable {
    /// The frame shown, 0-based.
    package var frame: Int
    /// The number of frames.
    package var frameCount: Int
    /// The play being shown, 0-based.
    package var play: Int
    /// The number of plays, `nil` for forever.
    package var plays: Int?
    /// The playback rate.
    package var rate: Double
    /// The playback mode's name (`forward`, `reverse`, `bounce`).
    package var mode: String
    /// How long the frame shown lasts at rate 1.
    package var frameDuration: Duration
    /// Playback time since the start.
    package var elapsed: Duration
    /// Whether playback is paused.
    package var isPaused: Bool
    /// Frames that were due before they were decoded.
    package var bufferMisses: Int
    /// Whether more frames are still arriving (``frameCount`` is those that have arrived).
    package var isReceiving: Bool
    /// The latest frame that could not be decoded.
    package var failure: FrameFailure?
    /// Bytes the frame cache holds for the animation (frames at the size shown, the image's
    /// canvas and checkpoints); `nil`: not shown.
    package var memoryBytes: Int?
    /// The process's resident memory, shown after ``memoryBytes``; `nil`: not shown.
    package var residentBytes: Int?
    /// The process's resident memory when the player started (the runtime's share); when it and
    /// ``memoryBytes`` are given, the memory shown is their sum, with both parts.
    package var startResidentBytes: Int?

    /// Creates a status.
    package init(frame: Int, frameCount: Int, play: Int, plays: Int?, rate: Double, mode: String,
                frameDuration: Duration, elapsed: Duration, isPaused: Bool, bufferMisses: Int,
                isReceiving: Bool = false, failure: FrameFailure? = nil, memoryBytes: Int? = nil,
                residentBytes: Int? = nil, startResidentBytes: Int? = nil) {
        self.frame = frame
        self.frameCount = frameCount
        self.play = play
        self.plays = plays
        self.rate = rate
        self.mode = mode
        self.frameDuration = frameDuration
        self.elapsed = elapsed
        self.isPaused = isPaused
        self.bufferMisses = bufferMisses
        self.isReceiving = isReceiving
        self.failure = failure
        self.memoryBytes = memoryBytes
        self.residentBytes = residentBytes
        self.startResidentBytes = startResidentBytes
    }

    /// The line, e.g. `frame 3/12  play 1/∞  1.5×  forward  80 ms  4.32 s  misses 0  paused  memory
    /// 13.2 MB (42 kB animation + 13.1 runtime)  resident 14 MB` (the memory the player accounts
    /// for, as in ``GridStatusLine``, or `memory 42 kB` without the start figure), 1-based for people; `frame 3/12+` while more frames arrive, and the latest failure second,
    /// where a narrow window still shows it (`frame 5 could not be decoded: GIF: …`).
    package var text: String {
        var parts = ["frame \(frame + 1)/\(frameCount)\(isReceiving ? "+" : "")"]
        if let failure { parts.append(Self.describe(failure)) }
        parts += ["play \(play + 1)/\(plays.map(String.init) ?? "∞")",
                  "\(Self.format(rate, decimals: 2))×",
                  mode,
                  "\(Self.milliseconds(frameDuration)) ms",
                  "\(Self.format(Double(Self.milliseconds(elapsed)) / 1000, decimals: 2)) s",
                  "misses \(bufferMisses)"]
        if isPaused { parts.append("paused") }
        if let memoryBytes, let startResidentBytes {
            parts.append(GridStatusLine.memory(memoryBytes, of: "animation", runtime: startResidentBytes))
        } else if let memoryBytes {
            parts.append("memory \(GridStatusLine.bytes(memoryBytes))")
        }
        if let residentBytes { parts.append("resident \(GridStatusLine.bytes(residentBytes))") }
        return parts.joined(separator: "  ")
    }

    /// What the status row says of a frame that could not be decoded.
    package static func describe(_ failure: FrameFailure) -> String {
        failure.description
    }

    /// The bytes that write ``text`` at `row`, cut to `width` columns, clearing the rest of the row.
    package func render(row: Int, width: Int) -> [UInt8] {
        Self.render(text, row: row, width: width)
    }

    /// The bytes that write `text` at `row` in the default colours, cut to `width` columns,
    /// clearing the rest of the row.
    static func render(_ text: String, row: Int, width: Int) -> [UInt8] {
        var out = [UInt8]()
        out.appendCursorPosition(row: row, column: 1)
        out.append(text: "\u{1B}[0m")
        out.append(text: String(text.prefix(max(0, width))))
        out.append(text: "\u{1B}[K")
        return out
    }

    /// Whole milliseconds in `duration`.
    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }

    /// `value` with at most `decimals` decimals, trailing zeros dropped (1.50 → 1.5, 2.00 → 2).
    static func format(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "\(value)" }
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((abs(value) * Double(scale)).rounded())
        var text = String(scaled / scale)
        var fraction = String(scaled % scale)
        while fraction.count < decimals { fraction = "0" + fraction }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        if !fraction.isEmpty { text += "." + fraction }
        return value < 0 && scaled != 0 ? "-" + text : text
    }
}
