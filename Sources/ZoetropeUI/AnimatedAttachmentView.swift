#if canImport(UIKit) && !os(watchOS) || canImport(AppKit) && !targetEnvironment(macCatalyst)
import Zoetrope
#if canImport(UIKit)
import UIKit
/// The platform's view class.
public typealias AttachmentBaseView = UIView
#else
import AppKit
/// The platform's view class.
public typealias AttachmentBaseView = NSView
#endif

/// A view showing one ``SurfaceAttachment``: an image attached to text, or the image of a chat
/// message in a reused cell. The attachment plays while the view is in a window and not hidden,
/// and otherwise lets go of its frames and shows its poster frame; ``show(_:)`` switches to
/// another attachment (or none, to prepare for reuse).
@MainActor
public final class AnimatedAttachmentView: AttachmentBaseView {
    /// The attachment shown, if any.
    public private(set) var attachment: SurfaceAttachment?
    private var imageView: AnimatedImageView?

    /// Creates a view showing `attachment`.
    public init(attachment: SurfaceAttachment? = nil) {
        super.init(frame: .zero)
        show(attachment)
    }

    /// Creates an empty view from an archive.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Shows `attachment` instead of the one shown before (which stops and frees its frames).
    public func show(_ attachment: SurfaceAttachment?) {
        guard attachment !== self.attachment else { return }
        self.attachment?.setVisible(false)
        imageView?.removeFromSuperview()
        imageView = nil
        self.attachment = attachment
        guard let attachment else { return }
        let imageView = AnimatedImageView(animator: attachment.animator)
        imageView.frame = bounds
        addSubview(imageView)
        attachment.attach(imageView)
        self.imageView = imageView
        updateVisibility()
    }

    private func updateVisibility() {
        attachment?.setVisible(window != nil && !isHidden)
    }

    #if canImport(UIKit)
    public override func didMoveToWindow() {
        super.didMoveToWindow()
        updateVisibility()
    }

    public override var isHidden: Bool {
        didSet { updateVisibility() }
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        imageView?.frame = bounds
    }
    #else
    public override func viewDidMoveToWindow() {
        super.viewDidMoveToWindow()
        updateVisibility()
    }

    public override func viewDidHide() {
        super.viewDidHide()
        updateVisibility()
    }

    public override func viewDidUnhide() {
        super.viewDidUnhide()
        updateVisibility()
    }

    public override func layout() {
        super.layout()
        imageView?.frame = bounds
    }
    #endif
}
#endif
