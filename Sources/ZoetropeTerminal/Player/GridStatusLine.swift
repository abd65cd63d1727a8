import Zoetrope

/// The status line of several animations playing together: how many play, how many are off
/// screen, and the memory their decoded frames take in the shared cache.
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
    /// system reports it: what ``memoryBytes`` is to be read against.
    package var residentBytes: Int?
    /// The process's resident memory when the player started, before any frame was decoded (the
    /// runtime's code and data: about 13 MB on Linux), shown beside ``residentBytes``: what
    /// resident memory holds besides ``memoryBytes`` for the most part.
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

    /// The line, e.g. `4/6 playing  2 off screen  memory 1.2 MB / 512 MB  decoded 40  resident 15 MB
    /// (13 MB at start, 0.8 MB not counted)`: the memory comes early, so that a narrow window still
    /// shows it; the process's figures last. "Not counted" is the resident memory that neither the
    /// start figure nor ``memoryBytes`` explains (allocator slack, thread stacks, terminal buffers):
    /// small when the memory report agrees with the process.
    package var text: String {
        var parts = ["\(playing)/\(animations) playing"]
        if offScreen > 0 { parts.append("\(offScreen) off screen") }
        parts.append("memory \(Self.bytes(memoryBytes)) / \(Self.bytes(byteLimit))")
        parts.append("decoded \(decodes)")
        if isPaused { parts.append("paused") }
        if let residentBytes {
            parts.append("resident \(Self.bytes(residentBytes))" + (startResidentBytes.map {
                " (\(Self.bytes($0)) at start, " + Self.notCounted(residentBytes &- $0 &- memoryBytes) + ")"
            } ?? ""))
        }
        return parts.joined(separator: "  ")
    }

    /// The resident bytes neither at start nor in ``memoryBytes``, for people.
    private static func notCounted(_ bytes: Int) -> String {
        bytes > 0 ? "\(Self.bytes(bytes)) not counted" : "all counted"
    }

    /// The bytes that write ``text`` at `row`, cut to `width` columns.
    package func render(row: Int, width: Int) -> [UInt8] {
        StatusLine.render(text, row: row, width: width)
    }

    /// `count` bytes for people: `512 B`, `3.4 kB`, `1.2 MB`, `2.1 GB` (powers of 1000).
    static func bytes(_ count: Int) -> String {
        let units = ["B", "kB", "MB", "GB", "TB"]
        var value = Double(count), unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return "\(unit == 0 ? String(count) : StatusLine.format(value, decimals: 1)) \(units[unit])"
    }
}
