/// The image representation chosen from a paste: its bytes as they came (a GIF stays a GIF), what
/// they really are, and what ``ImageInspector`` found in them. No pixel has been decoded.
public struct PastedImage: Sendable, Hashable {
    /// The bytes, unchanged: send these on to keep the animation and its format.
    public var bytes: [UInt8]
    /// The type identifier the pasteboard gave (possibly generic or wrong).
    public var declaredTypeIdentifier: String
    /// What the bytes are, with frame count and size.
    public var summary: ImageSummary

    /// Creates a pasted image.
    public init(bytes: [UInt8], declaredTypeIdentifier: String, summary: ImageSummary) {
        self.bytes = bytes
        self.declaredTypeIdentifier = declaredTypeIdentifier
        self.summary = summary
    }

    /// The format found in the bytes (`.apng` for an animated PNG).
    public var format: ImageFormat { summary.format }

    /// The type identifier of the format found in the bytes: the one to label the image with
    /// when sending it or putting it back on a pasteboard.
    public var typeIdentifier: String { format.typeIdentifier }

    /// Whether the image has more than one frame.
    public var isAnimated: Bool { summary.isAnimated }

    /// Opens the image for playing (parses the frame table; frames are decoded when asked for).
    public func makeImage(options: DecodingOptions = .default) throws(ZoetropeError) -> AnimatedImage {
        try AnimatedImage(bytes: bytes, options: options)
    }
}
