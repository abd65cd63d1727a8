/// An error from decoding, encoding or reading an image.
///
/// Every decoding error names the format and, where it applies, the byte offset in the input where
/// the problem was found, so that a damaged file can be diagnosed.
public struct ZoetropeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem this is.
    ///
    /// A set of named values rather than an enumeration, so that later versions can add kinds
    /// without breaking a client's `switch`: match the kinds you handle and give the rest a
    /// `default` branch.
    ///
    /// ```swift
    /// switch error.kind {
    /// case .unrecognizedFormat, .unsupportedFormat: print("not an image Zoetrope reads")
    /// case .truncated: print("the file ends early")
    /// default: print("damaged: \(error)")
    /// }
    /// ```
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        /// The kind's name, as JSON reports and logs spell it (`"truncated"`).
        public let rawValue: String

        package init(_ rawValue: String) {
            self.rawValue = rawValue
        }

        /// The kind's name (``rawValue``).
        public var description: String { rawValue }

        /// The bytes start with no known signature.
        public static let unrecognizedFormat = Kind("unrecognizedFormat")
        /// The format is recognised but this build cannot decode it (yet).
        public static let unsupportedFormat = Kind("unsupportedFormat")
        /// A feature of the format that Zoetrope does not implement.
        public static let unsupportedFeature = Kind("unsupportedFeature")
        /// The input ends before the structure it describes.
        public static let truncated = Kind("truncated")
        /// A structure is invalid: a bad field value, an impossible size, an invalid code.
        public static let malformed = Kind("malformed")
        /// A CRC or Adler-32 checksum does not match.
        public static let checksumMismatch = Kind("checksumMismatch")
        /// Decoding would exceed a configured ``DecodingLimits`` value.
        public static let limitExceeded = Kind("limitExceeded")
        /// A frame index or argument outside its valid range.
        public static let invalidArgument = Kind("invalidArgument")
        /// Reading or writing a file failed.
        public static let io = Kind("io")
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
