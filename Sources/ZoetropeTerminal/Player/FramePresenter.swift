import Zoetrope

/// Turns the frames a player shows into terminal bytes: crops a sprite sheet's contents rectangle,
/// scales to the layout's size when a frame is not that size yet, composites over the background,
/// and renders only what changed since the frame before.
package struct FramePresenter: Sendable {
    /// How frames are drawn.
    package let renderer: any TerminalRenderer
    /// What transparency shows.
    package let background: TerminalBackground
    /// Where the image goes and how large it is.
    public private(set) var layout: PlayerLayout
    private var previous: RGBAImage?

    /// Creates a presenter.
    package init(renderer: any TerminalRenderer, background: TerminalBackground, layout: PlayerLayout) {
        self.renderer = renderer
        self.background = background
        self.layout = layout
    }

    /// The bytes that show `image` (the part in `contentsRect`, when given) at the layout's origin,
    /// or inline at the cursor when `inline`.
    package mutating func present(_ image: RGBAImage, contentsRect: PixelRect? = nil, inline: Bool = false) -> [UInt8] {
        var frame = image
        if let contentsRect { frame = Self.crop(frame, to: contentsRect) }
        if frame.size != layout.imageSize { frame = frame.resized(to: layout.imageSize) }
        let squareSize = max(2, (min(frame.width, frame.height) + 7) / 8)
        frame = background.apply(to: frame, squareSize: squareSize)
        let out = renderer.render(frame, previous: inline ? nil : previous, at: inline ? nil : layout.origin)
        previous = frame
        return out
    }

    /// Changes the layout; the next frame is drawn in full.
    package mutating func relayout(_ layout: PlayerLayout) {
        self.layout = layout
        previous = nil
    }

    /// Forgets what is on screen, so the next frame is drawn in full.
    package mutating func invalidate() {
        previous = nil
    }

    /// The part of `image` inside `rect` (clipped to the image).
    static func crop(_ image: RGBAImage, to rect: PixelRect) -> RGBAImage {
        let area = rect.intersection(PixelRect(x: 0, y: 0, width: image.width, height: image.height))
        guard !area.isEmpty else { return image }
        if area.width == image.width && area.height == image.height { return image }
        var pixels = [UInt8]()
        pixels.reserveCapacity(area.area * 4)
        for y in area.y..<area.maxY {
            let start = (y * image.width + area.x) * 4
            pixels.append(contentsOf: image.pixels[start..<start + area.width * 4])
        }
        return RGBAImage(width: area.width, height: area.height, pixels: pixels)
    }
}
