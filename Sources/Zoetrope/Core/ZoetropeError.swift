/// An error from decoding, encoding or reading an image.
///
/// Every decoding error names the format and, where it applies, the byte offset in the input where
/// the problem was found, so that a damaged file can be diagnosed.
public struct ZoetropeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem this is.
    public enum Kind: String, Sendable, Hashable {
        /// The bytes start with no known signature.
        case unrecognizedFormat
        /// The format is recognised but this build cannot decode it (yet).
        case unsupportedFormat
        /// A feature of the format that Zoetrope does not implement.
        case unsupportedFeature
        /// The input ends before the structure it describes.
        case truncated
        /// A structure is invalid: a bad field value, an impossible size, an invalid code.
        case malformed
        /// A CRC or Adler-32 checksum does not match.
        case checksumMismatch
        /// Decoding would exceed a configured ``DecodingLimits`` value.
        case limitExceeded
        /// A frame index or argument outside its valid range.
        case invalidArgument
        /// Reading or writing a file failed.
        case io
    }

    /// What kind of problem this is.
    public var kind: Kind
    /// The format being decoded, when known.
    public var format: ImageFormat?
    /// The byte offset in the input where the problem was found, when it applies.
    public var offset: Int?
    /// A human-readable explanation.
    public var message: String

    /// Creates an error.
    public init(_ kind: Kind, format: ImageFormat? = nil, offset: Int? = nil, _ message: String) {
        self.kind = kind
        self.format = format
        self.offset = offset
        self.message = message
    }

    public var description: String {
        var text = ""
        if let format { text += "\(format): " }
        text += message
        if let offset { text += " (at byte offset \(offset))" }
        return text
    }
}
