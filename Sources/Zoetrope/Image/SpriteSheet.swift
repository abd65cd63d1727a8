/// An animation drawn from one image holding every frame: each frame is a rectangle of the sheet.
///
/// ``frame(at:)`` returns the whole sheet and ``contentsRect(at:)`` the frame's rectangle, so
/// every frame shares the sheet's pixels; a view shows the rectangle.
///
/// ```swift
/// let rects = (0..<8).map { PixelRect(x: $0 * 64, y: 0, width: 64, height: 64) }
/// let walk = try SpriteSheet(sheet: strip, frameRects: rects, duration: .milliseconds(100))
/// ```
public final class SpriteSheet: AnimatableImage {
    /// The image holding every frame.
    public let sheet: RGBAImage
    /// Each frame's rectangle on the sheet.
    public let frameRects: [PixelRect]
    /// How long each frame shows.
    public let durations: [Duration]
    /// How many times the animation plays.
    public let playCount: PlayCount

    /// Creates a sprite sheet whose frames all show for `duration`.
    /// - Throws: ``ZoetropeError`` with kind `.invalidArgument` when there is no rectangle or a
    ///   rectangle is empty or reaches outside the sheet.
    public convenience init(sheet: RGBAImage, frameRects: [PixelRect], duration: Duration,
                            playCount: PlayCount = .infinite) throws(ZoetropeError) {
        try self.init(sheet: sheet, frameRects: frameRects,
                      durations: Array(repeating: duration, count: frameRects.count), playCount: playCount)
    }

    /// Creates a sprite sheet with one duration per frame (negative durations count as zero).
    /// - Throws: ``ZoetropeError`` with kind `.invalidArgument` when there is no rectangle, a
    ///   rectangle is empty or reaches outside the sheet, or there is not one duration per frame.
    public init(sheet: RGBAImage, frameRects: [PixelRect], durations: [Duration],
                playCount: PlayCount = .infinite) throws(ZoetropeError) {
        guard !frameRects.isEmpty else {
            throw ZoetropeError(.invalidArgument, "a sprite sheet needs at least one frame rectangle")
        }
        let bounds = PixelRect(x: 0, y: 0, width: sheet.width, height: sheet.height)
        if let bad = frameRects.first(where: { $0.isEmpty || !bounds.contains($0) }) {
            throw ZoetropeError(.invalidArgument, "frame rectangle \(bad) is empty or outside the \(sheet.size) sheet")
        }
        guard durations.count == frameRects.count else {
            throw ZoetropeError(.invalidArgument,
                                "\(durations.count) durations given for \(frameRects.count) frames")
        }
        self.sheet = sheet
        self.frameRects = frameRects
        self.durations = durations.map { max($0, .zero) }
        self.playCount = playCount
    }

    /// The sheet's size (``frame(at:)`` returns the whole sheet).
    public var canvasSize: PixelSize { sheet.size }

    /// The number of frames (rectangles).
    public var frameCount: Int { frameRects.count }

    /// How long frame `index` shows.
    public func duration(at index: Int) -> Duration { durations[index] }

    /// The whole sheet; ``contentsRect(at:)`` says which part is frame `index`.
    /// - Throws: ``ZoetropeError`` with kind `.invalidArgument` for an index out of range.
    public func frame(at index: Int) throws(ZoetropeError) -> RGBAImage {
        guard frameRects.indices.contains(index) else {
            throw ZoetropeError(.invalidArgument, "frame index \(index) is outside 0..<\(frameRects.count)")
        }
        return sheet
    }

    /// Frame `index`'s rectangle on the sheet.
    public func contentsRect(at index: Int) -> PixelRect? {
        frameRects.indices.contains(index) ? frameRects[index] : nil
    }
}
