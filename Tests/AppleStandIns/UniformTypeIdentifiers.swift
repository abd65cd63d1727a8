// Stand-in for UniformTypeIdentifiers: the symbols Sources/ZoetropeUI uses.

/// `struct UTType: Hashable, Sendable`
public struct UTType: Hashable, Sendable {
    /// `var identifier: String { get }`
    public let identifier: String
    /// `init?(_ identifier: String)`
    public init?(_ identifier: String) { self.identifier = identifier }
    private init(known identifier: String) { self.identifier = identifier }
    /// `func conforms(to type: UTType) -> Bool`
    public func conforms(to type: UTType) -> Bool { self == type }
    /// `static var gif: UTType { get }`
    public static let gif = UTType(known: "com.compuserve.gif")
    /// `static var png: UTType { get }`
    public static let png = UTType(known: "public.png")
    /// `static var webP: UTType { get }`
    public static let webP = UTType(known: "org.webmproject.webp")
    /// `static var image: UTType { get }`
    public static let image = UTType(known: "public.image")
    /// `static var data: UTType { get }`
    public static let data = UTType(known: "public.data")
}
