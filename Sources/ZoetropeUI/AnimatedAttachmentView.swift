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
///
/// In a reused table or collection cell, ``show(_:in:)`` puts the view in the cell's content view,
/// filling it, and the cell's `prepareForReuse()` calls ``prepareForReuse()``:
///
/// ```swift
/// final class MessageCell: UITableViewCell {
///     let animation = AnimatedAttachmentView()
///     func configure(with message: Message) { animation.show(message.attachment, in: contentView) }
///     override func prepareForReuse() {
///         super.prepareForReuse()
///         animation.prepareForReuse()
///     }
/// }
/// ```
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

    /// Shows `attachment` inside `container` (a cell's content view), filling it and following its size.
    public func show(_ attachment: SurfaceAttachment?, in container: AttachmentBaseView) {
        if superview !== container {
            removeFromSuperview()
            frame = container.bounds
            #if canImport(UIKit)
            autoresizingMask = [.flexibleWidth, .flexibleHeight]
            #else
            autoresizingMask = [.width, .height]
            #endif
            container.addSubview(self)
        }
        show(attachment)
    }

    #if canImport(UIKit)
    /// Lets go of the attachment shown (it stops and frees its frames): for a cell about to be reused.
    public func prepareForReuse() {
        show(nil)
    }
    #else
    /// Lets go of the attachment shown (it stops and frees its frames): for a cell about to be
    /// reused. Then NSView's own reset runs (alpha 1, not hidden), with nothing left to play.
    public override func prepareForReuse() {
        show(nil)
        super.prepareForReuse()
    }
    #endif

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
