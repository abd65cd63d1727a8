// Stand-in for the ObjectiveC module: the symbols Sources/ZoetropeUI uses.

/// `Selector` (what `#selector` produces).
public struct Selector: Hashable, Sendable {
    public init(_ name: String) {}
}

/// `objc_AssociationPolicy`.
public enum objc_AssociationPolicy: UInt, Sendable {
    case OBJC_ASSOCIATION_ASSIGN = 0
    case OBJC_ASSOCIATION_RETAIN_NONATOMIC = 1
    case OBJC_ASSOCIATION_COPY_NONATOMIC = 3
    case OBJC_ASSOCIATION_RETAIN = 769
    case OBJC_ASSOCIATION_COPY = 771
}

/// `func objc_setAssociatedObject(_ object: Any, _ key: UnsafeRawPointer, _ value: Any?, _ policy: objc_AssociationPolicy)`
public func objc_setAssociatedObject(_ object: Any, _ key: UnsafeRawPointer, _ value: Any?,
                                     _ policy: objc_AssociationPolicy) {}

/// `func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any?`
public func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any? { nil }
