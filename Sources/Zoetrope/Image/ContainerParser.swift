/// Picks the codec for some bytes by their signature and parses its container.
enum ContainerParser {
    static func parse(_ bytes: [UInt8], options: DecodingOptions) throws(ZoetropeError) -> any ImageContainer {
        switch ImageFormat.sniff(bytes) {
        case .gif:
            return try GIFContainer(bytes: bytes, options: options)
        case .png, .apng:
            return try PNGContainer(bytes: bytes, options: options)
        case .webp:
            throw ZoetropeError(.unsupportedFormat, format: .webp, offset: 0, "WebP is not supported yet")
        case nil:
            throw ZoetropeError(.unrecognizedFormat, offset: 0,
                                "not a GIF, PNG or WebP file (unrecognised signature)")
        }
    }
}
