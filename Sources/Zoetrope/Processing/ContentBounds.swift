extension FrameSource {
    /// The smallest rectangle holding every pixel that is not fully transparent in any frame:
    /// what an animation shows, for ``AnimationEdit/crop`` (`zoetrope convert --crop content`).
    /// `nil` when every pixel of every frame is transparent.
    ///
    /// It makes one pass over the frames, holding one at a time and the rectangle so far, so
    /// memory stays at what one frame costs whatever the length (the edit then reads the frames
    /// again). An opaque frame ends the pass early: its bounds are the whole canvas.
    /// - Throws: what ``forEachFrame(_:)`` throws.
    public func contentBounds() throws -> PixelRect? {
        var union: PixelRect?
        let canvas = PixelRect(x: 0, y: 0, width: canvasSize.width, height: canvasSize.height)
        do {
            try forEachFrame { _, frame in
                guard let bounds = frame.visibleBounds(skipping: union) else { return }
                union = union.map { $0.union(bounds) } ?? bounds
                if union == canvas { throw WholeCanvas() }
            }
        } catch is WholeCanvas {
            return canvas
        }
        return union
    }
}

/// Thrown to end a pass once the bounds cover the canvas.
private struct WholeCanvas: Error {}

extension PixelRect {
    /// The smallest rectangle holding both.
    func union(_ other: PixelRect) -> PixelRect {
        let left = min(x, other.x), top = min(y, other.y)
        return PixelRect(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }
}

extension RGBAImage {
    /// The smallest rectangle holding every pixel whose alpha is not 0, or `nil`.
    /// - Parameter known: a rectangle already counted: a row's pixels inside it are skipped, so a
    ///   pass over many frames reads mostly the rows' ends.
    func visibleBounds(skipping known: PixelRect? = nil) -> PixelRect? {
        let width = width, skip = known ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        let pixels = pixels
        for y in 0..<height {
            let row = y * width * 4
            let inside = y >= skip.y && y < skip.maxY
            var first = -1, last = -1
            var x = 0
            while x < width {
                if inside && x == skip.x && skip.width > 0 { x = skip.maxX; continue }
                if pixels[row + x * 4 + 3] != 0 {
                    if first < 0 { first = x }
                    last = x
                }
                x += 1
            }
            if first >= 0 {
                minX = min(minX, first); maxX = max(maxX, last)
                minY = min(minY, y); maxY = y
            }
        }
        guard maxX >= 0 else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
