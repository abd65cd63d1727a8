/// One representation of a pasteboard item (or of a drag, or a file a user picked): the type it
/// says it is and its bytes.
///
/// Type identifiers are Uniform Type Identifiers (`com.compuserve.gif`, `public.png`,
/// `org.webmproject.webp`, `public.data`, …) or MIME types (`image/gif`); nothing is assumed
/// from them that the bytes do not confirm.
public struct PasteboardItem: Sendable, Hashable {
    /// The type the pasteboard gives for these bytes.
    public var typeIdentifier: String
    /// The bytes.
    public var bytes: [UInt8]

    /// Creates an item.
    public init(typeIdentifier: String, bytes: [UInt8]) {
        self.typeIdentifier = typeIdentifier
        self.bytes = bytes
    }
}

extension ImageFormat {
    /// The Uniform Type Identifier of this format: what an app gives the pasteboard when it sends
    /// the image on (an APNG is `public.png`, as Apple's systems label it).
    public var typeIdentifier: String {
        switch self {
        case .gif: return "com.compuserve.gif"
        case .png, .apng: return "public.png"
        case .webp: return "org.webmproject.webp"
        case .avif: return "public.avif"
        case .heic: return "public.heic"
        default: return "public.data"
        }
    }

    /// The format a type identifier or MIME type names; `nil` for generic types (`public.image`,
    /// `public.data`, `application/octet-stream`) and for formats Zoetrope does not decode.
    public init?(typeIdentifier: String) {
        switch typeIdentifier.lowercased() {
        case "com.compuserve.gif", "image/gif": self = .gif
        case "public.png", "image/png": self = .png
        case "image/apng", "image/vnd.mozilla.apng": self = .apng
        case "org.webmproject.webp", "public.webp", "image/webp": self = .webp
        case "public.avif", "public.avis", "image/avif": self = .avif
        case "public.heic", "public.heics", "public.heif", "public.heifs", "image/heic", "image/heif": self = .heic
        default: return nil
        }
    }
}
