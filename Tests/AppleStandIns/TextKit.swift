// TextKit 2 stand-ins shared by UIKit.swift and AppKit.swift: scripts/check-apple compiles this file
// into both modules, where `TextKitView` is `UIView` or `NSView`, as the SDKs declare these classes
// in each framework with its own view class.
import Foundation

/// `class NSTextStorage: NSMutableAttributedString`
open class NSTextStorage: NSMutableAttributedString {}

/// `protocol NSTextLocation: NSObjectProtocol`
public protocol NSTextLocation: NSObjectProtocol {}

/// `class NSTextLayoutManager: NSObject`
open class NSTextLayoutManager: NSObject {}

/// `class NSTextContainer: NSObject`
open class NSTextContainer: NSObject {
    /// `weak var textLayoutManager: NSTextLayoutManager? { get }`
    open var textLayoutManager: NSTextLayoutManager? { nil }
}

/// `class NSTextAttachment: NSObject`
open class NSTextAttachment: NSObject {
    /// `init(data contentData: Data?, ofType uti: String?)`
    public init(data contentData: Data?, ofType uti: String?) {}
    /// `var bounds: CGRect`
    open var bounds = CGRect.zero
    /// `var allowsTextAttachmentView: Bool`
    open var allowsTextAttachmentView = true
    /// `func viewProvider(for parentView: UIView?/NSView?, location: any NSTextLocation, textContainer: NSTextContainer?) -> NSTextAttachmentViewProvider?`
    open func viewProvider(for parentView: TextKitView?, location: any NSTextLocation,
                           textContainer: NSTextContainer?) -> NSTextAttachmentViewProvider? { nil }
}

/// `class NSTextAttachmentViewProvider: NSObject`
open class NSTextAttachmentViewProvider: NSObject {
    /// `init(textAttachment: NSTextAttachment, parentView: UIView?/NSView?, textLayoutManager: NSTextLayoutManager?, location: any NSTextLocation)`
    public init(textAttachment: NSTextAttachment, parentView: TextKitView?, textLayoutManager: NSTextLayoutManager?,
                location: any NSTextLocation) {}
    /// `weak var textAttachment: NSTextAttachment? { get }`
    open var textAttachment: NSTextAttachment? { nil }
    /// `var view: UIView?/NSView?`
    open var view: TextKitView?
    /// `func loadView()`
    open func loadView() {}
}

extension NSAttributedString {
    /// `convenience init(attachment: NSTextAttachment)`
    public convenience init(attachment: NSTextAttachment) { self.init(string: "\u{FFFC}") }
}
