// Stand-in for AppKit: the symbols Sources/ZoetropeUI uses, and the members of the classes it
// subclasses that a subclass could override or hide by accident (`prepareForReuse()`, `layout()`,
// `display()`, …). Each declaration gives Apple's declaration, the page it was taken from, its
// isolation and `Sendable` as documented, and its macOS availability (checked by
// scripts/apple-availability). A page that gives no version means macOS 10.0.
@_exported import Foundation
@_exported import QuartzCore
import ObjectiveC

/// `@MainActor class NSResponder: NSObject`
/// https://developer.apple.com/documentation/appkit/nsresponder
@available(macOS 10.0, *)
@MainActor open class NSResponder: NSObject {}

/// `@MainActor class NSView: NSResponder`
/// https://developer.apple.com/documentation/appkit/nsview
@available(macOS 10.0, *)
@MainActor open class NSView: NSResponder {
    /// `init(frame frameRect: NSRect)`
    /// https://developer.apple.com/documentation/appkit/nsview/init(frame:)
    @available(macOS 10.0, *)
    public init(frame frameRect: NSRect) {}
    /// `init?(coder: NSCoder)`
    /// https://developer.apple.com/documentation/appkit/nsview/init(coder:)
    @available(macOS 10.0, *)
    public required init?(coder: NSCoder) {}
    /// `var frame: NSRect { get set }`
    /// https://developer.apple.com/documentation/appkit/nsview/frame
    @available(macOS 10.0, *)
    open var frame = NSRect.zero
    /// `var bounds: NSRect { get set }`
    /// https://developer.apple.com/documentation/appkit/nsview/bounds
    @available(macOS 10.0, *)
    open var bounds = NSRect.zero
    /// `var wantsLayer: Bool { get set }`
    /// https://developer.apple.com/documentation/appkit/nsview/wantslayer
    @available(macOS 10.5, *)
    open var wantsLayer = false
    /// `var layer: CALayer? { get set }`
    /// https://developer.apple.com/documentation/appkit/nsview/layer
    @available(macOS 10.5, *)
    open var layer: CALayer?
    /// `unowned(unsafe) var window: NSWindow? { get }`
    /// https://developer.apple.com/documentation/appkit/nsview/window
    @available(macOS 10.0, *)
    open var window: NSWindow? { nil }
    /// `unowned(unsafe) var superview: NSView? { get }`
    /// https://developer.apple.com/documentation/appkit/nsview/superview
    @available(macOS 10.0, *)
    open var superview: NSView? { nil }
    /// `var isHidden: Bool { get set }`
    /// https://developer.apple.com/documentation/appkit/nsview/ishidden
    @available(macOS 10.0, *)
    open var isHidden = false
    /// `var autoresizingMask: NSView.AutoresizingMask { get set }`
    /// https://developer.apple.com/documentation/appkit/nsview/autoresizingmask-swift.property
    @available(macOS 10.0, *)
    open var autoresizingMask: AutoresizingMask = []
    /// `func addSubview(_ view: NSView)`
    /// https://developer.apple.com/documentation/appkit/nsview/addsubview(_:)
    @available(macOS 10.0, *)
    open func addSubview(_ view: NSView) {}
    /// `func removeFromSuperview()`
    /// https://developer.apple.com/documentation/appkit/nsview/removefromsuperview()
    @available(macOS 10.0, *)
    open func removeFromSuperview() {}
    /// `func viewWillMove(toWindow newWindow: NSWindow?)`
    /// https://developer.apple.com/documentation/appkit/nsview/viewwillmove(towindow:)
    @available(macOS 10.0, *)
    open func viewWillMove(toWindow newWindow: NSWindow?) {}
    /// `func viewDidMoveToWindow()`
    /// https://developer.apple.com/documentation/appkit/nsview/viewdidmovetowindow()
    @available(macOS 10.0, *)
    open func viewDidMoveToWindow() {}
    /// `func viewDidMoveToSuperview()`
    /// https://developer.apple.com/documentation/appkit/nsview/viewdidmovetosuperview()
    @available(macOS 10.0, *)
    open func viewDidMoveToSuperview() {}
    /// `func viewDidHide()`
    /// https://developer.apple.com/documentation/appkit/nsview/viewdidhide()
    @available(macOS 10.5, *)
    open func viewDidHide() {}
    /// `func viewDidUnhide()`
    /// https://developer.apple.com/documentation/appkit/nsview/viewdidunhide()
    @available(macOS 10.5, *)
    open func viewDidUnhide() {}
    /// `func prepareForReuse()`: restores the view to an initial state (alpha 1, not hidden).
    /// https://developer.apple.com/documentation/appkit/nsview/prepareforreuse()
    @available(macOS 10.7, *)
    open func prepareForReuse() {}
    /// `func layout()`
    /// https://developer.apple.com/documentation/appkit/nsview/layout()
    @available(macOS 10.7, *)
    open func layout() {}
    /// `var needsLayout: Bool { get set }`
    /// https://developer.apple.com/documentation/appkit/nsview/needslayout
    @available(macOS 10.7, *)
    open var needsLayout = false
    /// `func display()`
    /// https://developer.apple.com/documentation/appkit/nsview/display()
    @available(macOS 10.0, *)
    open func display() {}
    /// `func draw(_ dirtyRect: NSRect)`
    /// https://developer.apple.com/documentation/appkit/nsview/draw(_:)
    @available(macOS 10.0, *)
    open func draw(_ dirtyRect: NSRect) {}
    /// `func updateLayer()`
    /// https://developer.apple.com/documentation/appkit/nsview/updatelayer()
    @available(macOS 10.8, *)
    open func updateLayer() {}
    /// `var intrinsicContentSize: NSSize { get }`
    /// https://developer.apple.com/documentation/appkit/nsview/intrinsiccontentsize
    @available(macOS 10.7, *)
    open var intrinsicContentSize: NSSize { .zero }
    /// `func invalidateIntrinsicContentSize()`
    /// https://developer.apple.com/documentation/appkit/nsview/invalidateintrinsiccontentsize()
    @available(macOS 10.7, *)
    open func invalidateIntrinsicContentSize() {}
    /// `class let noIntrinsicMetric: CGFloat` (not main-actor isolated)
    /// https://developer.apple.com/documentation/appkit/nsview/nointrinsicmetric
    @available(macOS 10.11, *)
    public nonisolated static let noIntrinsicMetric: CGFloat = -1
    /// `func displayLink(target: Any, selector: Selector) -> CADisplayLink`
    /// https://developer.apple.com/documentation/appkit/nsview/displaylink(target:selector:)
    @available(macOS 14.0, *)
    open func displayLink(target: Any, selector: Selector) -> CADisplayLink {
        CADisplayLink(target: target, selector: selector)
    }
}

