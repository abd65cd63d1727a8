#if canImport(UIKit) && !os(watchOS) || canImport(AppKit) && !targetEnvironment(macCatalyst)
import Foundation
import Zoetrope
#if canImport(UIKit)
import UIKit
/// The platform's text view.
public typealias PasteTextView = UITextView
/// The platform's pasteboard (none on tvOS: `UIPasteboard` is unavailable there).
@available(tvOS, unavailable)
public typealias PasteSource = UIPasteboard
#else
import AppKit
/// The platform's text view.
public typealias PasteTextView = NSTextView
/// The platform's pasteboard.
public typealias PasteSource = NSPasteboard
#endif

/// Pastes animated images into a text view as attachments that animate in place — what a chat
/// app needs for images from GIF keyboards.
///
/// Call it from the text view's `paste(_:)`, falling back to the system's paste when it inserts
/// nothing:
///
/// ```swift
/// final class ComposeView: UITextView {
///     let pasting = AnimatedPasteHandler()
///     override func paste(_ sender: Any?) {
///         if (try? pasting.paste(into: self)) != true { super.paste(sender) }
///     }
/// }
/// ```
///
/// The pasteboard's representations are read by type (`UTType.gif`, `.png`, `.webP`, other
/// images and generic data) and recognised by their bytes, so the GIF stays a GIF; sizes are
/// checked before decoding. Every attachment plays in one ``AnimationSurface``: one frame cache
/// and clock, nothing decoded off screen, the same image pasted twice decoded once, poster frames
/// with Reduce Motion.
///
/// tvOS has no pasteboard: there the handler only makes attachments (``makeTextAttachment(for:)``).
@MainActor
public final class AnimatedPasteHandler {
    /// The surface the attachments play in.
    public let surface: AnimationSurface
    /// How representations are chosen and which sizes are refused.
    public var reader: PasteboardImageReader
    /// The largest attachment, in points (smaller images keep their size).
    public var maximumAttachmentSize: CGSize
    /// Pixels decoded per point.
    public var scale: CGFloat

    /// Creates a handler.
    /// - Parameters:
    ///   - surface: where attachments play; by default one on the screen's refresh following Reduce Motion.
    ///   - reader: how representations are chosen.
    ///   - maximumAttachmentSize: the largest attachment in points.
    ///   - scale: pixels decoded per point (the screen's scale).
    public init(surface: AnimationSurface? = nil, reader: PasteboardImageReader = PasteboardImageReader(),
                maximumAttachmentSize: CGSize = CGSize(width: 160, height: 160), scale: CGFloat = 2) {
        self.surface = surface ?? .forScreen()
        self.reader = reader
        self.maximumAttachmentSize = maximumAttachmentSize
        self.scale = scale
    }

    /// Whether `pasteboard` offers a type this handler reads (for `canPerformAction(_:withSender:)`).
    @available(tvOS, unavailable)
    public func canPaste(from pasteboard: PasteSource = .general) -> Bool {
        #if canImport(UIKit)
        return pasteboard.types.contains(where: PasteboardImageReader.readsType)
        #else
        return (pasteboard.types ?? []).map(\.rawValue).contains(where: PasteboardImageReader.readsType)
        #endif
    }

    /// Inserts the pasteboard's image at the selection of `textView`.
    /// - Returns: `false` when the pasteboard holds no GIF, PNG or WebP (paste as usual then).
    /// - Throws: ``ZoetropeError`` when the only image is refused (too large, damaged).
    @available(tvOS, unavailable)
    @discardableResult
    public func paste(into textView: PasteTextView, from pasteboard: PasteSource = .general) throws(ZoetropeError) -> Bool {
        guard let pasted = try reader.read(from: pasteboard) else { return false }
        let text = NSAttributedString(attachment: try makeTextAttachment(for: pasted))
        #if canImport(UIKit)
        let range = textView.selectedRange
        textView.textStorage.replaceCharacters(in: range, with: text)
        textView.selectedRange = NSRange(location: range.location + text.length, length: 0)
        #else
        surface.followDisplay(of: textView)
        textView.insertText(text, replacementRange: textView.selectedRange())
        #endif
        return true
    }

    /// An attachment showing `pasted` (also for images that arrive in a message), sized to fit
    /// ``maximumAttachmentSize``.
    public func makeTextAttachment(for pasted: PastedImage) throws(ZoetropeError) -> AnimatedTextAttachment {
        let size = attachmentSize(for: pasted.summary.size)
        let pixels = PixelSize(width: max(1, Int((size.width * scale).rounded())),
                               height: max(1, Int((size.height * scale).rounded())))
        let attachment = try surface.makeAttachment(pasted, size: pixels)
        return AnimatedTextAttachment(pasted: pasted, surfaceAttachment: attachment, size: size)
    }

    /// The attachment's size in points: the image's pixels as points, shrunk to fit.
    private func attachmentSize(for canvas: PixelSize) -> CGSize {
        let width = CGFloat(max(1, canvas.width)), height = CGFloat(max(1, canvas.height))
        let factor = min(1, maximumAttachmentSize.width / width, maximumAttachmentSize.height / height)
        return CGSize(width: (width * factor).rounded(), height: (height * factor).rounded())
    }
}
#endif
