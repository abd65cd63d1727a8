/// Which metadata a file carries beside its pixels (Zoetrope reports it; it does not apply colour
/// profiles).
public struct ImageMetadata: Sendable, Hashable {
    /// An ICC colour profile (WebP `ICCP`).
    public var hasICCProfile: Bool
    /// EXIF data (WebP `EXIF`).
    public var hasEXIF: Bool
    /// XMP data (WebP `XMP `).
    public var hasXMP: Bool

    /// Creates a description of the metadata present.
    public init(hasICCProfile: Bool = false, hasEXIF: Bool = false, hasXMP: Bool = false) {
        self.hasICCProfile = hasICCProfile
        self.hasEXIF = hasEXIF
        self.hasXMP = hasXMP
    }

    /// No metadata.
    public static let none = ImageMetadata()
}
