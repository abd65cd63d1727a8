// Stand-in for UIKit: the symbols Sources/ZoetropeUI uses, main-actor isolated as in the SDK.
@_exported import Foundation
@_exported import QuartzCore

/// `@MainActor class UIResponder: NSObject`
@MainActor open class UIResponder: NSObject {}

/// `@MainActor class UIView: UIResponder`
@MainActor open class UIView: UIResponder {
    /// `init(frame: CGRect)`
    public init(frame: CGRect) {}
    /// `init?(coder: NSCoder)`
    public required init?(coder: NSCoder) {}
    /// `var frame: CGRect`
    open var frame = CGRect.zero
    /// `var bounds: CGRect`
    open var bounds = CGRect.zero
    /// `var layer: CALayer { get }`
    open var layer: CALayer { CALayer() }
    /// `var window: UIWindow? { get }`
    open var window: UIWindow? { nil }
    /// `var isHidden: Bool`
    open var isHidden = false
    /// `func didMoveToWindow()`
    open func didMoveToWindow() {}
    /// `func layoutSubviews()`
    open func layoutSubviews() {}
    /// `var intrinsicContentSize: CGSize { get }`
    open var intrinsicContentSize: CGSize { .zero }
    /// `func invalidateIntrinsicContentSize()`
    open func invalidateIntrinsicContentSize() {}
    /// `func setNeedsLayout()`
    open func setNeedsLayout() {}
    /// `func addSubview(_ view: UIView)`
    open func addSubview(_ view: UIView) {}
    /// `class let noIntrinsicMetric: CGFloat`
    public static let noIntrinsicMetric: CGFloat = -1
}

/// `@MainActor class UIViewController: UIResponder`
@MainActor open class UIViewController: UIResponder {
    /// `var view: UIView!`
    open var view: UIView! = nil
    /// `func viewDidLoad()`
    open func viewDidLoad() {}
}

/// `@MainActor class UIWindow: UIView`
@MainActor open class UIWindow: UIView {}

/// `class UIImage: NSObject` — documented as Sendable.
open class UIImage: NSObject, @unchecked Sendable {
    /// `init(cgImage: CGImage)`
    public init(cgImage: CGImage) {}
}

/// `@MainActor class UIImageView: UIView`
@MainActor open class UIImageView: UIView {
    /// `var image: UIImage?`
    open var image: UIImage?
}

/// `@MainActor class UIApplication: UIResponder`
@MainActor open class UIApplication: UIResponder {
    /// `nonisolated class let didEnterBackgroundNotification: NSNotification.Name`
    public nonisolated static let didEnterBackgroundNotification = NSNotification.Name("UIApplicationDidEnterBackgroundNotification")
    /// `nonisolated class let willEnterForegroundNotification: NSNotification.Name`
    public nonisolated static let willEnterForegroundNotification = NSNotification.Name("UIApplicationWillEnterForegroundNotification")
    /// `nonisolated class let didReceiveMemoryWarningNotification: NSNotification.Name`
    public nonisolated static let didReceiveMemoryWarningNotification = NSNotification.Name("UIApplicationDidReceiveMemoryWarningNotification")
}

// MARK: Animated attachments and chat cells (Sources/ZoetropeUI/AnimatedAttachment*, Chat*)

extension UIView {
    /// `func removeFromSuperview()`
    public func removeFromSuperview() {}
    /// `var superview: UIView? { get }`
    public var superview: UIView? { nil }
}

/// `@MainActor class UIScrollView: UIView`
@MainActor open class UIScrollView: UIView {}

/// `@MainActor class UITextView: UIScrollView`
@MainActor open class UITextView: UIScrollView {
    /// `var textStorage: NSTextStorage { get }`
    open var textStorage: NSTextStorage { NSTextStorage(string: "") }
    /// `var selectedRange: NSRange`
    open var selectedRange = NSRange(location: 0, length: 0)
    /// `func paste(_ sender: Any?)` (UIResponderStandardEditActions)
    open func paste(_ sender: Any?) {}
}

/// `@MainActor class UITableViewCell: UIView`
@MainActor open class UITableViewCell: UIView {
    /// `var contentView: UIView { get }`
    open var contentView: UIView { UIView(frame: .zero) }
    /// `func prepareForReuse()`
    open func prepareForReuse() {}
}

/// `@MainActor class UICollectionViewCell: UICollectionReusableView` (flattened here)
@MainActor open class UICollectionViewCell: UIView {
    /// `var contentView: UIView { get }`
    open var contentView: UIView { UIView(frame: .zero) }
    /// `func prepareForReuse()`
    open func prepareForReuse() {}
}

/// `class UIPasteboard: NSObject`
open class UIPasteboard: NSObject {
    /// `class var general: UIPasteboard { get }`
    open class var general: UIPasteboard { UIPasteboard() }
    /// `var types: [String] { get }`
    open var types: [String] { [] }
    /// `func data(forPasteboardType pasteboardType: String) -> Data?`
    open func data(forPasteboardType pasteboardType: String) -> Data? { nil }
}

/// `@MainActor enum UIAccessibility` (a namespace)
@MainActor public enum UIAccessibility {
    /// `static var isReduceMotionEnabled: Bool { get }`
    public static var isReduceMotionEnabled: Bool { false }
    /// `nonisolated static let reduceMotionStatusDidChangeNotification: NSNotification.Name`
    public nonisolated static let reduceMotionStatusDidChangeNotification = NSNotification.Name("UIAccessibilityReduceMotionStatusDidChangeNotification")
}

/// The view type of the TextKit 2 declarations in TextKit.swift (`UIView` in UIKit, `NSView` in
/// AppKit); not an Apple symbol.
public typealias TextKitView = UIView

extension UIView {
    /// `struct UIView.AutoresizingMask: OptionSet, Sendable`
    public struct AutoresizingMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    }
    /// `var autoresizingMask: UIView.AutoresizingMask` (set here only)
    public var autoresizingMask: AutoresizingMask {
        get { [] }
        set {}
    }
}
