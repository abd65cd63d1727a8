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

// MARK: Animated attachments and chat cells (Sources/ZoetropeUI/AnimatedAttachment*, Chat*)

extension NSView {
    /// `func addSubview(_ view: NSView)`
    public func addSubview(_ view: NSView) {}
    /// `func removeFromSuperview()`
    public func removeFromSuperview() {}
    /// `var superview: NSView? { get }`
    public var superview: NSView? { nil }
    /// `var isHidden: Bool` (read here; set by the app)
    public var isHidden: Bool { false }
}

/// `@MainActor class NSText: NSView`
@MainActor open class NSText: NSView {}

/// `@MainActor class NSTextView: NSText`
@MainActor open class NSTextView: NSText {
    /// `func selectedRange() -> NSRange`
    open func selectedRange() -> NSRange { NSRange(location: 0, length: 0) }
    /// `func insertText(_ string: Any, replacementRange: NSRange)`
    open func insertText(_ string: Any, replacementRange: NSRange) {}
    /// `func paste(_ sender: Any?)`
    open func paste(_ sender: Any?) {}
}

/// `@MainActor class NSTableCellView: NSView`
@MainActor open class NSTableCellView: NSView {
    /// `func prepareForReuse()` (declared on NSView)
    open func prepareForReuse() {}
}

/// `class NSPasteboard: NSObject`
open class NSPasteboard: NSObject {
    /// `struct NSPasteboard.PasteboardType: RawRepresentable, Hashable, Sendable`
    public struct PasteboardType: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }
    /// `class var general: NSPasteboard { get }`
    open class var general: NSPasteboard { NSPasteboard() }
    /// `var types: [NSPasteboard.PasteboardType]? { get }`
    open var types: [PasteboardType]? { nil }
    /// `func data(forType dataType: NSPasteboard.PasteboardType) -> Data?`
    open func data(forType dataType: PasteboardType) -> Data? { nil }
}

/// `class NSWorkspace: NSObject`
open class NSWorkspace: NSObject, @unchecked Sendable {
    /// `class var shared: NSWorkspace { get }`
    open class var shared: NSWorkspace { NSWorkspace() }
    /// `var notificationCenter: NotificationCenter { get }`
    open var notificationCenter: NotificationCenter { .default }
    /// `var accessibilityDisplayShouldReduceMotion: Bool { get }`
    open var accessibilityDisplayShouldReduceMotion: Bool { false }
    /// `class let accessibilityDisplayOptionsDidChangeNotification: NSNotification.Name`
    public static let accessibilityDisplayOptionsDidChangeNotification = NSNotification.Name("NSWorkspaceAccessibilityDisplayOptionsDidChangeNotification")
}

/// The view type of the TextKit 2 declarations in TextKit.swift (`UIView` in UIKit, `NSView` in
/// AppKit); not an Apple symbol.
public typealias TextKitView = NSView

extension NSView {
    /// `struct NSView.AutoresizingMask: OptionSet, Sendable`
    public struct AutoresizingMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let width = AutoresizingMask(rawValue: 2)
        public static let height = AutoresizingMask(rawValue: 16)
    }
    /// `var autoresizingMask: NSView.AutoresizingMask` (set here only)
    public var autoresizingMask: AutoresizingMask {
        get { [] }
        set {}
    }
}
