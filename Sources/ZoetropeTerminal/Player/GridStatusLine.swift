import Zoetrope

/// The status line of several animations playing together: how many play, how many are off
/// screen, and the memory the player accounts for — what the process held when it started and
/// what the animations hold in the shared cache — beside the process's resident memory.
package struct GridStatusLine: Sendable, Hashable {
    /// The animations shown or laid out.
    package var animations: Int
    /// The animations playing now.
    package var playing: Int
    /// The animations laid out outside the window (nothing decoded for them).
    package var offScreen: Int
    /// Bytes held: cached frames, the images' canvases (packed or not) and checkpoints, the frames
    /// being decoded, and posters.
    package var memoryBytes: Int
    /// The shared cache's byte limit.
    package var byteLimit: Int
    /// The process's resident memory (the runtime's code and everything else included), where the
    /// system reports it: what ``accountedBytes`` is to be read against.
    package var residentBytes: Int?
    /// The process's resident memory when the player started, before any frame was decoded (the
    /// runtime's code and data, the images opened and the renderer: about 13 MB on Linux): the
    /// part of ``accountedBytes`` that is not the animations'.
    package var startResidentBytes: Int?
    /// Frames decoded so far.
    package var decodes: Int
    /// Whether playback is paused.
    package var isPaused: Bool

    /// Creates a status.
    package init(animations: Int, playing: Int, offScreen: Int, memoryBytes: Int, byteLimit: Int,
                residentBytes: Int? = nil, startResidentBytes: Int? = nil, decodes: Int, isPaused: Bool) {
        self.animations = animations
        self.playing = playing
        self.offScreen = offScreen
        self.memoryBytes = memoryBytes
        self.byteLimit = byteLimit
        self.residentBytes = residentBytes
        self.startResidentBytes = startResidentBytes
        self.decodes = decodes
        self.isPaused = isPaused
    }

    /// The memory the player accounts for: what the process held when it started plus what the
    /// animations hold, or `nil` when the start figure is unknown. Computed from the accounting,
    /// not read from the system, so that set beside ``residentBytes`` it checks the accounting.
    package var accountedBytes: Int? {
        startResidentBytes.map { $0 &+ memoryBytes }
    }

    /// The line, e.g. `12/12 playing  memory 43.4 MB (30.3 animations + 13.1 runtime)  resident
    /// 53.4 MB  budget 268.4 MB  decoded 568`: the accounted memory, its parts (without a unit
    /// when it is the total's) and the process's resident memory come first, within 80 columns, so
    /// that a narrow window still shows them (and `paused` before them). Without the start figure
    /// (where the system gives no resident memory) the memory is the animations' against the
    /// budget: `4/6 playing  2 off screen  memory 1.2 MB / 512 MB  decoded 40`.
    package var text: String {
        var parts = ["\(playing)/\(animations) playing"]
        if offScreen > 0 { parts.append("\(offScreen) off screen") }
        if isPaused { parts.append("paused") }
        if let startResidentBytes {
            parts.append(Self.memory(memoryBytes, of: "animations", runtime: startResidentBytes))
            if let residentBytes { parts.append("resident \(Self.bytes(residentBytes))") }
            parts.append("budget \(Self.bytes(byteLimit))")
        } else {
            parts.append("memory \(Self.bytes(memoryBytes)) / \(Self.bytes(byteLimit))")
        }
        parts.append("decoded \(decodes)")
        if startResidentBytes == nil, let residentBytes { parts.append("resident \(Self.bytes(residentBytes))") }
        return parts.joined(separator: "  ")
    }

    /// The bytes that write ``text`` at `row`, cut to `width` columns.
    package func render(row: Int, width: Int) -> [UInt8] {
        StatusLine.render(text, row: row, width: width)
    }

    /// `count` bytes for people: `512 B`, `3.4 kB`, `1.2 MB`, `2.1 GB` (powers of 1000).
    static func bytes(_ count: Int) -> String {
        let scaled = scaled(count)
        return "\(scaled.number) \(scaled.unit)"
    }

    /// `count` bytes for people, without the unit when it is `unit`: a part beside its total.
    static func bytes(_ count: Int, inUnit unit: String) -> String {
        let scaled = scaled(count)
        return scaled.unit == unit ? scaled.number : "\(scaled.number) \(scaled.unit)"
    }

    /// `memory 13.8 MB (1.2 animations + 12.6 runtime)`: the sum of what `what` holds and the
    /// runtime's share, then both parts, each without its unit when it is the sum's.
    static func memory(_ bytes: Int, of what: String, runtime: Int) -> String {
        let total = scaled(runtime &+ bytes)
        return "memory \(total.number) \(total.unit) (\(Self.bytes(bytes, inUnit: total.unit)) \(what) + "
            + "\(Self.bytes(runtime, inUnit: total.unit)) runtime)"
    }

    /// `count` in the largest unit (powers of 1000) that keeps it at 1 or more, to one decimal.
    private static func scaled(_ count: Int) -> (number: String, unit: String) {
        let units = ["B", "kB", "MB", "GB", "TB"]
        var value = Double(count), unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return (unit == 0 ? String(count) : StatusLine.format(value, decimals: 1), units[unit])
    }
}
