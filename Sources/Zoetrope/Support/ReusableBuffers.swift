/// Canvas-sized buffers that the images a ``SharedFrameCache`` decodes let go of when they park
/// their canvas, kept for the next image to start decoding: a worker moving from one animation
/// to another draws on the buffer the last one let go instead of faulting in a fresh zeroed one
/// (8 MB at 1080p; page faults were about a tenth of the surface benchmark's CPU time). A GIF
/// frame's index buffer is kept the same way.
///
/// It holds at most ``byteLimit`` bytes in ``countLimit`` buffers, and only while its cache
/// decodes: a cache with nothing left to decode empties it (``drain()``), so nothing stays
/// resident once every frame is held.
/// The cache counts its bytes (``SharedFrameCache/Statistics/reusableBytes``).
package final class ReusableBuffers: Sendable {
    private struct State {
        var buffers: [[UInt8]] = []
        var bytes = 0
    }

    /// The most bytes kept.
    package let byteLimit: Int
    /// The most buffers kept: two canvases and their index buffers (small canvases do not pile up).
    package static let countLimit = 4
    private let state = LockedState(State())

    package init(byteLimit: Int) {
        self.byteLimit = max(0, byteLimit)
    }

    /// Bytes kept now.
    package var bytes: Int { state.withLock { $0.bytes } }

    /// A buffer of exactly `count` bytes, with arbitrary contents; `nil` when none is kept.
    package func take(count: Int) -> [UInt8]? {
        take(count...count)
    }

    /// A buffer of a byte count within `counts`, with arbitrary contents; `nil` when none is kept.
    package func take(_ counts: ClosedRange<Int>) -> [UInt8]? {
        guard counts.upperBound > 0 else { return nil }
        return state.withLock { state -> [UInt8]? in
            guard let index = state.buffers.firstIndex(where: { counts.contains($0.count) }) else { return nil }
            state.bytes -= state.buffers[index].count
            return state.buffers.remove(at: index)
        }
    }

    /// Keeps `buffer` for a later ``take(count:)`` when there is room; otherwise it is
    /// freed (after the lock).
    package func give(_ buffer: [UInt8]) {
        guard !buffer.isEmpty else { return }
        let refused = state.withLock { state -> [UInt8]? in
            guard state.bytes + buffer.count <= byteLimit, state.buffers.count < Self.countLimit else { return buffer }
            state.buffers.append(buffer)
            state.bytes += buffer.count
            return nil
        }
        _ = refused
    }

    /// Frees every buffer kept (after the lock).
    package func drain() {
        let dropped = state.withLock { state -> [[UInt8]] in
            defer {
                state.buffers = []
                state.bytes = 0
            }
            return state.buffers
        }
        _ = dropped
    }
}
