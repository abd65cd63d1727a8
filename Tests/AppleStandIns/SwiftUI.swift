// Stand-in for SwiftUI: the symbols Sources/ZoetropeUI uses, main-actor isolated as in the
// Xcode 16 SDK. Built once against the UIKit stand-in and once against the AppKit one.
#if canImport(UIKit)
import UIKit
#else
import AppKit
#endif

/// `@MainActor @preconcurrency protocol View`
@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// `extension Never: View`
extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// `@resultBuilder struct ViewBuilder`
@resultBuilder public struct ViewBuilder {
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
}

/// `@propertyWrapper @dynamicMemberLookup struct Binding<Value>` (not declared Sendable here).
@propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
    private let value: Value
    /// `static func constant(_ value: Value) -> Binding<Value>`
    public static func constant(_ value: Value) -> Binding<Value> { Binding(value: value) }
    private init(value: Value) { self.value = value }
    /// `var wrappedValue: Value { get nonmutating set }`
    public var wrappedValue: Value {
        get { value }
        nonmutating set {}
    }
    /// `var projectedValue: Binding<Value> { get }`
    public var projectedValue: Binding<Value> { self }
    /// `subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> { get }`
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(value: value[keyPath: keyPath])
    }
}

#if canImport(UIKit)
/// `@MainActor @preconcurrency protocol UIViewRepresentable: View where Self.Body == Never`
@MainActor @preconcurrency public protocol UIViewRepresentable: View where Self.Body == Never {
    associatedtype UIViewType: UIView
    associatedtype Coordinator = Void
    typealias Context = UIViewRepresentableContext<Self>
    @MainActor @preconcurrency func makeUIView(context: Self.Context) -> Self.UIViewType
    @MainActor @preconcurrency func updateUIView(_ uiView: Self.UIViewType, context: Self.Context)
    @MainActor @preconcurrency func makeCoordinator() -> Self.Coordinator
}

extension UIViewRepresentable where Self.Coordinator == Void {
    public func makeCoordinator() {}
}

extension UIViewRepresentable where Self.Body == Never {
    public var body: Never { fatalError() }
}

/// `@MainActor @preconcurrency struct UIViewRepresentableContext<Representable: UIViewRepresentable>`
@MainActor @preconcurrency public struct UIViewRepresentableContext<Representable: UIViewRepresentable> {
    /// `var coordinator: Representable.Coordinator { get }`
    public var coordinator: Representable.Coordinator { fatalError() }
}
#else
/// `@MainActor @preconcurrency protocol NSViewRepresentable: View where Self.Body == Never`
@MainActor @preconcurrency public protocol NSViewRepresentable: View where Self.Body == Never {
    associatedtype NSViewType: NSView
    associatedtype Coordinator = Void
    typealias Context = NSViewRepresentableContext<Self>
    @MainActor @preconcurrency func makeNSView(context: Self.Context) -> Self.NSViewType
    @MainActor @preconcurrency func updateNSView(_ nsView: Self.NSViewType, context: Self.Context)
    @MainActor @preconcurrency func makeCoordinator() -> Self.Coordinator
}

extension NSViewRepresentable where Self.Coordinator == Void {
    public func makeCoordinator() {}
}

extension NSViewRepresentable where Self.Body == Never {
    public var body: Never { fatalError() }
}

/// `@MainActor @preconcurrency struct NSViewRepresentableContext<Representable: NSViewRepresentable>`
@MainActor @preconcurrency public struct NSViewRepresentableContext<Representable: NSViewRepresentable> {
    /// `var coordinator: Representable.Coordinator { get }`
    public var coordinator: Representable.Coordinator { fatalError() }
}
#endif
