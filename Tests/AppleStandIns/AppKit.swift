// Stand-in for AppKit: the symbols Sources/ZoetropeUI uses, main-actor isolated as in the SDK.
@_exported import Foundation
@_exported import QuartzCore
import ObjectiveC

/// `@MainActor class NSResponder: NSObject`
@MainActor open class NSResponder: NSObject {}

/// `@MainActor class NSView: NSResponder`
@MainActor open class NSView: NSResponder {
    /// `init(frame frameRect: NSRect)`
    public init(frame frameRect: NSRect) {}
    /// `init?(coder: NSCoder)`
    public required init?(coder: NSCoder) {}
    /// `var frame: NSRect`
    open var frame = NSRect.zero
    /// `var bounds: NSRect`
    open var bounds = NSRect.zero
    /// `var wantsLayer: Bool`
    open var wantsLayer = false
    /// `var layer: CALayer?`
    open var layer: CALayer?
    /// `var window: NSWindow? { get }`
    open var window: NSWindow? { nil }
    /// `func viewDidMoveToWindow()`
    open func viewDidMoveToWindow() {}
    /// `func viewDidHide()`
    open func viewDidHide() {}
    /// `func viewDidUnhide()`
    open func viewDidUnhide() {}
    /// `func layout()`
    open func layout() {}
    /// `var needsLayout: Bool`
    open var needsLayout = false
    /// `var intrinsicContentSize: NSSize { get }`
    open var intrinsicContentSize: NSSize { .zero }
    /// `func invalidateIntrinsicContentSize()`
    open func invalidateIntrinsicContentSize() {}
    /// `class let noIntrinsicMetric: CGFloat`
    public static let noIntrinsicMetric: CGFloat = -1
    /// `@available(macOS 14.0, *) func displayLink(target: Any, selector: Selector) -> CADisplayLink`
    @available(macOS 14.0, *)
    open func displayLink(target: Any, selector: Selector) -> CADisplayLink {
        CADisplayLink(target: target, selector: selector)
    }
}

/// `@MainActor class NSWindow: NSResponder`
@MainActor open class NSWindow: NSResponder {}

/// `@MainActor class NSApplication: NSResponder`
@MainActor open class NSApplication: NSResponder {
    /// `nonisolated class let didHideNotification: NSNotification.Name`
    public nonisolated static let didHideNotification = NSNotification.Name("NSApplicationDidHideNotification")
    /// `nonisolated class let didUnhideNotification: NSNotification.Name`
    public nonisolated static let didUnhideNotification = NSNotification.Name("NSApplicationDidUnhideNotification")
}
