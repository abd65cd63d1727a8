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
    /// Working memory the codec reuses from frame to frame (a GIF frame's colour indices), kept
    /// with the walk: a walk advanced one frame at a time allocates it once, not once a frame.
    var scratch: [UInt8] = []
    /// The clean start whose frame alone, drawn on a blank canvas and disposed, gives the canvas
    /// outside ``Compositor/changed``; `nil` when the canvas was restored from a checkpoint.
    private(set) var base: Int?
    /// A parked patch to paste once the walk has drawn its base frame again.
    private var pendingPatch: CanvasPatch?

    /// A walk that has not started: the next frame drawn decides where it starts. It draws on
    /// `buffer` and reuses `scratch` when given them (let go by another walk: ``ReusableBuffers``).
    init(canvas: PixelSize, format: ImageFormat? = nil, plan: ReplayPlan, checkpoints: ReplayCheckpoints,
         recycling buffer: [UInt8]? = nil, scratch: [UInt8] = []) {
        compositor = Compositor(size: canvas, format: format, recycling: buffer)
        nextIndex = Int.max
        self.plan = plan
        self.checkpoints = checkpoints
        self.scratch = scratch
    }

    /// Walks to frame `index` and returns the canvas with it drawn. `draw` draws a frame straight
    /// onto the canvas (``ImageContainer/drawFrame(at:info:onto:scratch:)``), given the walk's
    /// ``scratch`` to reuse from frame to frame. With `lending`, the canvas is lent
    /// (``Compositor/lend(offset:)``) rather than handed out: for a caller that lets go of the
    /// frame before the next, so that a clean start clears the buffer in place instead of
    /// allocating a new one.
    /// - Throws: the decoding error of a first frame with no usable data, or `limitExceeded` when a
    ///   canvas-sized buffer cannot be allocated.
    mutating func advance(to index: Int, frames: [FrameInfo], lending: Bool = false,
                          draw: FrameDrawing) throws(ZoetropeError) -> RGBAImage {
        // Continue from the current canvas when it is at or a short replay before `index`;
        // otherwise start over from the nearest saved or clean state.
        if nextIndex > index || index - nextIndex > checkpoints.interval {
            let cleanStart = plan.start(for: index)
            if nextIndex > index || nextIndex < cleanStart { rewind(to: index) }
        }
        var shown: RGBAImage?
        // Taken out while drawing (the drawing gets it beside the walk itself), then put back.
        var scratch = self.scratch
        self.scratch = []
        defer { self.scratch = scratch }
        while nextIndex <= index {
            let next = nextIndex
            let info = frames[next]
            let wasCleanStart = plan.isCleanStart(next)
            if !wasCleanStart && checkpoints.wants(before: next) {
                checkpoints.offer(try compositor.handOut(offset: info.offset).pixels, before: next)
            }
            // A clean start does not depend on the canvas: it is drawn on a blank one, so a buffer
            // the last frame handed out is let go rather than copied (one image-sized buffer less).
            if wasCleanStart { compositor.reset() }
            let drawn = try drawRecording(next, info: info, draw, scratch: &scratch)
            // Only a clean start's plan can change: a frame found not to set every pixel (damage,
            // or indices that decode as transparent) cannot start a replay, and this one must
            // start again further back. The canvas was blank under it, so its rectangle shows
            // exactly the frame's own alpha.
            if wasCleanStart, drawn.damage != nil
                || (info.blend == .over && !drawn.isOpaque && !compositor.isOpaque(in: info.rect)) {
                plan.markIncomplete(next)
                incomplete.append(next)
                if !plan.isCleanStart(next) {
                    rewind(to: index)
                    continue
                }
            }
            if next == index {
                shown = try lending ? compositor.lend(offset: info.offset) : compositor.handOut(offset: info.offset)
            }
            try compositor.dispose(info)
            nextIndex = next + 1
            if wasCleanStart && plan.isCleanStart(next) {
                compositor.markUnchanged()
                base = next
            }
            if let patch = pendingPatch, patch.base == next {
                pendingPatch = nil
                try compositor.paste(patch.pixels, in: patch.rect)
                nextIndex = patch.index
            }
        }
        if let shown { return shown }
        return try compositor.handOut(offset: nil)
    }

    /// The canvas parked as a patch (``CanvasPatch``) when at most half of it changed since the
    /// walk's clean start; `nil` when it cannot be.
    var patch: CanvasPatch? {
        guard let base, nextIndex != Int.max, compositor.changed.area <= compositor.bounds.area / 2 else { return nil }
        let rect = compositor.changed
        return CanvasPatch(index: nextIndex, base: base, rect: rect, pixels: compositor.pixels(in: rect))
    }

    /// Resets the canvas to the best known state at or before `index`.
    private mutating func rewind(to index: Int) {
        let cleanStart = plan.start(for: index)
        let checkpoint = checkpoints.nearest(atOrBefore: index)
        pendingPatch = nil
        if let patch = checkpoints.patch, patch.index <= index, patch.index > (checkpoint?.index ?? 0),
           patch.base >= cleanStart, plan.isCleanStart(patch.base) {
            // The patch's clean start is drawn again, then the part changed since is pasted.
            compositor.reset()
            nextIndex = patch.base
            pendingPatch = patch
        } else if let checkpoint, checkpoint.index > cleanStart {
            switch checkpoint.canvas {
            case .whole(let canvas): compositor.restore(canvas)
            case .packed(let packed): compositor.restore(unpacking: packed)
            }
            nextIndex = checkpoint.index
            base = nil
        } else {
            compositor.reset()
            nextIndex = cleanStart
            base = nil
        }
    }

    /// Draws frame `index` with its damage recorded; a later frame with no usable data draws
    /// nothing, so the canvas stays as it was. A limit (memory the process cannot get) is not
    /// damage: it is thrown.
    private mutating func drawRecording(_ index: Int, info: FrameInfo, _ draw: FrameDrawing,
                                        scratch: inout [UInt8]) throws(ZoetropeError) -> DrawnFrame {
        let drawn: DrawnFrame
        do {
            drawn = try draw(index, &compositor, &scratch)
        } catch where error.kind == .limitExceeded {
            throw error
        } catch {
            if index == 0 { throw error }
            try compositor.draw(RGBAImage(width: 0, height: 0), info: info)
            drawn = DrawnFrame(damage: error, isOpaque: false)
        }
        if let damage = drawn.damage { self.damage[index] = damage }
        return drawn
    }
}

/// Draws frame `index` onto the canvas, with working memory it may reuse (see
/// ``ImageContainer/drawFrame(at:info:onto:scratch:)``).
typealias FrameDrawing = (_ index: Int, _ compositor: inout Compositor, _ scratch: inout [UInt8]) throws(ZoetropeError) -> DrawnFrame
