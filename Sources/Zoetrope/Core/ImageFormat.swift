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

    public var description: String {
        switch self {
        case .gif: return "GIF"
        case .png: return "PNG"
        case .apng: return "APNG"
        case .webp: return "WebP"
        }
    }
}
