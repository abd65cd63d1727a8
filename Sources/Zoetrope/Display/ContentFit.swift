/// How a view places an image in its bounds.
public enum ContentFit: Sendable, Hashable, CaseIterable {
    /// Stretch to fill the bounds exactly, ignoring the aspect ratio.
    case fill
    /// As large as fits inside the bounds, keeping the aspect ratio, centred (letterboxed).
    case aspectFit
    /// As small as covers the bounds, keeping the aspect ratio, centred (the overflow is cropped).
    case aspectFill
    /// The image's own size, centred, cropped if larger than the bounds.
    case center
    /// The image's own size, shrunk like ``aspectFit`` when larger than the bounds, never
    /// enlarged: for thumbnails and lists.
    case scaleDown

    /// Where an image of `content` size goes in `bounds`.
    public func rect(for content: DisplaySize, in bounds: DisplayRect) -> DisplayRect {
        guard content.width > 0, content.height > 0 else { return DisplayRect(x: bounds.x, y: bounds.y, width: 0, height: 0) }
        let fitScale = min(bounds.width / content.width, bounds.height / content.height)
        let scale: Double
        switch self {
        case .fill: return bounds
        case .aspectFit: scale = fitScale
        case .aspectFill: scale = max(bounds.width / content.width, bounds.height / content.height)
        case .center: scale = 1
        case .scaleDown: scale = min(fitScale, 1)
        }
        let width = content.width * scale, height = content.height * scale
        return DisplayRect(x: bounds.x + (bounds.width - width) / 2, y: bounds.y + (bounds.height - height) / 2,
                           width: width, height: height)
    }

    /// The pixel size worth decoding an image of `content` pixels at, to show it in `bounds` on a
    /// screen of `scale` pixels per point: the shown size in screen pixels (rounded up), never
    /// larger than the image itself, keeping its aspect ratio. Pass it to
    /// ``AnimatableImage/scaled(toFit:)`` so that a large animation shown small decodes small.
    public func pixelSize(for content: PixelSize, in bounds: DisplaySize, scale: Double) -> PixelSize {
        guard content.width > 0, content.height > 0, scale > 0, scale.isFinite else { return content }
        let shown = rect(for: DisplaySize(content), in: DisplayRect(size: bounds))
        let factor = min(shown.width * scale / Double(content.width), shown.height * scale / Double(content.height), 1)
        guard factor < 1 else { return content }
        // Rounded up, ignoring floating-point dust (100/333 × 333 is 100, not 101).
        func scaled(_ length: Int) -> Int { max(1, Int((Double(length) * factor - 1e-9).rounded(.up))) }
        return PixelSize(width: scaled(content.width), height: scaled(content.height))
    }
}
