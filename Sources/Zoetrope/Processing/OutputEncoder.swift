/// The one place the processing toolkit names concrete encoders: frames from any
/// ``FrameSource`` to GIF, PNG/APNG or lossless WebP through their streaming APIs. (When the codec
/// registry names each format's encoder, this switch becomes a registry lookup.)
enum OutputEncoder {
    /// The formats ``encode(_:durations:playCount:as:level:to:)`` writes.
    static let formats: [ImageFormat] = [.gif, .png, .apng, .webp]

    /// Encodes `source` as `format`: `.png` writes a PNG still for one frame and APNG otherwise,
    /// `.apng` always APNG, `.webp` a lossless still or animation, `.gif` a GIF. Play counts a
    /// format cannot store are clamped to its largest.
    /// - Parameter level: PNG/APNG deflate level and WebP effort, 0 to 9.
    static func encode(_ source: some FrameSource, durations: [Duration], playCount: PlayCount,
                       as format: ImageFormat, level: Int, to output: EncodedBytesSink) throws {
        switch format {
        case .gif:
            try GIFEncoder.encode(source, durations: durations, playCount: clamp(playCount, 0x10000), to: output)
        case .png where source.frameCount == 1:
            var still: RGBAImage?
            try source.forEachFrame { _, frame in still = frame }
            guard let still else { throw FrameSourceMismatch.error(.png, source) }
            try output(PNGEncoder.encode(still, level: level))
        case .png, .apng:
            try APNGEncoder.encode(source, durations: durations, playCount: clamp(playCount, Int(Int32.max)),
                                   level: level, to: output)
        case .webp:
            try WebPEncoder.encode(source, durations: durations, playCount: clamp(playCount, 65_535),
                                   level: level, to: output)
        }
    }

    private static func clamp(_ plays: PlayCount, _ most: Int) -> PlayCount {
        plays.count.map { .finite(min($0, most)) } ?? .infinite
    }
}
