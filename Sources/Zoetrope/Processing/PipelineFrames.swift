/// The frames a ``Transcoder`` hands its encoder: some of an image's composited frames (a
/// ``FrameTimeline``), resized, streamed from the decoder as the encoder asks for them. Nothing is
/// kept between frames, so an encoder's second pass decodes again rather than holding every
/// frame. The budget is checked before every frame (drawn or dropped) and between the rows of
/// every resize.
struct PipelineFrames: FrameSource {
    let image: any AnimatableImage & FrameSource
    let timeline: FrameTimeline
    let canvasSize: PixelSize
    let budget: ProcessingBudget

    var frameCount: Int { timeline.count }

    func forEachFrame(_ body: (_ index: Int, _ frame: RGBAImage) throws -> Void) throws {
        guard let last = timeline.indices.last else { return }
        try budget.check()
        var next = 0
        do {
            try image.forEachFrame { index, frame in
                try budget.check()
                guard index == timeline.indices[next] else { return }
                try body(next, try resized(frame))
                next += 1
                if index == last { throw EndOfTimeline() }
            }
        } catch is EndOfTimeline {
            return
        }
    }

    /// `frame` at ``canvasSize``, checking the budget between output rows.
    func resized(_ frame: RGBAImage) throws -> RGBAImage {
        guard frame.size != canvasSize else { return frame }
        return try frame.resized(to: canvasSize) { try budget.check() }
    }

    private struct EndOfTimeline: Error {}
}
