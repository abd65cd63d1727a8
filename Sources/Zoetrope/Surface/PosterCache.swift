/// The poster frames of a surface's images under a byte limit: least recently used posters are
/// dropped first (a view keeps showing the poster it was given; a dropped poster is decoded again
/// if it is needed again), so scrolling past any number of images keeps their posters bounded.
final class PosterCache: Sendable {
    private struct Entry {
        var poster: RGBAImage
        var lastUse: UInt64
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        var bytes = 0
        var useCounter: UInt64 = 0
    }

    /// The most bytes of posters kept (the newest poster is kept whatever its size).
    let byteLimit: Int
    private let state = LockedState(State())

    init(byteLimit: Int) {
        self.byteLimit = max(0, byteLimit)
    }

    /// Bytes of posters kept now.
    var bytes: Int { state.withLock { $0.bytes } }

    /// The poster kept for `image`, if any.
    func poster(for image: ObjectIdentifier) -> RGBAImage? {
        state.withLock { state in
            guard state.entries[image] != nil else { return nil }
            state.useCounter += 1
            state.entries[image]?.lastUse = state.useCounter
            return state.entries[image]?.poster
        }
    }

    /// Keeps `poster` for `image` unless one is kept already; returns the one kept.
    @discardableResult
    func keep(_ poster: RGBAImage, for image: ObjectIdentifier) -> RGBAImage {
        state.withLock { state in
            state.useCounter += 1
            if let existing = state.entries[image] {
                state.entries[image]?.lastUse = state.useCounter
                return existing.poster
            }
            state.entries[image] = Entry(poster: poster, lastUse: state.useCounter)
            state.bytes += poster.pixels.count
            while state.bytes > byteLimit,
                  let oldest = state.entries.filter({ $0.key != image }).min(by: { $0.value.lastUse < $1.value.lastUse }) {
                Self.remove(oldest.key, in: &state)
            }
            return poster
        }
    }

    /// Forgets the poster of an image no attachment shows any more.
    func remove(_ image: ObjectIdentifier) {
        state.withLock { Self.remove(image, in: &$0) }
    }

    private static func remove(_ image: ObjectIdentifier, in state: inout State) {
        guard let entry = state.entries.removeValue(forKey: image) else { return }
        state.bytes -= entry.poster.pixels.count
    }
}
