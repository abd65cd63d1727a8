/// The container formats Zoetrope recognises.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// GIF87a or GIF89a.
    case gif
    /// PNG without an animation control chunk.
    case png
    /// Animated PNG (an `acTL` chunk before the first `IDAT`).
    case apng
    /// WebP (RIFF container): lossy, lossless or animated.
    case webp
    /// AVIF (AV1 in HEIF): stills and image sequences. Decoded by the system's ImageIO, so only on
    /// Apple systems (``decodable`` lists it there).
    case avif
    /// HEIC/HEIF (HEVC in HEIF): stills and image sequences. Decoded by the system's ImageIO, so
    /// only on Apple systems.
    case heic

    public var description: String {
        switch self {
        case .gif: return "GIF"
        case .png: return "PNG"
        case .apng: return "APNG"
        case .webp: return "WebP"
        case .avif: return "AVIF"
        case .heic: return "HEIC"
        }
    }
}
