// Stand-in for SwiftUI: the symbols Sources/ZoetropeUI uses, main-actor isolated as in the SDK.
// Built once against the UIKit stand-in and once against the AppKit one. Each declaration gives
// Apple's declaration, the page it was taken from, and its availability on the platforms
// Package.swift declares (checked by scripts/apple-availability).
#if canImport(UIKit)
import UIKit
#else
import AppKit
#endif

/// `@MainActor @preconcurrency protocol View`
/// https://developer.apple.com/documentation/swiftui/view
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@MainActor @preconcurrency public protocol View {
    /// `associatedtype Body: View`
    /// https://developer.apple.com/documentation/swiftui/view/body-swift.associatedtype
    @available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    associatedtype Body: View
    /// `@ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }`
    /// https://developer.apple.com/documentation/swiftui/view/body-swift.property
    @available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// `extension Never: View`
extension Never: View {
    /// `typealias Body = Never`
    /// https://developer.apple.com/documentation/swift/never/body-swift.typealias
    @available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public typealias Body = Never
    /// `var body: Never { get }`
    /// https://developer.apple.com/documentation/swift/never/body-swift.property
    @available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public var body: Never { fatalError() }
}

/// `@resultBuilder struct ViewBuilder`
/// https://developer.apple.com/documentation/swiftui/viewbuilder
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@resultBuilder public struct ViewBuilder {
    /// `static func buildBlock<Content>(_ content: Content) -> Content where Content: View`
    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)
    @available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
}

/// `@frozen @propertyWrapper @dynamicMemberLookup struct Binding<Value>` (its page, as read, lists
/// no `Sendable` conformance; not declared `Sendable` here)
/// https://developer.apple.com/documentation/swiftui/binding
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
    private let value: Value
    /// `static func constant(_ value: Value) -> Binding<Value>`
    /// https://developer.apple.com/documentation/swiftui/binding/constant(_:)
    @available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public static func constant(_ value: Value) -> Binding<Value> { Binding(value: value) }
    private init(value: Value) { self.value = value }
    /// `var wrappedValue: Value { get nonmutating set }`
    /// https://developer.apple.com/documentation/swiftui/binding/wrappedvalue
    @available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public var wrappedValue: Value {
        get { value }
        nonmutating set {}
    }
    /// `var projectedValue: Binding<Value> { get }`
    /// https://developer.apple.com/documentation/swiftui/binding/projectedvalue
    @available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public var projectedValue: Binding<Value> { self }
    /// `subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> { get }`
    /// https://developer.apple.com/documentation/swiftui/binding/subscript(dynamicmember:)
    @available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(value: value[keyPath: keyPath])
    }
}

#if canImport(UIKit)
/// `@MainActor @preconcurrency protocol UIViewRepresentable: View where Self.Body == Never`
/// https://developer.apple.com/documentation/swiftui/uiviewrepresentable
@available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
@available(macOS, unavailable)
@available(watchOS, unavailable)
@MainActor @preconcurrency public protocol UIViewRepresentable: View where Self.Body == Never {
    /// `associatedtype UIViewType: UIView`
    /// https://developer.apple.com/documentation/swiftui/uiviewrepresentable/uiviewtype
    @available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    associatedtype UIViewType: UIView
    /// `associatedtype Coordinator = Void`
    /// https://developer.apple.com/documentation/swiftui/uiviewrepresentable/coordinator
    @available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    associatedtype Coordinator = Void
    /// `typealias Context = UIViewRepresentableContext<Self>`
    /// https://developer.apple.com/documentation/swiftui/uiviewrepresentable/context
    @available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    typealias Context = UIViewRepresentableContext<Self>
    /// `@MainActor @preconcurrency func makeUIView(context: Self.Context) -> Self.UIViewType`
    /// https://developer.apple.com/documentation/swiftui/uiviewrepresentable/makeuiview(context:)
    @available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    @MainActor @preconcurrency func makeUIView(context: Self.Context) -> Self.UIViewType
    /// `@MainActor @preconcurrency func updateUIView(_ uiView: Self.UIViewType, context: Self.Context)`
    /// https://developer.apple.com/documentation/swiftui/uiviewrepresentable/updateuiview(_:context:)
    @available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    @MainActor @preconcurrency func updateUIView(_ uiView: Self.UIViewType, context: Self.Context)
    /// `@MainActor @preconcurrency func makeCoordinator() -> Self.Coordinator`
    /// https://developer.apple.com/documentation/swiftui/uiviewrepresentable/makecoordinator()-32trb
    @available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    @MainActor @preconcurrency func makeCoordinator() -> Self.Coordinator
}

extension UIViewRepresentable where Self.Coordinator == Void {
    /// `func makeCoordinator() -> Self.Coordinator` (the default when there is no coordinator)
    /// https://developer.apple.com/documentation/swiftui/uiviewrepresentable/makecoordinator()-1e6qs
    @available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    public func makeCoordinator() {}
}

extension UIViewRepresentable where Self.Body == Never {
    /// `var body: Never { get }`
    /// https://developer.apple.com/documentation/swiftui/uiviewrepresentable/body
    @available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    public var body: Never { fatalError() }
}

