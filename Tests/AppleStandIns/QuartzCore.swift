// Stand-in for QuartzCore: the symbols Sources/ZoetropeUI uses. Neither class is documented as
// main-actor isolated or Sendable.
@_exported import CoreGraphics
import ObjectiveC

/// `typealias CFTimeInterval = Double`
public typealias CFTimeInterval = Double

/// `class CALayer: NSObject`
open class CALayer: NSObject {
    public override init() {}
    /// `var frame: CGRect`
    open var frame = CGRect.zero
    /// `var contents: Any?`
    open var contents: Any?
    /// `func addSublayer(_ layer: CALayer)`
    open func addSublayer(_ layer: CALayer) {}
}

/// `class CATransaction: NSObject`
open class CATransaction: NSObject {
    /// `class func begin()`
    open class func begin() {}
    /// `class func commit()`
    open class func commit() {}
    /// `class func setDisableActions(_ flag: Bool)`
    open class func setDisableActions(_ flag: Bool) {}
}

/// `class CADisplayLink: NSObject`
public final class CADisplayLink: NSObject {
    /// `init(target: Any, selector sel: Selector)`
    public init(target: Any, selector sel: Selector) {}
    /// `func add(to runloop: RunLoop, forMode mode: RunLoop.Mode)`
    public func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {}
    /// `func invalidate()`
    public func invalidate() {}
    /// `var isPaused: Bool`
    public var isPaused = false
    /// `var timestamp: CFTimeInterval { get }`
    public var timestamp: CFTimeInterval { 0 }
    /// `var targetTimestamp: CFTimeInterval { get }`
    public var targetTimestamp: CFTimeInterval { 0 }
}
