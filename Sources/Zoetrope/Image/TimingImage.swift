/// An image's timing without its pixels: what `zoetrope timeline` plays on its simulated clock.
///
/// On the simulated clock decoding takes no time, so the frames' pixels change nothing in the
/// output: which frame shows when, the plays, the misses, and the peak of frames held depend only
/// on the frame table and on how many canvas-sized frames the buffer keeps. So the first frame is
/// decoded (a file whose first frame cannot be decoded fails as it does when played), and every
/// frame after it is one shared canvas-sized image: the buffer counts each as the canvas-sized
/// frame it would hold, and a 2×2 frame on a 4000×4000 canvas costs nothing instead of a canvas.
/// The memory the image holds (its canvas, ``RetainsMemory``) is the real image's, so a frame
/// cache limits the buffer as it would.
package final class TimingImage: AnimatableImage {
    private let image: AnimatedImage
    private let first: RGBAImage

    /// Decodes `image`'s first frame.
    /// - Throws: the error decoding it.
    package init(_ image: AnimatedImage) throws {
        self.image = image
        first = try image.frame(at: 0)
    }

    package var canvasSize: PixelSize { image.canvasSize }
    package var frameCount: Int { image.frameCount }
    package var playCount: PlayCount { image.playCount }
    package func duration(at index: Int) -> Duration { image.duration(at: index) }

    /// The first frame, for every frame: one canvas-sized buffer, shared.
    package func frame(at index: Int) throws -> RGBAImage { first }
}

extension TimingImage: RetainsMemory {
    var retainedBytes: Int { image.retainedBytes }
    func stopKeepingRandomAccess() { image.stopKeepingRandomAccess() }
    func releaseRetainedMemory() { image.releaseRetainedMemory() }
    var holdsCanvas: Bool { image.holdsCanvas }
    func parkCanvas(into reusable: ReusableBuffers?) { image.parkCanvas(into: reusable) }
    func prepareToDecode(reusing reusable: ReusableBuffers) { image.prepareToDecode(reusing: reusable) }
    var workingBytesPerDecode: Int { image.workingBytesPerDecode }
    var resumeBytes: Int { image.resumeBytes }
}
