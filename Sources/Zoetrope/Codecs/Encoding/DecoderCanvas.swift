/// The canvas a decoder holds between the frames of an animation, as the encoders' frame planners
/// (GIF, APNG, WebP) simulate it to choose each frame's rectangle, disposal and blending.
///
/// Before the first frame the canvas is transparent. After a frame is drawn it ``shows`` that
/// frame's result; the frame's disposal then decides the canvas the next frame is drawn on
/// (``canvas(after:)``): kept (`none`), the frame's rectangle cleared to transparent
/// (`background`), or the canvas the frame was drawn on (`previous`; on the first frame it acts
/// as `background`, as browsers and APNG's specification have it). The planners hold this and the
/// frame they plan, never the whole animation.
struct DecoderCanvas {
    /// What the canvas shows after the last frame drawn (transparent before the first).
    private(set) var shows: RGBAImage
    /// The canvas the last frame was drawn on: what disposing it to `previous` restores (kept only
    /// for formats that offer that disposal, so that the others hold one canvas less).
    private var underLast: RGBAImage?
    private let restoresPrevious: Bool
    /// The last frame's rectangle: what disposing it to `background` clears.
    private var lastRect: PixelRect?
    /// How many frames have been drawn.
    private(set) var framesDrawn = 0

    /// A transparent canvas of `size`; `restoresPrevious` when the format has the `previous`
    /// disposal (APNG).
    init(size: PixelSize, restoresPrevious: Bool = false) {
        shows = RGBAImage(width: size.width, height: size.height)
        self.restoresPrevious = restoresPrevious
        if restoresPrevious { underLast = shows }
    }

    /// The canvas the next frame is drawn on when the last frame is disposed by `disposal`.
    func canvas(after disposal: FrameDisposal) -> RGBAImage {
        guard let lastRect else { return shows }
        switch disposal {
        case .none, .unspecified:
            return shows
        case .background:
            var cleared = shows
            cleared.clear(lastRect)
            return cleared
        case .previous:
            guard framesDrawn >= 2, let underLast else { return canvas(after: .background) }
            return underLast
        }
    }

    /// The disposals among `offered`, in order, that leave the next frame a canvas of its own:
    /// `previous` only when the canvas restores it and it differs from `background` (after the
    /// second frame), and only `none` before the first frame.
    func distinctDisposals(_ offered: [FrameDisposal]) -> [FrameDisposal] {
        guard framesDrawn > 0 else { return [.none] }
        return offered.filter { $0 != .previous || (restoresPrevious && framesDrawn >= 2) }
    }

    /// Records the next frame, drawn in `rect` on `base` (the canvas ``canvas(after:)`` gave for
    /// the last frame's disposal), leaving `result`: for an exact encoder, the frame itself.
    mutating func draw(in rect: PixelRect, on base: RGBAImage, leaving result: RGBAImage) {
        if restoresPrevious { underLast = base }
        shows = result
        lastRect = rect
        framesDrawn += 1
    }

    /// Records the next frame, drawn in `rect` by `paint` on the canvas the last frame's
    /// `disposal` leaves (for encoders whose frames approximate the input, as GIF's palettes do).
    mutating func draw(in rect: PixelRect, after disposal: FrameDisposal, _ paint: (inout RGBAImage) -> Void) {
        var canvas = canvas(after: disposal)
        let base = canvas
        paint(&canvas)
        draw(in: rect, on: base, leaving: canvas)
    }
}
