/// An animation made of still images: each still is one frame, shown for its duration.
///
/// ```swift
/// let sequence = try FrameSequence(frames: stills, duration: .milliseconds(80), playCount: .finite(3))
/// try animator.prepare(sequence)
/// ```
///
/// Durations are used as given (no browser clamping): a zero duration is a frame that is never
/// seen while playing.
public final class FrameSequence: AnimatableImage {
    /// The stills, in order.
    public let frames: [RGBAImage]
    /// How long each still shows.
    public let durations: [Duration]
    /// How many times the sequence plays.
    public let playCount: PlayCount
    /// The size of every still.
    public let canvasSize: PixelSize

    /// Creates a sequence whose frames all show for `duration`.
    /// - Throws: ``ZoetropeError`` with kind `.invalidArgument` when `frames` is empty or the frames
    ///   differ in size.
    public convenience init(frames: [RGBAImage], duration: Duration, playCount: PlayCount = .infinite) throws(ZoetropeError) {
        try self.init(frames: frames, durations: Array(repeating: duration, count: frames.count),
                      playCount: playCount)
    }

    /// Creates a sequence with one duration per frame (negative durations count as zero).
    /// - Throws: ``ZoetropeError`` with kind `.invalidArgument` when `frames` is empty, the frames
    ///   differ in size, or there is not one duration per frame.
    public init(frames: [RGBAImage], durations: [Duration], playCount: PlayCount = .infinite) throws(ZoetropeError) {
        guard let first = frames.first else {
            throw ZoetropeError(.invalidArgument, "a frame sequence needs at least one frame")
        }
        guard frames.allSatisfy({ $0.size == first.size }) else {
            throw ZoetropeError(.invalidArgument, "the frames of a sequence must all be \(first.size)")
        }
        guard durations.count == frames.count else {
            throw ZoetropeError(.invalidArgument,
                                "\(durations.count) durations given for \(frames.count) frames")
        }
        self.frames = frames
        self.durations = durations.map { max($0, .zero) }
        self.playCount = playCount
        self.canvasSize = first.size
    }

    /// The number of stills.
    public var frameCount: Int { frames.count }

    /// How long still `index` shows.
    public func duration(at index: Int) -> Duration { durations[index] }

    /// Still `index`.
    /// - Throws: ``ZoetropeError`` with kind `.invalidArgument` for an index out of range.
    public func frame(at index: Int) throws(ZoetropeError) -> RGBAImage {
        guard frames.indices.contains(index) else {
            throw ZoetropeError(.invalidArgument, "frame index \(index) is outside 0..<\(frames.count)")
        }
        return frames[index]
    }
}
