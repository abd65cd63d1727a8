#if canImport(UIKit) && !os(watchOS) || canImport(AppKit) && !targetEnvironment(macCatalyst)
import Zoetrope
#if canImport(UIKit)
import UIKit

/// A table view cell showing the animated image of a chat message.
///
/// In `tableView(_:cellForRowAt:)`, call ``show(_:)`` with the message's ``SurfaceAttachment``
/// (made once per message from the stream's ``AnimationSurface``; it decodes nothing until shown).
/// The image plays while the cell is on screen, and a cell prepared for reuse lets go of it. For a
/// collection view, or a cell of your own, use ``AnimatedAttachmentView/show(_:in:)`` the same way.
@MainActor
open class AnimatedImageTableViewCell: UITableViewCell {
    /// The view showing the image, filling the content view.
    public let animatedView = AnimatedAttachmentView()

    /// Shows `attachment` (or nothing).
    public func show(_ attachment: SurfaceAttachment?) { animatedView.show(attachment, in: contentView) }

    open override func prepareForReuse() {
        super.prepareForReuse()
        animatedView.prepareForReuse()
    }
}

/// A collection view cell showing the animated image of a chat message; see
/// ``AnimatedImageTableViewCell``.
@MainActor
open class AnimatedImageCollectionViewCell: UICollectionViewCell {
    /// The view showing the image, filling the content view.
    public let animatedView = AnimatedAttachmentView()

    /// Shows `attachment` (or nothing).
    public func show(_ attachment: SurfaceAttachment?) { animatedView.show(attachment, in: contentView) }

    open override func prepareForReuse() {
        super.prepareForReuse()
        animatedView.prepareForReuse()
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
    public func show(_ attachment: SurfaceAttachment?) { animatedView.show(attachment, in: self) }

    open override func prepareForReuse() {
        super.prepareForReuse()
        animatedView.prepareForReuse()
    }
}
#endif
#endif
