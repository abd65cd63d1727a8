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
    /// `class let noIntrinsicMetric: CGFloat`
    public static let noIntrinsicMetric: CGFloat = -1
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
