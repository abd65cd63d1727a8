import Zoetrope

/// What `convert` and `frames` read frames from: an image, several joined, or raw video; frames in
/// order for encoders (``FrameSource``) and any frame alone (for a reversed edit).
protocol FrameInput: FrameSource {
    /// How many times the input plays.
    var playCount: PlayCount { get }
    /// How long frame `index` shows.
    func duration(at index: Int) -> Duration
    /// Frame `index` alone (slower than a pass in order).
    func frame(at index: Int) throws -> RGBAImage
    /// What went wrong while reading, for warnings (after a pass).
    var problems: [any Error] { get }
}

extension AnimatedImage: FrameInput {
    var problems: [any Error] { warnings }
}
