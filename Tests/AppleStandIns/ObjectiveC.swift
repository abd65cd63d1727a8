// Stand-in for the ObjectiveC module: the symbols Sources/ZoetropeUI uses. Each declaration gives
// Apple's declaration, the page it was taken from, and its availability on the platforms
// Package.swift declares (checked by scripts/apple-availability).

/// `@frozen struct Selector` (what `#selector` produces; documented `Sendable`)
/// https://developer.apple.com/documentation/objectivec/selector
@available(macOS 10.0, iOS 1.0, tvOS 1.0, watchOS 1.0, visionOS 1.0, *)
public struct Selector: Hashable, @unchecked Sendable {
    // The compiler lowers `#selector` to this layout (a pointer to the selector's name), as in the SDK.
    var ptr: OpaquePointer?
    /// `init(_ str: String)`
    /// https://developer.apple.com/documentation/objectivec/selector/init(_:)
    @available(macOS 10.0, iOS 1.0, tvOS 1.0, watchOS 1.0, visionOS 1.0, *)
    public init(_ str: String) { ptr = nil }
}

/// `enum objc_AssociationPolicy: UInt` (documented `Sendable`)
/// https://developer.apple.com/documentation/objectivec/objc_associationpolicy
@available(macOS 10.6, iOS 3.1, tvOS 9.0, watchOS 1.0, visionOS 1.0, *)
public enum objc_AssociationPolicy: UInt, Sendable {
    case OBJC_ASSOCIATION_ASSIGN = 0
    case OBJC_ASSOCIATION_RETAIN_NONATOMIC = 1
    case OBJC_ASSOCIATION_COPY_NONATOMIC = 3
    case OBJC_ASSOCIATION_RETAIN = 769
    case OBJC_ASSOCIATION_COPY = 771
}

/// `func objc_setAssociatedObject(_ object: Any, _ key: UnsafeRawPointer, _ value: Any?, _ policy: objc_AssociationPolicy)`
/// https://developer.apple.com/documentation/objectivec/objc_setassociatedobject(_:_:_:_:)
@available(macOS 10.6, iOS 3.1, tvOS 9.0, watchOS 1.0, visionOS 1.0, *)
public func objc_setAssociatedObject(_ object: Any, _ key: UnsafeRawPointer, _ value: Any?,
                                     _ policy: objc_AssociationPolicy) {}

/// `func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any?`
/// https://developer.apple.com/documentation/objectivec/objc_getassociatedobject(_:_:)
@available(macOS 10.6, iOS 3.1, tvOS 9.0, watchOS 1.0, visionOS 1.0, *)
public func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any? { nil }