extension NSView {
    /// `struct NSView.AutoresizingMask: OptionSet` (documented `Sendable`)
    /// https://developer.apple.com/documentation/appkit/nsview/autoresizingmask-swift.struct
    @available(macOS 10.0, *)
    public struct AutoresizingMask: OptionSet, Sendable {
        /// `let rawValue: UInt`
        /// https://developer.apple.com/documentation/appkit/nsview/autoresizingmask-swift.struct/rawvalue
        @available(macOS 10.0, *)
        public let rawValue: UInt
        /// `init(rawValue: UInt)`
        /// https://developer.apple.com/documentation/appkit/nsview/autoresizingmask-swift.struct/init(rawvalue:)
        @available(macOS 10.0, *)
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// `static var width: NSView.AutoresizingMask { get }`
        /// https://developer.apple.com/documentation/appkit/nsview/autoresizingmask-swift.struct/width
        @available(macOS 10.0, *)
        public static var width: AutoresizingMask { AutoresizingMask(rawValue: 2) }
        /// `static var height: NSView.AutoresizingMask { get }`
        /// https://developer.apple.com/documentation/appkit/nsview/autoresizingmask-swift.struct/height
        @available(macOS 10.0, *)
        public static var height: AutoresizingMask { AutoresizingMask(rawValue: 16) }
    }
}

/// `@MainActor class NSWindow: NSResponder`
/// https://developer.apple.com/documentation/appkit/nswindow
@available(macOS 10.0, *)
@MainActor open class NSWindow: NSResponder {}

/// `@MainActor class NSApplication: NSResponder`
/// https://developer.apple.com/documentation/appkit/nsapplication
@available(macOS 10.0, *)
@MainActor open class NSApplication: NSResponder {
    /// `class let didHideNotification: NSNotification.Name` (not main-actor isolated)
    /// https://developer.apple.com/documentation/appkit/nsapplication/didhidenotification
    @available(macOS 10.0, *)
    public nonisolated static let didHideNotification = NSNotification.Name("NSApplicationDidHideNotification")
    /// `class let didUnhideNotification: NSNotification.Name` (not main-actor isolated)
    /// https://developer.apple.com/documentation/appkit/nsapplication/didunhidenotification
    @available(macOS 10.0, *)
    public nonisolated static let didUnhideNotification = NSNotification.Name("NSApplicationDidUnhideNotification")
}

/// `@MainActor class NSText: NSView`
/// https://developer.apple.com/documentation/appkit/nstext
@available(macOS 10.0, *)
@MainActor open class NSText: NSView {
    /// `var selectedRange: NSRange { get set }`
    /// https://developer.apple.com/documentation/appkit/nstext/selectedrange
    @available(macOS 10.0, *)
    open var selectedRange = NSRange(location: 0, length: 0)
    /// `func paste(_ sender: Any?)`
    /// https://developer.apple.com/documentation/appkit/nstext/paste(_:)
    @available(macOS 10.0, *)
    open func paste(_ sender: Any?) {}
}

