/// The one list of image formats Zoetrope decodes and encodes. Sniffing, opening,
/// ``ImageInspector``, the error for unrecognised data, the fuzz targets, the benchmarks and the
/// command's output formats (``ImageEncoder/registered``) all read it; nothing outside `Codecs/`
/// names a concrete container type.
enum CodecRegistry {
    /// Every codec, in the order signatures are tried.
    /// The pure-Swift codecs come first, so ImageIO never reads a GIF, PNG or WebP.
    static let codecs: [ImageCodec] = [GIFCodec.entry, PNGCodec.entry, WebPCodec.entry] + platformCodecs

    #if canImport(ImageIO)
    /// The system's codecs, for formats Zoetrope does not decode itself: AVIF and HEIC through ImageIO.
    static let platformCodecs = [
        ImageIOContainer.codec(.avif, brands: HEIFBrands.avif, compression: .av1),
        ImageIOContainer.codec(.heic, brands: HEIFBrands.heic, compression: .hevc),
    ]
    #else
    /// No system codec on this platform.
    static let platformCodecs: [ImageCodec] = []
    #endif

    /// The codec whose signature `bytes` start with.
    static func codec<Bytes: Collection<UInt8>>(for bytes: Bytes) -> ImageCodec? {
        let longest = codecs.map(\.signatureLength).max() ?? 0
        let head = Array(bytes.prefix(longest))[...]
        return codecs.first { $0.recognizes(head.prefix($0.signatureLength)) }
    }

    /// The codec registered under `name` (case-insensitive).
    static func codec(named name: String) -> ImageCodec? {
        codecs.first { $0.name.lowercased() == name.lowercased() }
    }

    /// Parses the container of whatever format `bytes` are in.
    /// - Throws: `.unrecognizedFormat` naming every registered format when no signature matches,
    ///   or the codec's own error.
    static func open(_ bytes: ImageBytes, options: DecodingOptions) throws(ZoetropeError) -> any ImageContainer {
        guard let codec = bytes.withView({ codec(for: $0) }) else {
            throw ZoetropeError(.unrecognizedFormat, offset: 0,
                                "not \(formatList) data (unrecognised signature)")
        }
        return try codec.open(bytes, options)
    }

    /// "a GIF, PNG or WebP": the registered names for messages.
    static var formatList: String {
        let names = codecs.map(\.name)
        guard let last = names.last else { return "an image" }
        let article = "aeiou".contains(names[0].prefix(1).lowercased()) ? "an" : "a"
        return names.count == 1 ? "\(article) \(last)"
            : "\(article) \(names.dropLast().joined(separator: ", ")) or \(last)"
    }
}

extension ImageFormat {
    /// Identifies a format from the first bytes of a file, without parsing further.
    ///
    /// PNG and APNG share a signature; this answers `.png` for both. Use
    /// ``ImageInspector/inspect(_:limits:)`` to tell them apart.
    /// - Returns: `nil` when the bytes start with no known signature.
    public static func sniff<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> ImageFormat? {
        CodecRegistry.codec(for: bytes)?.sniffedFormat
    }
}

extension ImageFormat {
    /// The formats this build decodes, in the registry's order.
    public static var decodable: [ImageFormat] { CodecRegistry.codecs.flatMap(\.formats) }
}
