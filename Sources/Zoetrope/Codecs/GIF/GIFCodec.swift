/// GIF's registry entry: the `GIF87a`/`GIF89a` signature, ``GIFContainer`` and ``GIFEncoder``.
enum GIFCodec {
    static let entry = ImageCodec(
        name: "GIF", sniffedFormat: .gif, formats: [.gif], signature: Array("GIF89a".utf8), signatureLength: 6,
        recognizes: recognizes,
        open: { bytes, options throws(ZoetropeError) in try GIFContainer(bytes: bytes, options: options) },
        repairingChecksums: { $0 },
        encoder: GIFEncoder.registryEntry)

    /// Whether `head` starts with `GIF87a` or `GIF89a`.
    @Sendable static func recognizes(_ head: ArraySlice<UInt8>) -> Bool {
        guard head.count >= 6 else { return false }
        let start = head.startIndex
        return head[start..<start + 4].elementsEqual("GIF8".utf8)
            && (head[start + 4] == 0x37 || head[start + 4] == 0x39) && head[start + 5] == 0x61
    }
}
