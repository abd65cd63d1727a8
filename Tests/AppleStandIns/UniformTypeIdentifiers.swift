// Stand-in for UniformTypeIdentifiers: the symbols Sources/ZoetropeUI uses. Each declaration gives
// Apple's declaration, the page it was taken from, and its availability on the platforms
// Package.swift declares (checked by scripts/apple-availability).

/// `struct UTType` (documented `Hashable`, `Sendable`)
/// https://developer.apple.com/documentation/uniformtypeidentifiers/uttype-swift.struct
@available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
public struct UTType: Hashable, Sendable {
    /// `var identifier: String { get }`
    /// https://developer.apple.com/documentation/uniformtypeidentifiers/uttype-swift.struct/identifier
    @available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
    public let identifier: String
    /// `init?(_ identifier: String)`
    /// https://developer.apple.com/documentation/uniformtypeidentifiers/uttype-swift.struct/init(_:)
    @available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
    public init?(_ identifier: String) { self.identifier = identifier }
    private init(known identifier: String) { self.identifier = identifier }
    /// `func conforms(to type: UTType) -> Bool`
    /// https://developer.apple.com/documentation/uniformtypeidentifiers/uttype-swift.struct/conforms(to:)
    @available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
    public func conforms(to type: UTType) -> Bool { self == type }
    /// `static let gif: UTType`
    /// https://developer.apple.com/documentation/uniformtypeidentifiers/uttype-swift.struct/gif
    @available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
    public static let gif = UTType(known: "com.compuserve.gif")
    /// `static let png: UTType`
    /// https://developer.apple.com/documentation/uniformtypeidentifiers/uttype-swift.struct/png
    @available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
    public static let png = UTType(known: "public.png")
    /// `static let webP: UTType`
    /// https://developer.apple.com/documentation/uniformtypeidentifiers/uttype-swift.struct/webp
    @available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
    public static let webP = UTType(known: "org.webmproject.webp")
    /// `static let image: UTType`
    /// https://developer.apple.com/documentation/uniformtypeidentifiers/uttype-swift.struct/image
    @available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
    public static let image = UTType(known: "public.image")
    /// `static let data: UTType`
    /// https://developer.apple.com/documentation/uniformtypeidentifiers/uttype-swift.struct/data
    @available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
    public static let data = UTType(known: "public.data")
}
