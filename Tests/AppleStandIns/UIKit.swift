// Stand-in for UIKit: the symbols Sources/ZoetropeUI uses, and the members of the classes it
// subclasses that a subclass could override or hide by accident (`layoutSubviews()`,
// `prepareForReuse()`, …). Each declaration gives Apple's declaration, the page it was taken from,
// its isolation and `Sendable` as documented, and its availability on the platforms Package.swift
// declares whose SDK has UIKit: iOS, tvOS, visionOS and watchOS (where UIKit has images and
// accessibility, no views). Checked by scripts/apple-availability. A page that gives no version for
// tvOS means tvOS 9.0, its first release.
@_exported import Foundation
@_exported import QuartzCore

/// `@MainActor class UIResponder: NSObject`
/// https://developer.apple.com/documentation/uikit/uiresponder
@available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
@available(watchOS, unavailable)
@MainActor open class UIResponder: NSObject {
    /// `func paste(_ sender: Any?)`: UIResponder's implementation of the
    /// `UIResponderStandardEditActions` requirement (the stand-in declares no protocol).
    /// https://developer.apple.com/documentation/uikit/uiresponderstandardeditactions/paste(_:)
    @available(iOS 3.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open func paste(_ sender: Any?) {}
}

/// `@MainActor class UIView: UIResponder`
/// https://developer.apple.com/documentation/uikit/uiview
@available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
@available(watchOS, unavailable)
@MainActor open class UIView: UIResponder {
    /// `init(frame: CGRect)`
    /// https://developer.apple.com/documentation/uikit/uiview/init(frame:)
    @available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    public init(frame: CGRect) {}
    /// `init?(coder: NSCoder)`
    /// https://developer.apple.com/documentation/uikit/uiview/init(coder:)
    @available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    public required init?(coder: NSCoder) {}
    /// `var frame: CGRect { get set }`
    /// https://developer.apple.com/documentation/uikit/uiview/frame
    @available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open var frame = CGRect.zero
    /// `var bounds: CGRect { get set }`
    /// https://developer.apple.com/documentation/uikit/uiview/bounds
    @available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open var bounds = CGRect.zero
    /// `var layer: CALayer { get }`
    /// https://developer.apple.com/documentation/uikit/uiview/layer
    @available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open var layer: CALayer { CALayer() }
    /// `var window: UIWindow? { get }`
    /// https://developer.apple.com/documentation/uikit/uiview/window
    @available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open var window: UIWindow? { nil }
    /// `var superview: UIView? { get }`
    /// https://developer.apple.com/documentation/uikit/uiview/superview
    @available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open var superview: UIView? { nil }
    /// `var isHidden: Bool { get set }`
    /// https://developer.apple.com/documentation/uikit/uiview/ishidden
    @available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open var isHidden = false
    /// `var autoresizingMask: UIView.AutoresizingMask { get set }`
    /// https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.property
    @available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open var autoresizingMask: AutoresizingMask = []
    /// `func addSubview(_ view: UIView)`
    /// https://developer.apple.com/documentation/uikit/uiview/addsubview(_:)
    @available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open func addSubview(_ view: UIView) {}
    /// `func removeFromSuperview()`
    /// https://developer.apple.com/documentation/uikit/uiview/removefromsuperview()
    @available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open func removeFromSuperview() {}
    /// `func willMove(toWindow newWindow: UIWindow?)`
    /// https://developer.apple.com/documentation/uikit/uiview/willmove(towindow:)
    @available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open func willMove(toWindow newWindow: UIWindow?) {}
    /// `func didMoveToWindow()`
    /// https://developer.apple.com/documentation/uikit/uiview/didmovetowindow()
    @available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open func didMoveToWindow() {}
    /// `func didMoveToSuperview()`
    /// https://developer.apple.com/documentation/uikit/uiview/didmovetosuperview()
    @available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open func didMoveToSuperview() {}
    /// `func layoutSubviews()`
    /// https://developer.apple.com/documentation/uikit/uiview/layoutsubviews()
    @available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open func layoutSubviews() {}
    /// `func setNeedsLayout()`
    /// https://developer.apple.com/documentation/uikit/uiview/setneedslayout()
    @available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open func setNeedsLayout() {}
    /// `func draw(_ rect: CGRect)`
    /// https://developer.apple.com/documentation/uikit/uiview/draw(_:)
    @available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open func draw(_ rect: CGRect) {}
    /// `var intrinsicContentSize: CGSize { get }`
    /// https://developer.apple.com/documentation/uikit/uiview/intrinsiccontentsize
    @available(iOS 6.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open var intrinsicContentSize: CGSize { .zero }
    /// `func invalidateIntrinsicContentSize()`
    /// https://developer.apple.com/documentation/uikit/uiview/invalidateintrinsiccontentsize()
    @available(iOS 6.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open func invalidateIntrinsicContentSize() {}
    /// `class let noIntrinsicMetric: CGFloat` (not main-actor isolated)
    /// https://developer.apple.com/documentation/uikit/uiview/nointrinsicmetric
    @available(iOS 6.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    public nonisolated static let noIntrinsicMetric: CGFloat = -1
}

extension UIView {
    /// `struct UIView.AutoresizingMask: OptionSet` (documented `Sendable`)
    /// https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.struct
    @available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    public struct AutoresizingMask: OptionSet, Sendable {
        /// `let rawValue: UInt`
        /// https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.struct/rawvalue
        @available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
        @available(watchOS, unavailable)
        public let rawValue: UInt
        /// `init(rawValue: UInt)`
        /// https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.struct/init(rawvalue:)
        @available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
        @available(watchOS, unavailable)
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// `static var flexibleWidth: UIView.AutoresizingMask { get }`
        /// https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.struct/flexiblewidth
        @available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
        @available(watchOS, unavailable)
        public static var flexibleWidth: AutoresizingMask { AutoresizingMask(rawValue: 1 << 1) }
        /// `static var flexibleHeight: UIView.AutoresizingMask { get }`
        /// https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.struct/flexibleheight
        @available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
        @available(watchOS, unavailable)
        public static var flexibleHeight: AutoresizingMask { AutoresizingMask(rawValue: 1 << 4) }
    }
}

/// `@MainActor class UIViewController: UIResponder`
/// https://developer.apple.com/documentation/uikit/uiviewcontroller
@available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
@available(watchOS, unavailable)
@MainActor open class UIViewController: UIResponder {
    /// `var view: UIView! { get set }`
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/view
    @available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open var view: UIView! = nil
    /// `func viewDidLoad()`
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdidload()
    @available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open func viewDidLoad() {}
}

/// `@MainActor class UIWindow: UIView`
/// https://developer.apple.com/documentation/uikit/uiwindow
@available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
@available(watchOS, unavailable)
@MainActor open class UIWindow: UIView {}

/// `class UIImage: NSObject` (not main-actor isolated; documented `Sendable`)
/// https://developer.apple.com/documentation/uikit/uiimage
@available(iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
open class UIImage: NSObject, @unchecked Sendable {
    /// `init(cgImage: CGImage)`
    /// https://developer.apple.com/documentation/uikit/uiimage/init(cgimage:)-14qlb
    @available(iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
    public init(cgImage: CGImage) {}
}

/// `@MainActor class UIImageView: UIView`
/// https://developer.apple.com/documentation/uikit/uiimageview
@available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
@available(watchOS, unavailable)
@MainActor open class UIImageView: UIView {
    /// `var image: UIImage? { get set }`
    /// https://developer.apple.com/documentation/uikit/uiimageview/image
    @available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open var image: UIImage?
}

/// `@MainActor class UIApplication: UIResponder`
/// https://developer.apple.com/documentation/uikit/uiapplication
@available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
@available(watchOS, unavailable)
@MainActor open class UIApplication: UIResponder {
    /// `nonisolated class let didEnterBackgroundNotification: NSNotification.Name`
    /// https://developer.apple.com/documentation/uikit/uiapplication/didenterbackgroundnotification
    @available(iOS 4.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    public nonisolated static let didEnterBackgroundNotification = NSNotification.Name("UIApplicationDidEnterBackgroundNotification")
    /// `nonisolated class let willEnterForegroundNotification: NSNotification.Name`
    /// https://developer.apple.com/documentation/uikit/uiapplication/willenterforegroundnotification
    @available(iOS 4.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    public nonisolated static let willEnterForegroundNotification = NSNotification.Name("UIApplicationWillEnterForegroundNotification")
    /// `nonisolated class let didReceiveMemoryWarningNotification: NSNotification.Name`
    /// https://developer.apple.com/documentation/uikit/uiapplication/didreceivememorywarningnotification
    @available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    public nonisolated static let didReceiveMemoryWarningNotification = NSNotification.Name("UIApplicationDidReceiveMemoryWarningNotification")
}

/// `@MainActor class UIScrollView: UIView`
/// https://developer.apple.com/documentation/uikit/uiscrollview
@available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
@available(watchOS, unavailable)
@MainActor open class UIScrollView: UIView {}

/// `@MainActor class UITextView: UIScrollView`
/// https://developer.apple.com/documentation/uikit/uitextview
@available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
@available(watchOS, unavailable)
@MainActor open class UITextView: UIScrollView {
    /// `var textStorage: NSTextStorage { get }`
    /// https://developer.apple.com/documentation/uikit/uitextview/textstorage
    @available(iOS 7.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open var textStorage: NSTextStorage { NSTextStorage(string: "") }
    /// `var selectedRange: NSRange { get set }`
    /// https://developer.apple.com/documentation/uikit/uitextview/selectedrange
    @available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open var selectedRange = NSRange(location: 0, length: 0)
}

/// `@MainActor class UITableViewCell: UIView`
/// https://developer.apple.com/documentation/uikit/uitableviewcell
@available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
@available(watchOS, unavailable)
@MainActor open class UITableViewCell: UIView {
    /// `var contentView: UIView { get }`
    /// https://developer.apple.com/documentation/uikit/uitableviewcell/contentview
    @available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open var contentView: UIView { UIView(frame: .zero) }
    /// `func prepareForReuse()`
    /// https://developer.apple.com/documentation/uikit/uitableviewcell/prepareforreuse()
    @available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open func prepareForReuse() {}
}

/// `@MainActor class UICollectionReusableView: UIView`
/// https://developer.apple.com/documentation/uikit/uicollectionreusableview
@available(iOS 6.0, tvOS 9.0, visionOS 1.0, *)
@available(watchOS, unavailable)
@MainActor open class UICollectionReusableView: UIView {
    /// `func prepareForReuse()`
    /// https://developer.apple.com/documentation/uikit/uicollectionreusableview/prepareforreuse()
    @available(iOS 6.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open func prepareForReuse() {}
}

/// `@MainActor class UICollectionViewCell: UICollectionReusableView`
/// https://developer.apple.com/documentation/uikit/uicollectionviewcell
@available(iOS 6.0, tvOS 9.0, visionOS 1.0, *)
@available(watchOS, unavailable)
@MainActor open class UICollectionViewCell: UICollectionReusableView {
    /// `var contentView: UIView { get }`
    /// https://developer.apple.com/documentation/uikit/uicollectionviewcell/contentview
    @available(iOS 6.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open var contentView: UIView { UIView(frame: .zero) }
}

/// `class UIPasteboard: NSObject` (neither main-actor isolated nor documented `Sendable`; no
/// pasteboard on tvOS or watchOS: `API_UNAVAILABLE(tvos, watchos)` in UIPasteboard.h)
/// https://developer.apple.com/documentation/uikit/uipasteboard
@available(iOS 3.0, visionOS 1.0, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
open class UIPasteboard: NSObject {
    /// `class var general: UIPasteboard { get }`
    /// https://developer.apple.com/documentation/uikit/uipasteboard/general
    @available(iOS 3.0, visionOS 1.0, *)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    open class var general: UIPasteboard { UIPasteboard() }
    /// `var types: [String] { get }`
    /// https://developer.apple.com/documentation/uikit/uipasteboard/types
    @available(iOS 3.0, visionOS 1.0, *)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    open var types: [String] { [] }
    /// `func data(forPasteboardType pasteboardType: String) -> Data?`
    /// https://developer.apple.com/documentation/uikit/uipasteboard/data(forpasteboardtype:)
    @available(iOS 3.0, visionOS 1.0, *)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    open func data(forPasteboardType pasteboardType: String) -> Data? { nil }
}

/// `enum UIAccessibility` (a namespace; not isolated itself)
/// https://developer.apple.com/documentation/uikit/uiaccessibility
@available(iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public enum UIAccessibility {
    /// `@MainActor static var isReduceMotionEnabled: Bool { get }`
    /// https://developer.apple.com/documentation/uikit/uiaccessibility/isreducemotionenabled
    @available(iOS 8.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    @MainActor public static var isReduceMotionEnabled: Bool { false }
    /// `static let reduceMotionStatusDidChangeNotification: NSNotification.Name`
    /// https://developer.apple.com/documentation/uikit/uiaccessibility/reducemotionstatusdidchangenotification
    @available(iOS 8.0, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    public static let reduceMotionStatusDidChangeNotification = NSNotification.Name("UIAccessibilityReduceMotionStatusDidChangeNotification")
}

/// The view type of the TextKit 2 declarations in TextKit.swift (`UIView` in UIKit, `NSView` in
/// AppKit); not an Apple symbol.
public typealias TextKitView = UIView
