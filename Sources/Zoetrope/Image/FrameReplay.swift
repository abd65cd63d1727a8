/// One walk through an animation's frames towards a requested frame: a canvas, the frame it is
/// before, and what the walk learned on the way (saved canvases, frames found incomplete, damage).
///
/// It is a value that ``AnimatedImage`` takes out of its lock, advances with no lock held (decoding
/// can take long), and hands back: other threads meanwhile read the frame table, the last shown
/// frame, or replay other frames on walks of their own.
struct FrameReplay: Sendable {
    /// The canvas holds the state before frame `nextIndex` (after disposing `nextIndex - 1`).
    var compositor: Compositor
    var nextIndex: Int
    /// A copy of the image's plan, updated as frames turn out incomplete.
    var plan: ReplayPlan
    /// A copy of the image's saved canvases, added to while walking.
    var checkpoints: ReplayCheckpoints
    /// Damage met in frames decoded on this walk.
    var damage: [Int: ZoetropeError] = [:]
    /// Frames found not to replace the whole canvas on this walk.
    var incomplete: [Int] = []

    /// A walk that has not started: the next frame drawn decides where it starts.
    init(canvas: PixelSize, format: ImageFormat? = nil, plan: ReplayPlan, checkpoints: ReplayCheckpoints) {
        compositor = Compositor(size: canvas, format: format)
        nextIndex = Int.max
        self.plan = plan
        self.checkpoints = checkpoints
    }

    /// Walks to frame `index` and returns the canvas with it drawn.
    /// - Throws: the decoding error of a first frame with no usable data, or `limitExceeded` when a
    ///   canvas-sized buffer cannot be allocated.
    mutating func advance(to index: Int, frames: [FrameInfo],
                          decode: (Int) throws(ZoetropeError) -> DecodedFrame) throws(ZoetropeError) -> RGBAImage {
        // Continue from the current canvas when it is at or a short replay before `index`;
        // otherwise start over from the nearest saved or clean state.
        if nextIndex > index || index - nextIndex > checkpoints.interval {
            let cleanStart = plan.start(for: index)
            if nextIndex > index || nextIndex < cleanStart { rewind(to: index) }
        }
        var shown: RGBAImage?
        while nextIndex <= index {
            let next = nextIndex
            let info = frames[next]
            let wasCleanStart = plan.isCleanStart(next)
            if !wasCleanStart && checkpoints.wants(before: next) {
                checkpoints.offer(try compositor.handOut(offset: info.offset).pixels, before: next)
            }
            let decoded = try decodeRecording(next, decode)
            if decoded.damage != nil || (info.blend == .over && !decoded.image.isOpaque) {
                plan.markIncomplete(next)
                incomplete.append(next)
                if wasCleanStart && !plan.isCleanStart(next) {
                    // Replay started here believing this frame replaces the whole canvas; it
                    // does not, so the canvas under it matters: start again further back.
                    rewind(to: index)
                    continue
                }
            }
            // A clean start does not depend on the canvas: drawing it on a blank one lets the
            // compositor adopt the decoded pixels instead of copying them into a canvas that the
            // last frame handed out still shares (one image-sized buffer less per decode).
            if plan.isCleanStart(next) { compositor.reset() }
            try compositor.draw(decoded, info: info)
            if next == index { shown = try compositor.handOut(offset: info.offset) }
            try compositor.dispose(info)
            nextIndex = next + 1
        }
        if let shown { return shown }
        return try compositor.handOut(offset: nil)
    }

    /// Resets the canvas to the best known state at or before `index`.
    private mutating func rewind(to index: Int) {
        let cleanStart = plan.start(for: index)
        if let checkpoint = checkpoints.nearest(atOrBefore: index), checkpoint.index > cleanStart {
            compositor.restore(checkpoint.canvas)
            nextIndex = checkpoint.index
        } else {
            compositor.reset()
            nextIndex = cleanStart
        }
    }

    /// Frame `index`'s own pixels with its damage recorded; a later frame with no usable data comes
    /// back empty, so drawing it leaves the canvas unchanged. A limit (memory the process cannot
    /// get) is not damage: it is thrown.
    private mutating func decodeRecording(_ index: Int,
                                          _ decode: (Int) throws(ZoetropeError) -> DecodedFrame) throws(ZoetropeError) -> DecodedFrame {
        let decoded: DecodedFrame
        do {
            decoded = try decode(index)
        } catch where error.kind == .limitExceeded {
            throw error
        } catch {
            if index == 0 { throw error }
            decoded = DecodedFrame(image: RGBAImage(width: 0, height: 0), damage: error)
        }
        if let damage = decoded.damage { self.damage[index] = damage }
        return decoded
    }
}
