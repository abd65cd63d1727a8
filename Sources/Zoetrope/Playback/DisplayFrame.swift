/// A frame ready to draw: its index, its pixels, and the part of them to show.
public struct DisplayFrame: Sendable, Hashable {
    /// The frame's index in the image.
    public var index: Int
    /// The frame's pixels (for a sprite sheet, the whole sheet).
    public var image: RGBAImage
    /// The part of ``image`` to show; `nil` for all of it.
    public var contentsRect: PixelRect?
}
