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

    public var description: String { rawValue.uppercased() }

    /// Identifies a format from the first bytes of a file, without parsing further.
    ///
    /// PNG and APNG share a signature; this answers `.png` for both. Use
    /// ``ImageInspector/inspect(_:limits:)`` to tell them apart.
    /// - Returns: `nil` when the bytes start with no known signature.
    public static func sniff<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> ImageFormat? {
        let head = Array(bytes.prefix(12))
        if head.count >= 6, head[0] == 0x47, head[1] == 0x49, head[2] == 0x46, head[3] == 0x38,
           head[4] == 0x37 || head[4] == 0x39, head[5] == 0x61 {
            return .gif
        }
        if head.count >= 8, head[0..<8].elementsEqual(pngSignature) { return .png }
        if head.count >= 12, head[0..<4].elementsEqual([0x52, 0x49, 0x46, 0x46]),
           head[8..<12].elementsEqual([0x57, 0x45, 0x42, 0x50]) {
            return .webp
        }
        return nil
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
}
