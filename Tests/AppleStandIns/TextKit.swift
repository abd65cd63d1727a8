// TextKit 2 stand-ins shared by UIKit.swift and AppKit.swift: scripts/check-apple compiles this file
// into both modules, where `TextKitView` is `UIView` or `NSView`, as the SDKs declare these classes
// in each framework with its own view class. None is main-actor isolated or documented `Sendable`.
// Each declaration gives Apple's declaration, the UIKit page it was taken from (the AppKit page has
// the same path under /appkit/), and its availability on every platform Package.swift declares
// (checked by scripts/apple-availability). The watchOS entries marked "not confirmed" were not
// checked against a page.
import Foundation

/// `class NSTextStorage: NSMutableAttributedString`
/// https://developer.apple.com/documentation/uikit/nstextstorage
@available(macOS 10.0, iOS 7.0, tvOS 9.0, visionOS 1.0, *)
@available(watchOS, unavailable) // not confirmed
open class NSTextStorage: NSMutableAttributedString {}

/// `protocol NSTextLocation: NSObjectProtocol`
/// https://developer.apple.com/documentation/uikit/nstextlocation
@available(macOS 12.0, iOS 15.0, tvOS 15.0, visionOS 1.0, *)
@available(watchOS, unavailable) // not confirmed
public protocol NSTextLocation: NSObjectProtocol {}

/// `class NSTextLayoutManager: NSObject`
/// https://developer.apple.com/documentation/uikit/nstextlayoutmanager
@available(macOS 12.0, iOS 15.0, tvOS 15.0, visionOS 1.0, *)
@available(watchOS, unavailable) // not confirmed
open class NSTextLayoutManager: NSObject {}

/// `class NSTextContainer: NSObject`
/// https://developer.apple.com/documentation/uikit/nstextcontainer
@available(macOS 10.0, iOS 7.0, tvOS 9.0, visionOS 1.0, *)
@available(watchOS, unavailable) // not confirmed
open class NSTextContainer: NSObject {
    /// `weak var textLayoutManager: NSTextLayoutManager? { get }`
    /// https://developer.apple.com/documentation/uikit/nstextcontainer/textlayoutmanager
    @available(macOS 12.0, iOS 15.0, tvOS 15.0, visionOS 1.0, *)
    @available(watchOS, unavailable) // not confirmed
    open var textLayoutManager: NSTextLayoutManager? { nil }
}

/// `protocol NSTextAttachmentLayout: NSObjectProtocol`, which NSTextAttachment adopts
/// https://developer.apple.com/documentation/uikit/nstextattachmentlayout
@available(macOS 12.0, iOS 15.0, tvOS 15.0, visionOS 1.0, *)
@available(watchOS, unavailable)
public protocol NSTextAttachmentLayout: NSObjectProtocol {
    /// `func viewProvider(for parentView: UIView?/NSView?, location: any NSTextLocation, textContainer: NSTextContainer?) -> NSTextAttachmentViewProvider?`
    /// https://developer.apple.com/documentation/uikit/nstextattachmentlayout/viewprovider(for:location:textcontainer:)
    @available(macOS 12.0, iOS 15.0, tvOS 15.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    func viewProvider(for parentView: TextKitView?, location: any NSTextLocation,
                      textContainer: NSTextContainer?) -> NSTextAttachmentViewProvider?
}

/// `class NSTextAttachment: NSObject`
/// https://developer.apple.com/documentation/uikit/nstextattachment
@available(macOS 10.0, iOS 7.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
open class NSTextAttachment: NSObject, NSTextAttachmentLayout {
    /// `init(data contentData: Data?, ofType uti: String?)`
    /// https://developer.apple.com/documentation/uikit/nstextattachment/init(data:oftype:)
    @available(macOS 10.11, iOS 7.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
    public init(data contentData: Data?, ofType uti: String?) {}
    /// `var bounds: CGRect { get set }`
    /// https://developer.apple.com/documentation/uikit/nstextattachment/bounds
    @available(macOS 10.11, iOS 7.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
    open var bounds = CGRect.zero
    /// `var allowsTextAttachmentView: Bool { get set }`
    /// https://developer.apple.com/documentation/uikit/nstextattachment/allowstextattachmentview
    @available(macOS 12.0, iOS 15.0, tvOS 15.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open var allowsTextAttachmentView = true
    /// NSTextAttachment's implementation of `NSTextAttachmentLayout.viewProvider(for:location:textContainer:)`
    /// https://developer.apple.com/documentation/uikit/nstextattachmentlayout/viewprovider(for:location:textcontainer:)
    @available(macOS 12.0, iOS 15.0, tvOS 15.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open func viewProvider(for parentView: TextKitView?, location: any NSTextLocation,
                           textContainer: NSTextContainer?) -> NSTextAttachmentViewProvider? { nil }
}

/// `class NSTextAttachmentViewProvider: NSObject`
/// https://developer.apple.com/documentation/uikit/nstextattachmentviewprovider
@available(macOS 12.0, iOS 15.0, tvOS 15.0, visionOS 1.0, *)
@available(watchOS, unavailable)
open class NSTextAttachmentViewProvider: NSObject {
    /// `init(textAttachment: NSTextAttachment, parentView: UIView?/NSView?, textLayoutManager: NSTextLayoutManager?, location: any NSTextLocation)`
    /// https://developer.apple.com/documentation/uikit/nstextattachmentviewprovider/init(textattachment:parentview:textlayoutmanager:location:)
    @available(macOS 12.0, iOS 15.0, tvOS 15.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    public init(textAttachment: NSTextAttachment, parentView: TextKitView?, textLayoutManager: NSTextLayoutManager?,
                location: any NSTextLocation) {}
    /// `weak var textAttachment: NSTextAttachment? { get }`
    /// https://developer.apple.com/documentation/uikit/nstextattachmentviewprovider/textattachment
    @available(macOS 12.0, iOS 15.0, tvOS 15.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open var textAttachment: NSTextAttachment? { nil }
    /// `var view: UIView?/NSView? { get set }`
    /// https://developer.apple.com/documentation/uikit/nstextattachmentviewprovider/view
    @available(macOS 12.0, iOS 15.0, tvOS 15.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open var view: TextKitView?
    /// `func loadView()`
    /// https://developer.apple.com/documentation/uikit/nstextattachmentviewprovider/loadview()
    @available(macOS 12.0, iOS 15.0, tvOS 15.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open func loadView() {}
}

extension NSAttributedString {
    /// `convenience init(attachment: NSTextAttachment)`
    /// https://developer.apple.com/documentation/foundation/nsattributedstring/init(attachment:)
    @available(macOS 10.0, iOS 7.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
    public convenience init(attachment: NSTextAttachment) { self.init(string: "\u{FFFC}") }
}