/// `@MainActor @preconcurrency struct UIViewRepresentableContext<Representable> where Representable: UIViewRepresentable`
/// https://developer.apple.com/documentation/swiftui/uiviewrepresentablecontext
@available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
@available(macOS, unavailable)
@available(watchOS, unavailable)
@MainActor @preconcurrency public struct UIViewRepresentableContext<Representable: UIViewRepresentable> {
    /// `var coordinator: Representable.Coordinator { get }`
    /// https://developer.apple.com/documentation/swiftui/uiviewrepresentablecontext/coordinator
    @available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    public var coordinator: Representable.Coordinator { fatalError() }    /// `var environment: EnvironmentValues { get }`
    /// https://developer.apple.com/documentation/swiftui/uiviewrepresentablecontext/environment
    @available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    public var environment: EnvironmentValues { fatalError() }
}
#else
/// `@MainActor @preconcurrency protocol NSViewRepresentable: View where Self.Body == Never`
/// https://developer.apple.com/documentation/swiftui/nsviewrepresentable
@available(macOS 10.15, *)
@available(iOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@MainActor @preconcurrency public protocol NSViewRepresentable: View where Self.Body == Never {
    /// `associatedtype NSViewType: NSView`
    /// https://developer.apple.com/documentation/swiftui/nsviewrepresentable/nsviewtype
    @available(macOS 10.15, *)
    associatedtype NSViewType: NSView
    /// `associatedtype Coordinator = Void`
    /// https://developer.apple.com/documentation/swiftui/nsviewrepresentable/coordinator
    @available(macOS 10.15, *)
    associatedtype Coordinator = Void
    /// `typealias Context = NSViewRepresentableContext<Self>`
    /// https://developer.apple.com/documentation/swiftui/nsviewrepresentable/context
    @available(macOS 10.15, *)
    typealias Context = NSViewRepresentableContext<Self>
    /// `@MainActor @preconcurrency func makeNSView(context: Self.Context) -> Self.NSViewType`
    /// https://developer.apple.com/documentation/swiftui/nsviewrepresentable/makensview(context:)
    @available(macOS 10.15, *)
    @MainActor @preconcurrency func makeNSView(context: Self.Context) -> Self.NSViewType
    /// `@MainActor @preconcurrency func updateNSView(_ nsView: Self.NSViewType, context: Self.Context)`
    /// https://developer.apple.com/documentation/swiftui/nsviewrepresentable/updatensview(_:context:)
    @available(macOS 10.15, *)
    @MainActor @preconcurrency func updateNSView(_ nsView: Self.NSViewType, context: Self.Context)
    /// `@MainActor @preconcurrency func makeCoordinator() -> Self.Coordinator`
    /// https://developer.apple.com/documentation/swiftui/nsviewrepresentable/makecoordinator()-9e4i4
    @available(macOS 10.15, *)
    @MainActor @preconcurrency func makeCoordinator() -> Self.Coordinator
}

extension NSViewRepresentable where Self.Coordinator == Void {
    /// `func makeCoordinator() -> Self.Coordinator` (the default when there is no coordinator)
    /// https://developer.apple.com/documentation/swiftui/nsviewrepresentable/makecoordinator()-2pjrh
    @available(macOS 10.15, *)
    public func makeCoordinator() {}
}

extension NSViewRepresentable where Self.Body == Never {
    /// `var body: Never { get }`
    /// https://developer.apple.com/documentation/swiftui/nsviewrepresentable/body
    @available(macOS 10.15, *)
    public var body: Never { fatalError() }
}

/// `@MainActor @preconcurrency struct NSViewRepresentableContext<Representable> where Representable: NSViewRepresentable`
/// https://developer.apple.com/documentation/swiftui/nsviewrepresentablecontext
@available(macOS 10.15, *)
@available(iOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@MainActor @preconcurrency public struct NSViewRepresentableContext<Representable: NSViewRepresentable> {
    /// `var coordinator: Representable.Coordinator { get }`
    /// https://developer.apple.com/documentation/swiftui/nsviewrepresentablecontext/coordinator
    @available(macOS 10.15, *)
    public var coordinator: Representable.Coordinator { fatalError() }    /// `var environment: EnvironmentValues { get }`
    /// https://developer.apple.com/documentation/swiftui/nsviewrepresentablecontext/environment
    @available(macOS 10.15, *)
    public var environment: EnvironmentValues { fatalError() }
}
#endif

/// `struct EnvironmentValues` (the values the adapters read)
/// https://developer.apple.com/documentation/swiftui/environmentvalues
@available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct EnvironmentValues {
    /// `var accessibilityReduceMotion: Bool { get }`
    /// https://developer.apple.com/documentation/swiftui/environmentvalues/accessibilityreducemotion
    @available(macOS 10.15, iOS 13.0, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
    public var accessibilityReduceMotion: Bool { false }
    /// `var accessibilityPlayAnimatedImages: Bool { get }`
    /// https://developer.apple.com/documentation/swiftui/environmentvalues/accessibilityplayanimatedimages
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
    public var accessibilityPlayAnimatedImages: Bool { true }
}
