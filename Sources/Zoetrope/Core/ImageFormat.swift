/// The container formats Zoetrope recognises.
///
/// A set of static values rather than an enum, so that a later version can recognise another
/// format without breaking a client's `switch`: match the formats you handle and keep a `default`.
///
/// ```swift
/// switch format {
/// case .gif: print("GIF")
/// case .png, .apng: print("PNG")
/// default: print(format)
/// }
/// ```
public struct ImageFormat: RawRepresentable, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The format's short lowercase name (`gif`, `png`, `apng`, `webp`, `avif`, `heic`), as the
    /// command's `--format` and the JSON output spell it.
    public let rawValue: String
    /// The format's usual spelling (`GIF`, `APNG`, `WebP`).
    public let description: String

    private init(_ rawValue: String, _ description: String) {
        self.rawValue = rawValue
        self.description = description
    }

    /// The format named `rawValue` (``rawValue``'s spelling), or `nil` when Zoetrope does not
    /// recognise it.
    public init?(rawValue: String) {
        guard let format = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = format
    }

    /// GIF87a or GIF89a.
    public static let gif = ImageFormat("gif", "GIF")
    /// PNG without an animation control chunk.
    public static let png = ImageFormat("png", "PNG")
    /// Animated PNG (an `acTL` chunk before the first `IDAT`).
    public static let apng = ImageFormat("apng", "APNG")
    /// WebP (RIFF container): lossy, lossless or animated.
    public static let webp = ImageFormat("webp", "WebP")
    /// AVIF (AV1 in HEIF): stills and image sequences. Decoded by the system's ImageIO, so only on
    /// Apple systems (``decodable`` lists it there).
    public static let avif = ImageFormat("avif", "AVIF")
    /// HEIC/HEIF (HEVC in HEIF): stills and image sequences. Decoded by the system's ImageIO, so
    /// only on Apple systems.
    public static let heic = ImageFormat("heic", "HEIC")

    /// Every format Zoetrope recognises, whether or not this system decodes it (``decodable``).
    public static let allCases: [ImageFormat] = [.gif, .png, .apng, .webp, .avif, .heic]
}
