/// Saved canvases that bound the cost of random access where an animation has few clean starts.
///
/// Without them, reading a delta-coded animation backwards (reverse playback) replays from the last
/// clean frame for every frame: quadratic work. While replaying, the canvas before every
/// `interval`-th frame is kept, within a byte budget, so any frame is at most `interval` frames of
/// replay away from a saved state. Besides them, one canvas parked when the image stopped decoding
/// for a while, packed (``PackedCanvas``) or as the part changed since a clean start
/// (``CanvasPatch``): decoding resumes from it.
struct ReplayCheckpoints: Sendable {
    /// Bytes all checkpoints of one image may hold.
    static let defaultBudget = 32 << 20

    let interval: Int
    private let capacity: Int
    private var canvases: [Int: [UInt8]] = [:]
    /// The canvas before frame `index`, packed when the image's replay canvas was let go.
    private(set) var parked: (index: Int, canvas: PackedCanvas)?
    /// The canvas before frame `patch.index`, as its clean start and the part changed since.
    private(set) var patch: CanvasPatch?

    init(frameCount: Int, bytesPerCanvas: Int, budget: Int = defaultBudget) {
        capacity = bytesPerCanvas > 0 ? budget / bytesPerCanvas : 0
        // Spread the checkpoints we can afford evenly, but never closer than every 8 frames.
        interval = capacity > 0 ? max(8, (frameCount + capacity - 1) / capacity) : Int.max
    }

    /// Bytes of the canvases saved.
    var bytes: Int {
        canvases.values.reduce(0) { $0 + $1.count } + (parked?.canvas.bytes ?? 0) + (patch?.pixels.count ?? 0)
    }

    /// Keeps `canvas` as the state before frame `index`, replacing the canvas parked before.
    mutating func park(_ canvas: PackedCanvas, before index: Int) {
        parked = (index, canvas)
        patch = nil
    }

    /// Keeps `patch` as the state before frame `patch.index`, replacing the canvas parked before.
    mutating func park(_ patch: CanvasPatch) {
        self.patch = patch
        parked = nil
    }

    /// Lets go of the parked canvas.
    mutating func dropParked() {
        parked = nil
        patch = nil
    }

    /// Whether the state before frame `index` would be kept: `index` is a checkpoint position not
    /// saved yet, and the budget has room.
    func wants(before index: Int) -> Bool {
        index > 0 && index % interval == 0 && canvases.count < capacity && canvases[index] == nil
    }

    /// Keeps `canvas` as the state before frame `index` when ``wants(before:)``.
    mutating func offer(_ canvas: [UInt8], before index: Int) {
        guard wants(before: index) else { return }
        canvases[index] = canvas
    }

    /// Adds the canvases `other` saved that this one lacks (a replay walk handing back its copy).
    mutating func merge(_ other: ReplayCheckpoints) {
        for (index, canvas) in other.canvases { offer(canvas, before: index) }
    }

    /// A canvas saved before some frame: kept whole, or the parked one, packed.
    enum Saved {
        case whole([UInt8])
        case packed(PackedCanvas)
    }

    /// The saved state closest before (or at) frame `index`: a saved canvas, or the parked one
    /// (unpacked by the walk, into the buffer it has).
    func nearest(atOrBefore index: Int) -> (index: Int, canvas: Saved)? {
        let saved = nearestSaved(atOrBefore: index)
        if let parked, parked.index <= index, parked.index > (saved?.index ?? 0) {
            return (parked.index, .packed(parked.canvas))
        }
        return saved.map { ($0.index, .whole($0.canvas)) }
    }

    private func nearestSaved(atOrBefore index: Int) -> (index: Int, canvas: [UInt8])? {
        guard interval != .max else { return nil }
        var position = index - index % interval
        while position > 0 {
            if let canvas = canvases[position] { return (position, canvas) }
            position -= interval
        }
        return nil
    }
}

/// A canvas parked as the clean start it was drawn from and the part drawn on since: drawing the
/// clean start frame alone on a blank canvas (and disposing it) gives every pixel outside
/// ``rect``, and ``pixels`` hold those inside. A photographic canvas that does not pack
/// (``PackedCanvas``) is parked this way when the part changed is at most half of it: rebuilding it
/// costs one frame's decode, against replaying every frame since the clean start.
struct CanvasPatch: Sendable {
    /// The frame the canvas is before.
    let index: Int
    /// The clean start the canvas was drawn from.
    let base: Int
    /// The part of the canvas drawn on after `base`.
    let rect: PixelRect
    /// The canvas's pixels inside `rect`, row after row.
    let pixels: [UInt8]
}