/// `@MainActor class NSTextView: NSText`
/// https://developer.apple.com/documentation/appkit/nstextview
@available(macOS 10.0, *)
@MainActor open class NSTextView: NSText {
    /// `func selectedRange() -> NSRange`, NSTextView's implementation of the `NSTextInputClient`
    /// requirement (the stand-in declares no protocol: only NSTextView adopts it here).
    /// https://developer.apple.com/documentation/appkit/nstextinputclient/selectedrange()
    @available(macOS 10.5, *)
    open func selectedRange() -> NSRange { NSRange(location: 0, length: 0) }
    /// `func insertText(_ string: Any, replacementRange: NSRange)`, NSTextView's implementation of
    /// the `NSTextInputClient` requirement.
    /// https://developer.apple.com/documentation/appkit/nstextinputclient/inserttext(_:replacementrange:)
    @available(macOS 10.5, *)
    open func insertText(_ string: Any, replacementRange: NSRange) {}
}

/// `@MainActor class NSTableCellView: NSView` (`prepareForReuse()` is NSView's)
/// https://developer.apple.com/documentation/appkit/nstablecellview
@available(macOS 10.7, *)
@MainActor open class NSTableCellView: NSView {}

/// `class NSPasteboard: NSObject` (neither main-actor isolated nor documented `Sendable`)
/// https://developer.apple.com/documentation/appkit/nspasteboard
@available(macOS 10.0, *)
open class NSPasteboard: NSObject {
    /// `struct NSPasteboard.PasteboardType: RawRepresentable, Hashable` (documented `Sendable`)
    /// https://developer.apple.com/documentation/appkit/nspasteboard/pasteboardtype
    @available(macOS 10.0, *)
    public struct PasteboardType: RawRepresentable, Hashable, Sendable {
        /// `let rawValue: String`
        /// https://developer.apple.com/documentation/appkit/nspasteboard/pasteboardtype/rawvalue
        @available(macOS 10.0, *)
        public let rawValue: String
        /// `init(rawValue: String)`
        /// https://developer.apple.com/documentation/appkit/nspasteboard/pasteboardtype/init(rawvalue:)
        @available(macOS 10.0, *)
        public init(rawValue: String) { self.rawValue = rawValue }
        /// `init(_ rawValue: String)`
        /// https://developer.apple.com/documentation/appkit/nspasteboard/pasteboardtype/init(_:)
        @available(macOS 10.0, *)
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }
    /// `class var general: NSPasteboard { get }`
    /// https://developer.apple.com/documentation/appkit/nspasteboard/general
    @available(macOS 10.0, *)
    open class var general: NSPasteboard { NSPasteboard() }
    /// `var types: [NSPasteboard.PasteboardType]? { get }`
    /// https://developer.apple.com/documentation/appkit/nspasteboard/types
    @available(macOS 10.0, *)
    open var types: [PasteboardType]? { nil }
    /// `func data(forType dataType: NSPasteboard.PasteboardType) -> Data?`
    /// https://developer.apple.com/documentation/appkit/nspasteboard/data(fortype:)
    @available(macOS 10.0, *)
    open func data(forType dataType: PasteboardType) -> Data? { nil }
}

/// `class NSWorkspace: NSObject` (neither main-actor isolated nor documented `Sendable`)
/// https://developer.apple.com/documentation/appkit/nsworkspace
@available(macOS 10.0, *)
open class NSWorkspace: NSObject {
    /// `class var shared: NSWorkspace { get }`
    /// https://developer.apple.com/documentation/appkit/nsworkspace/shared
    @available(macOS 10.0, *)
    open class var shared: NSWorkspace { NSWorkspace() }
    /// `var notificationCenter: NotificationCenter { get }`
    /// https://developer.apple.com/documentation/appkit/nsworkspace/notificationcenter
    @available(macOS 10.0, *)
    open var notificationCenter: NotificationCenter { .default }
    /// `var accessibilityDisplayShouldReduceMotion: Bool { get }`
    /// https://developer.apple.com/documentation/appkit/nsworkspace/accessibilitydisplayshouldreducemotion
    @available(macOS 10.12, *)
    open var accessibilityDisplayShouldReduceMotion: Bool { false }
    /// `class let accessibilityDisplayOptionsDidChangeNotification: NSNotification.Name`
    /// https://developer.apple.com/documentation/appkit/nsworkspace/accessibilitydisplayoptionsdidchangenotification
    @available(macOS 10.10, *)
    public static let accessibilityDisplayOptionsDidChangeNotification = NSNotification.Name("NSWorkspaceAccessibilityDisplayOptionsDidChangeNotification")
}

/// The view type of the TextKit 2 declarations in TextKit.swift (`UIView` in UIKit, `NSView` in
/// AppKit); not an Apple symbol.
public typealias TextKitView = NSView
