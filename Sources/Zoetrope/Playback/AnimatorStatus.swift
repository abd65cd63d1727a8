/// One consistent reading of an animator's position, settings and troubles, taken under its lock
/// at once: what a status line shows.
package struct AnimatorStatus: Sendable, Hashable {
    /// The frame whose time it is.
    package var frame: Int
    /// The frames known: all of them, or those that have arrived of an image still arriving.
    package var frameCount: Int
    /// Whether ``frameCount`` is all of the image's frames.
    package var isComplete: Bool
    /// Whether playback waits at the last frame that arrived for the next one.
    package var isWaitingForFrames: Bool
    /// The 0-based play.
    package var loop: Int
    /// Rate, mode and play count.
    package var style: PlaybackStyle
    /// How long ``frame`` lasts at rate 1.
    package var frameDuration: Duration
    /// Playback time since the start.
    package var elapsed: Duration
    /// Whether the clock drives playback.
    package var isPlaying: Bool
    /// Whether every play has ended.
    package var isFinished: Bool
    /// Frames that were due before they were decoded.
    package var bufferMisses: Int
    /// The latest frame that could not be decoded.
    package var lastFailure: FrameFailure?
}

extension Animator {
    /// The animator's status now; `nil` without an image.
    package var status: AnimatorStatus? {
        withState { state in
            guard let cursor = state.loaded?.cursor else { return nil }
            let frame = state.activeIndex
            return AnimatorStatus(
                frame: frame, frameCount: cursor.frontier, isComplete: cursor.isComplete,
                isWaitingForFrames: cursor.isWaitingForFrames, loop: cursor.loop, style: state.configuration.style,
                frameDuration: cursor.durations.indices.contains(frame) ? cursor.durations[frame] : .zero,
                elapsed: cursor.elapsed, isPlaying: state.isPlaying,
                isFinished: cursor.isFinished && cursor.frame == frame, bufferMisses: state.bufferMisses,
                lastFailure: state.lastFailure)
        }
    }
}
