#if canImport(QuartzCore) && (canImport(UIKit) && !os(watchOS) || canImport(AppKit))
import QuartzCore
import Zoetrope

/// The layer a view shows frames in, placed in the view's bounds by a ``ContentFit``.
@MainActor
final class FrameLayer {
    let layer = CALayer()
    /// The size of the frames shown, in points (one image pixel per point); `nil` before the first.
    private(set) var contentSize: DisplaySize?
    var fit = ContentFit.aspectFit

    /// Shows `frame`; returns whether its size differs from the previous frame's (the view's
    /// intrinsic size and layout change then).
    func show(_ frame: DisplayFrame) -> Bool {
        let image = frame.makeCGImage()
        let size = DisplaySize(width: Double(image?.width ?? 0), height: Double(image?.height ?? 0))
        CATransaction.begin()
        CATransaction.setDisableActions(true) // frames replace each other, they do not cross-fade
        layer.contents = image
        CATransaction.commit()
        defer { contentSize = size }
        return size != contentSize
    }

    /// Forgets the frame shown.
    func clear() {
        layer.contents = nil
        contentSize = nil
    }

    /// Places the layer in `bounds` by ``fit``.
    func layout(in bounds: CGRect) {
        let rect = fit.rect(for: contentSize ?? DisplaySize(width: 0, height: 0),
                            in: DisplayRect(x: bounds.origin.x, y: bounds.origin.y,
                                            width: bounds.size.width, height: bounds.size.height))
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.frame = CGRect(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
        CATransaction.commit()
    }

    /// The size a view wants: the frames' size, or none before the first frame.
    var intrinsicSize: CGSize? {
        contentSize.map { CGSize(width: $0.width, height: $0.height) }
    }
}
#endif
