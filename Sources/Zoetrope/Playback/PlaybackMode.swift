/// The order frames play in.
public enum PlaybackMode: String, Sendable, Hashable, CaseIterable {
    /// First to last frame; a finished animation rests on the last frame.
    case forward
    /// Last to first frame; a finished animation rests on frame 0.
    case reverse
    /// First to last and back again (`0 … n−1 … 1` is one play); a finished animation rests on
    /// frame 0, where the bounce returns.
    case bounce
}

extension PlaybackMode {
    /// The frame indices of one play of `count` frames, in the order they show.
    public func frameOrder(count: Int) -> [Int] {
        let count = max(count, 1)
        switch self {
        case .forward: return Array(0..<count)
        case .reverse: return Array((0..<count).reversed())
        case .bounce: return Array(0..<count) + Array((0..<count).dropFirst().dropLast().reversed())
        }
    }

    /// How long one play of `image` lasts in this mode (bounce shows the inner frames twice).
    public func playDuration(of image: some AnimatableImage) -> Duration {
        frameOrder(count: image.frameCount).reduce(Duration.zero) { total, index in
            index < image.frameCount ? total + max(image.duration(at: index), .zero) : total
        }
    }
}
