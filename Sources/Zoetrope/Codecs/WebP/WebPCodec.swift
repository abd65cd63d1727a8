/// WebP's registry entry: a RIFF container whose form type is `WEBP`, ``WebPContainer`` and ``WebPEncoder``.
enum WebPCodec {
    static let entry = ImageCodec(
        name: "WebP", sniffedFormat: .webp, formats: [.webp], signature: Array("RIFF\0\0\0\0WEBP".utf8),
        signatureLength: 12, recognizes: recognizes,
        open: { bytes, options throws(ZoetropeError) in try WebPContainer(bytes: bytes, options: options) },
        repairingChecksums: { $0 },
        encoder: WebPEncoder.registryEntry)

    /// Whether `head` starts with `RIFF`, a size, and `WEBP`.
    @Sendable static func recognizes(_ head: ArraySlice<UInt8>) -> Bool {
        guard head.count >= 12 else { return false }
        let start = head.startIndex
        return head[start..<start + 4].elementsEqual("RIFF".utf8)
            && head[start + 8..<start + 12].elementsEqual("WEBP".utf8)
    }
}
