/// An image that keeps memory of its own besides the frames it hands out: saved canvases for
/// random access, the canvas its replay walk draws on. A ``SharedFrameCache`` asks after each
/// decode and counts the answer against its byte limit, with the frames.
protocol RetainsMemory: AnyObject, Sendable {
    /// Bytes the image holds now, frames already handed out not included.
    var retainedBytes: Int { get }
}

extension ScaledImage: RetainsMemory {
    /// What the source image holds (the scaled frames themselves are the cache's).
    var retainedBytes: Int { (source as? any RetainsMemory)?.retainedBytes ?? 0 }
}

extension AnimatedImage: RetainsMemory {}
