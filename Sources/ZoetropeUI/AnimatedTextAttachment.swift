#if canImport(UIKit) && !os(watchOS) || canImport(AppKit) && !targetEnvironment(macCatalyst)
import Foundation
import Zoetrope
#if canImport(UIKit)
import UIKit
#else
import AppKit
#endif

/// A text attachment that animates in place: a pasted GIF, APNG or WebP in the text being typed.
///
/// Its contents are the pasted bytes under their own type (`com.compuserve.gif`, …), so the
/// attributed string carries the animation itself when it is sent or copied, not a flattened
/// still. On screen, TextKit 2 asks its view provider for an ``AnimatedAttachmentView``, which
/// plays the ``surfaceAttachment`` while it is visible and shows its poster frame otherwise.
public final class AnimatedTextAttachment: NSTextAttachment {
    /// The image as it was pasted: its bytes and what they are.
    public let pasted: PastedImage
    /// The animation in the text view's surface.
    public let surfaceAttachment: SurfaceAttachment

    /// Creates an attachment of `size` points showing `surfaceAttachment`.
    public init(pasted: PastedImage, surfaceAttachment: SurfaceAttachment, size: CGSize) {
        self.pasted = pasted
        self.surfaceAttachment = surfaceAttachment
        super.init(data: Data(pasted.bytes), ofType: pasted.typeIdentifier)
        bounds = CGRect(origin: .zero, size: size)
        allowsTextAttachmentView = true
    }

    /// Not supported: an animated attachment is made from a paste.
    public required init?(coder: NSCoder) {
        nil
    }

    #if canImport(UIKit)
    public override func viewProvider(for parentView: UIView?, location: any NSTextLocation,
                                      textContainer: NSTextContainer?) -> NSTextAttachmentViewProvider? {
        AnimatedAttachmentViewProvider(textAttachment: self, parentView: parentView,
                                       textLayoutManager: textContainer?.textLayoutManager, location: location)
    }
    #else
    public override func viewProvider(for parentView: NSView?, location: any NSTextLocation,
                                      textContainer: NSTextContainer?) -> NSTextAttachmentViewProvider? {
        AnimatedAttachmentViewProvider(textAttachment: self, parentView: parentView,
                                       textLayoutManager: textContainer?.textLayoutManager, location: location)
    }
    #endif
}

/// Makes the view of an ``AnimatedTextAttachment``. TextKit calls ``loadView()`` on the main thread.
final class AnimatedAttachmentViewProvider: NSTextAttachmentViewProvider {
    override func loadView() {
        guard let attachment = textAttachment as? AnimatedTextAttachment else { return }
        let surfaceAttachment = attachment.surfaceAttachment
        // Only the view is made on the main actor: `self` is not Sendable, the view (a main-actor
        // class) is.
        view = MainActor.assumeIsolated { AnimatedAttachmentView(attachment: surfaceAttachment) }
    }
}
#endif
