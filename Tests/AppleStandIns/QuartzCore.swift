// Stand-in for QuartzCore: the symbols Sources/ZoetropeUI uses. None of these classes is documented
// as main-actor isolated or `Sendable`. Each declaration gives Apple's declaration, the page it was
// taken from, and its availability on the platforms Package.swift declares whose SDK has QuartzCore
// (not watchOS), checked by scripts/apple-availability.
@_exported import CoreGraphics
import ObjectiveC

/// CoreFoundation's `typealias CFTimeInterval = Double`
/// https://developer.apple.com/documentation/corefoundation/cftimeinterval
@available(macOS 10.0, iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public typealias CFTimeInterval = Double

/// `class CALayer: NSObject`
/// https://developer.apple.com/documentation/quartzcore/calayer
@available(macOS 10.5, iOS 2.0, tvOS 9.0, visionOS 1.0, *)
open class CALayer: NSObject {
    /// `init()`
    /// https://developer.apple.com/documentation/quartzcore/calayer/init()
    @available(macOS 10.5, iOS 2.0, tvOS 9.0, visionOS 1.0, *)
    public override init() {}
    /// `var frame: CGRect { get set }`
    /// https://developer.apple.com/documentation/quartzcore/calayer/frame
    @available(macOS 10.5, iOS 2.0, tvOS 9.0, visionOS 1.0, *)
    open var frame = CGRect.zero
    /// `var contents: Any? { get set }`
    /// https://developer.apple.com/documentation/quartzcore/calayer/contents
    @available(macOS 10.5, iOS 2.0, tvOS 9.0, visionOS 1.0, *)
    open var contents: Any?
    /// `func addSublayer(_ layer: CALayer)`
    /// https://developer.apple.com/documentation/quartzcore/calayer/addsublayer(_:)
    @available(macOS 10.5, iOS 2.0, tvOS 9.0, visionOS 1.0, *)
    open func addSublayer(_ layer: CALayer) {}
}

/// `class CATransaction: NSObject`
/// https://developer.apple.com/documentation/quartzcore/catransaction
@available(macOS 10.5, iOS 2.0, tvOS 9.0, visionOS 1.0, *)
open class CATransaction: NSObject {
    /// `class func begin()`
    /// https://developer.apple.com/documentation/quartzcore/catransaction/begin()
    @available(macOS 10.5, iOS 2.0, tvOS 9.0, visionOS 1.0, *)
    open class func begin() {}
    /// `class func commit()`
    /// https://developer.apple.com/documentation/quartzcore/catransaction/commit()
    @available(macOS 10.5, iOS 2.0, tvOS 9.0, visionOS 1.0, *)
    open class func commit() {}
    /// `class func setDisableActions(_ flag: Bool)`
    /// https://developer.apple.com/documentation/quartzcore/catransaction/setdisableactions(_:)
    @available(macOS 10.5, iOS 2.0, tvOS 9.0, visionOS 1.0, *)
    open class func setDisableActions(_ flag: Bool) {}
}

/// `class CADisplayLink: NSObject` (macOS 14: made by a view, window or screen, not by this initializer)
/// https://developer.apple.com/documentation/quartzcore/cadisplaylink
@available(macOS 14.0, iOS 3.1, tvOS 9.0, visionOS 1.0, *)
open class CADisplayLink: NSObject {
    /// `init(target: Any, selector sel: Selector)`; the selector's method is
    /// `@objc func selector(sender: CADisplayLink)`. Not on macOS.
    /// https://developer.apple.com/documentation/quartzcore/cadisplaylink/init(target:selector:)
    @available(iOS 3.1, tvOS 9.0, visionOS 1.0, *)
    @available(macOS, unavailable)
    public init(target: Any, selector sel: Selector) {}
    /// `func add(to runloop: RunLoop, forMode mode: RunLoop.Mode)`
    /// https://developer.apple.com/documentation/quartzcore/cadisplaylink/add(to:formode:)
    @available(macOS 14.0, iOS 3.1, tvOS 9.0, visionOS 1.0, *)
    open func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {}
    /// `func invalidate()`
    /// https://developer.apple.com/documentation/quartzcore/cadisplaylink/invalidate()
    @available(macOS 14.0, iOS 3.1, tvOS 9.0, visionOS 1.0, *)
    open func invalidate() {}
    /// `var isPaused: Bool { get set }`
    /// https://developer.apple.com/documentation/quartzcore/cadisplaylink/ispaused
    @available(macOS 14.0, iOS 3.1, tvOS 9.0, visionOS 1.0, *)
    open var isPaused = false
    /// `var timestamp: CFTimeInterval { get }`
    /// https://developer.apple.com/documentation/quartzcore/cadisplaylink/timestamp
    @available(macOS 14.0, iOS 3.1, tvOS 9.0, visionOS 1.0, *)
    open var timestamp: CFTimeInterval { 0 }
    /// `var targetTimestamp: CFTimeInterval { get }`
    /// https://developer.apple.com/documentation/quartzcore/cadisplaylink/targettimestamp
    @available(macOS 14.0, iOS 10.0, tvOS 10.0, visionOS 1.0, *)
    open var targetTimestamp: CFTimeInterval { 0 }
}
