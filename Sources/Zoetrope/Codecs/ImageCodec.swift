/// One image format's entry in the codec registry: how to recognise its bytes, how to open its
/// container, and its encoder. Everything that lists formats (sniffing, opening, inspection, the
/// message for unknown data, fuzzing, benchmarks, the command's output formats) reads the
/// registry's list of these, so a new format is one folder under `Codecs/` and one entry there.
struct ImageCodec: Sendable {
    /// The format's name in messages and tool names ("GIF", "PNG", "WebP").
    let name: String
    /// The format ``ImageFormat/sniff(_:)`` reports for these bytes (PNG answers `.png` for APNG
    /// too: telling them apart needs the chunk walk).
    let sniffedFormat: ImageFormat
    /// The formats its containers can report.
    let formats: [ImageFormat]
    /// The shortest signature this codec recognises, for callers that must make bytes look like
    /// the format (fuzzing prefixes it to inputs that lack it).
    let signature: [UInt8]
    /// How many leading bytes ``recognizes`` looks at.
    let signatureLength: Int
    /// Whether the leading bytes of a file (at most ``signatureLength``) carry this format's
    /// signature.
    let recognizes: @Sendable (ArraySlice<UInt8>) -> Bool
    /// Parses the container (cheaply: the frame table, no pixels).
    let open: @Sendable (ImageBytes, DecodingOptions) throws(ZoetropeError) -> any ImageContainer
    /// Rewrites the format's checksums so that mutated inputs reach the decoder instead of being
    /// refused as corrupt (fuzzing only); identity for formats without checksums.
    let repairingChecksums: @Sendable ([UInt8]) -> [UInt8]
    /// How to write the format, or `nil` when Zoetrope only reads it.
    let encoder: ImageEncoder?
}
