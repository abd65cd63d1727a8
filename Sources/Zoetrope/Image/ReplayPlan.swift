/// Where replay can start for random access into a delta-coded animation.
///
/// Frame `k` is a clean start when the canvas before it is known without drawing earlier frames:
/// it is fully transparent (the first frame; or the previous frame was disposed to background and
/// either covered the canvas or was drawn on a transparent one), or
/// frame `k` replaces every canvas pixel and does not restore what was under it.
struct ReplayPlan: Sendable {
    private var transparentBefore: [Bool]
    private var replacesCanvas: [Bool]

    init(frames: [FrameInfo], canvas: PixelSize) {
        let bounds = PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        transparentBefore = [Bool](repeating: false, count: frames.count)
        replacesCanvas = transparentBefore
        var clear = true
        for (index, frame) in frames.enumerated() {
            let covers = frame.rect.contains(bounds)
            transparentBefore[index] = clear
            replacesCanvas[index] = covers && frame.disposal != .previous
                && (frame.blend == .source || !frame.hasTransparency)
            switch frame.disposal {
            // Clearing what the frame drew leaves the canvas as it was before it, and clearing the
            // whole canvas leaves it transparent.
            case .background: clear = clear || covers
            case .previous: break // the canvas returns to its state before this frame
            case .none, .unspecified: clear = false
            }
        }
    }

    /// Records that frame `index`, once decoded, did not set every canvas pixel (damaged data, or
    /// palette indices that decode as transparent), so replay must not start from it.
    mutating func markIncomplete(_ index: Int) { replacesCanvas[index] = false }

    /// Whether replay may start at frame `index` from a transparent canvas.
    func isCleanStart(_ index: Int) -> Bool { transparentBefore[index] || replacesCanvas[index] }

    /// The nearest clean start at or before `index`.
    func start(for index: Int) -> Int {
        var k = index
        while k > 0 && !isCleanStart(k) { k -= 1 }
        return k
    }
}
