/// PNG's registry entry: the eight-byte signature, ``PNGContainer`` (still PNG and APNG) and the PNG/APNG encoder.
enum PNGCodec {
    /// The PNG file signature.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static let entry = ImageCodec(
        name: "PNG", sniffedFormat: .png, formats: [.png, .apng], signature: signature, signatureLength: 8,
        recognizes: recognizes,
        open: { bytes, options throws(ZoetropeError) in try PNGContainer(bytes: bytes, options: options) },
        repairingChecksums: PNGChunk.repairingCRCs,
        encoder: PNGEncoderEntry.entry)

    /// Whether `head` starts with the PNG signature.
    @Sendable static func recognizes(_ head: ArraySlice<UInt8>) -> Bool {
        head.count >= 8 && head.prefix(8).elementsEqual(signature)
    }
}
