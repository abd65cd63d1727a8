/// Picks the image to insert from what a paste offers: the best animated representation, else a
/// still, never a flattened copy of an animation.
///
/// Each representation is recognised by its bytes (its signature, then ``ImageInspector`` to
/// tell an animated PNG from a still one and count frames), so a GIF labelled `public.data`, an
/// APNG labelled `public.png` or a WebP under a MIME type are all found; a representation whose
/// bytes are no GIF, PNG or WebP is skipped whatever its label says. Sizes are checked before any
/// pixel is decoded: the byte count against ``maximumByteCount``, then the canvas, frame count and
/// total decoded size against the ``limits`` while the frame table is read.
///
/// ```swift
/// let reader = PasteboardImageReader()
/// if let pasted = try reader.read([PasteboardItem(typeIdentifier: "public.data", bytes: gifBytes)]) {
///     print(pasted.format, pasted.summary.frameCount)   // GIF 24
/// }
/// ```
public struct PasteboardImageReader: Sendable, Hashable {
    /// Limits checked from each representation's headers, before decoding.
    public var limits: DecodingLimits
    /// The largest representation read, in bytes; larger ones are refused without being parsed.
    public var maximumByteCount: Int
    /// Formats in order of preference among animated representations (full colour and alpha first).
    public var preferredFormats: [ImageFormat]

    /// Creates a reader.
    /// - Parameters:
    ///   - limits: the decoding limits a representation must meet.
    ///   - maximumByteCount: the largest representation read (32 MB by default).
    ///   - preferredFormats: animated formats in order of preference; APNG and WebP (24-bit colour,
    ///     alpha) before GIF by default. Representations of equal preference keep the pasteboard's order.
    public init(limits: DecodingLimits = .default, maximumByteCount: Int = 32 << 20,
                preferredFormats: [ImageFormat] = [.apng, .webp, .gif]) {
        self.limits = limits
        self.maximumByteCount = maximumByteCount
        self.preferredFormats = preferredFormats
    }

    /// The representation to insert: the most preferred animated one, else the first still one,
    /// or `nil` when no representation is a GIF, PNG or WebP.
    /// - Throws: the first refusal (``ZoetropeError/Kind/limitExceeded`` for an oversized image,
    ///   or the damage found) when every image representation was refused.
    public func read(_ items: [PasteboardItem]) throws(ZoetropeError) -> PastedImage? {
        var accepted: [PastedImage] = []
        var firstRefusal: ZoetropeError?
        for item in items where ImageFormat.sniff(item.bytes) != nil {
            do {
                accepted.append(try inspect(item))
            } catch {
                firstRefusal = firstRefusal ?? error
            }
        }
        if let animated = accepted.filter(\.isAnimated).min(by: { rank($0) < rank($1) }) { return animated }
        if let still = accepted.first { return still }
        if let firstRefusal { throw firstRefusal }
        return nil
    }

    /// Inspects one representation, refusing it when it is over the limits.
    public func inspect(_ item: PasteboardItem) throws(ZoetropeError) -> PastedImage {
        guard item.bytes.count <= maximumByteCount else {
            throw ZoetropeError(.limitExceeded, format: ImageFormat.sniff(item.bytes), offset: 0,
                                "\(item.bytes.count) bytes exceeds the limit of \(maximumByteCount) bytes")
        }
        let summary = try ImageInspector.inspect(item.bytes, limits: limits)
        return PastedImage(bytes: item.bytes, declaredTypeIdentifier: item.typeIdentifier, summary: summary)
    }

    private func rank(_ image: PastedImage) -> Int {
        preferredFormats.firstIndex(of: image.format) ?? preferredFormats.count
    }
}
