/// An image that keeps memory of its own besides the frames it hands out: saved canvases for
/// random access, the canvas its replay walk draws on, the last frame read. A ``SharedFrameCache``
/// asks after each decode and counts the answer against its byte limit, with the frames; when it
/// keeps every frame of the image decoded it tells the image so, and the image lets that memory go.
protocol RetainsMemory: AnyObject, Sendable {
    /// Bytes the image holds now, frames already handed out not included.
    var retainedBytes: Int { get }
    /// Every frame is being kept decoded elsewhere: keep nothing for random access from now on
    /// (no saved checkpoints, no copy of the last frame), and let go of what is kept now.
    func stopKeepingRandomAccess()
    /// Lets go of everything kept (the replay canvas too); a frame read later is decoded afresh.
    func releaseRetainedMemory()
    /// Bytes one decode uses for a while besides ``retainedBytes`` (a frame's own pixels, decoded
    /// before they are drawn); what a cache counts for each decode under way.
    var workingBytesPerDecode: Int { get }
    /// Whether the image holds a full-size canvas now (the one its replay walk draws on).
    var holdsCanvas: Bool { get }
    /// Bytes a decode takes up again when the image holds no canvas (``holdsCanvas`` is `false`):
    /// the canvas it unpacks or replays onto and the walk's working memory (a GIF frame's indices),
    /// which ``retainedBytes`` counts only once the decode is over.
    var resumeBytes: Int { get }
    /// The image is not being decoded now and may not be for a while: let go of the canvas,
    /// keeping what decoding needs to continue cheaply (a packed copy of it), and give the
    /// buffers let go to `reusable` (for the next image decoded).
    func parkCanvas(into reusable: ReusableBuffers?)
    /// About to be decoded: take the buffers to draw on from `reusable` when the image needs new
    /// ones (it holds no canvas).
    func prepareToDecode(reusing reusable: ReusableBuffers)
}

extension RetainsMemory where Self: AnimatableImage {
    /// A frame of the image's size, by default.
    var workingBytesPerDecode: Int { bytesPerFrame }
}

extension RetainsMemory {
    /// No canvas of its own, by default.
    var holdsCanvas: Bool { false }
    /// Nothing to park, by default.
    func parkCanvas(into reusable: ReusableBuffers?) {}
    /// No buffer to take, by default.
    func prepareToDecode(reusing reusable: ReusableBuffers) {}
    /// No canvas to take up again, by default.
    var resumeBytes: Int { 0 }
}

extension ScaledImage: RetainsMemory {
    /// What the source image holds (the scaled frames themselves are the cache's).
    var retainedBytes: Int { (source as? any RetainsMemory)?.retainedBytes ?? 0 }
    func stopKeepingRandomAccess() { (source as? any RetainsMemory)?.stopKeepingRandomAccess() }
    func releaseRetainedMemory() { (source as? any RetainsMemory)?.releaseRetainedMemory() }
    var holdsCanvas: Bool { (source as? any RetainsMemory)?.holdsCanvas ?? false }
    func parkCanvas(into reusable: ReusableBuffers?) { (source as? any RetainsMemory)?.parkCanvas(into: reusable) }
    func prepareToDecode(reusing reusable: ReusableBuffers) {
        (source as? any RetainsMemory)?.prepareToDecode(reusing: reusable)
    }
    var workingBytesPerDecode: Int { (source as? any RetainsMemory)?.workingBytesPerDecode ?? source.bytesPerFrame }
    var resumeBytes: Int { (source as? any RetainsMemory)?.resumeBytes ?? 0 }
}

extension AnimatedImage: RetainsMemory {}

extension ProgressiveImage: RetainsMemory {
    /// What the image parsed last holds.
    var retainedBytes: Int { latestImage?.retainedBytes ?? 0 }
    func stopKeepingRandomAccess() { latestImage?.stopKeepingRandomAccess() }
    /// Lets go of the parsed image's own memory (and of the pages of a mapped file read so far).
    func releaseRetainedMemory() { latestImage?.releaseRetainedMemory() }
    var holdsCanvas: Bool { latestImage?.holdsCanvas ?? false }
    func parkCanvas(into reusable: ReusableBuffers?) { latestImage?.parkCanvas(into: reusable) }
    func prepareToDecode(reusing reusable: ReusableBuffers) { latestImage?.prepareToDecode(reusing: reusable) }
    var workingBytesPerDecode: Int { latestImage?.workingBytesPerDecode ?? bytesPerFrame }
    var resumeBytes: Int { latestImage?.resumeBytes ?? 0 }
}
