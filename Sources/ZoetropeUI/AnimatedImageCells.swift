#if canImport(UIKit) && !os(watchOS) || canImport(AppKit) && !targetEnvironment(macCatalyst)
import Zoetrope
#if canImport(UIKit)
import UIKit

/// A table view cell showing the animated image of a chat message.
///
/// In `tableView(_:cellForRowAt:)`, call ``show(_:)`` with the message's ``SurfaceAttachment``
/// (made once per message from the stream's ``AnimationSurface``; it decodes nothing until shown).
/// The image plays while the cell is on screen, and a cell prepared for reuse lets go of it.
@MainActor
open class AnimatedImageTableViewCell: UITableViewCell {
    /// The view showing the image, filling the content view.
    public let animatedView = AnimatedAttachmentView()

    /// Shows `attachment` (or nothing).
    public func show(_ attachment: SurfaceAttachment?) {
        if animatedView.superview == nil { contentView.addSubview(animatedView) }
        animatedView.show(attachment)
    }

    open override func prepareForReuse() {
        super.prepareForReuse()
        animatedView.show(nil)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        animatedView.frame = contentView.bounds
    }
}

/// A collection view cell showing the animated image of a chat message; see
/// ``AnimatedImageTableViewCell``.
@MainActor
open class AnimatedImageCollectionViewCell: UICollectionViewCell {
    /// The view showing the image, filling the content view.
    public let animatedView = AnimatedAttachmentView()

    /// Shows `attachment` (or nothing).
    public func show(_ attachment: SurfaceAttachment?) {
        if animatedView.superview == nil { contentView.addSubview(animatedView) }
        animatedView.show(attachment)
    }

    open override func prepareForReuse() {
        super.prepareForReuse()
        animatedView.show(nil)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        animatedView.frame = contentView.bounds
    }
}
#else
import AppKit

/// A table cell view showing the animated image of a chat message.
///
/// In `tableView(_:viewFor:row:)`, call ``show(_:)`` with the message's ``SurfaceAttachment``
/// (made once per message from the stream's ``AnimationSurface``; it decodes nothing until shown).
/// The image plays while the cell is on screen, and a cell prepared for reuse lets go of it.
@MainActor
open class AnimatedImageTableCellView: NSTableCellView {
    /// The view showing the image, filling the cell.
    public let animatedView = AnimatedAttachmentView()

    /// Shows `attachment` (or nothing).
    public func show(_ attachment: SurfaceAttachment?) {
        if animatedView.superview == nil { addSubview(animatedView) }
        animatedView.show(attachment)
    }

    open override func prepareForReuse() {
        super.prepareForReuse()
        animatedView.show(nil)
    }

    open override func layout() {
        super.layout()
        animatedView.frame = bounds
    }
}
#endif
#endif
