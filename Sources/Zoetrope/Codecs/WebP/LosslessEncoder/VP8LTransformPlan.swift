/// Which transforms an image is encoded with (RFC 9649 §4), and writing them with the image.
enum VP8LTransformPlan: Sendable {
    /// Entropy coding alone.
    case none

    /// The plans worth trying for `argb`: all applicable ones when `settings` says so, else the
    /// one the heuristics favour.
    static func candidates(for argb: [UInt32], settings: VP8LEncoderSettings) -> [VP8LTransformPlan] {
        [.none]
    }

    /// Writes the transforms and the main image's entropy-coded pixels.
    func write(_ argb: [UInt32], width: Int, height: Int, settings: VP8LEncoderSettings, to writer: inout BitWriter) {
        switch self {
        case .none:
            writer.write(0, bits: 1)
            VP8LEntropyEncoder.write(argb, width: width, isMainImage: true, settings: settings.entropy, to: &writer)
        }
    }
}
