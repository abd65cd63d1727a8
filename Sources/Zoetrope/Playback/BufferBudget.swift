/// How many decoded frames a ``FrameBuffer`` may keep ahead of the frame being shown (the frame
/// on screen is kept besides: its pixels are the view's).
public enum BufferBudget: Sendable, Hashable {
    /// As many frames as fit in the smaller of 20 % of physical memory and 60 % of available
    /// memory (at least 10 MB), read when the buffer is made; see ``SystemMemory/automaticBudget``.
    case automatic
    /// As many frames as fit in this many bytes (at least one frame).
    case bytes(Int)
    /// This many frames (at least one).
    case frames(Int)
    /// Every frame of the image: decode once, keep all.
    case allFrames

    /// The number of frames ahead the budget allows for an image of `frameCount` frames of
    /// `bytesPerFrame` bytes each: between 1 and `frameCount − 1` (all the others).
    public func frameLimit(bytesPerFrame: Int, frameCount: Int,
                           memory: @autoclosure () -> SystemMemory = .current()) -> Int {
        let frameBytes = max(bytesPerFrame, 1)
        let limit: Int
        switch self {
        case .automatic: limit = memory().automaticBudget / frameBytes
        case .bytes(let bytes): limit = bytes / frameBytes
        case .frames(let frames): limit = frames
        case .allFrames: limit = frameCount
        }
        return min(max(limit, 1), max(frameCount - 1, 1))
    }
}
