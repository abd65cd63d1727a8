/// Which transforms an image is encoded with (RFC 9649 §4), and writing them with the image.
enum VP8LTransformPlan: Sendable {
    /// Entropy coding alone.
    case none
    /// Colour indexing with this palette (at most 256 colours).
    case palette([UInt32])
    /// Prediction, for true-colour images; with subtract-green before it and cross-colour after
    /// when those are set, and the predictor modes chosen by the entropy their residuals add
    /// (`modesByEntropy`) instead of by the residuals' sizes.
    case spatial(subtractGreen: Bool, crossColor: Bool, modesByEntropy: Bool = false)

    /// All three transforms that decorrelate true colour.
    static let spatial = VP8LTransformPlan.spatial(subtractGreen: true, crossColor: true)

    /// Images this small are also tried without transforms, whose sub-images would cost more
    /// than they save.
    static let smallImagePixels = 256

    /// The plans worth trying for `argb`: all applicable ones when `settings` says so (or the
    /// image is small), else the one the heuristics favour.
    static func candidates(for argb: [UInt32], settings: VP8LEncoderSettings) -> [VP8LTransformPlan] {
        let tryAll = settings.triesAllPlans || argb.count <= smallImagePixels
        var plans: [VP8LTransformPlan] = []
        if let colors = VP8LPaletteEncoder.palette(of: argb) { plans.append(.palette(colors)) }
        if plans.isEmpty || tryAll {
            plans.append(.spatial)
            if settings.triesSpatialVariants {
                // Smooth gradients code far smaller with modes that repeat the common residuals.
                plans += [.spatial(subtractGreen: true, crossColor: true, modesByEntropy: true),
                          .spatial(subtractGreen: false, crossColor: false)]
            }
            if tryAll { plans += [.spatial(subtractGreen: true, crossColor: false), .spatial(subtractGreen: false, crossColor: true)] }
        }
        if tryAll { plans.append(.none) }
        return plans
    }

    /// Writes the transforms and the main image's entropy-coded pixels.
    func write(_ argb: consuming [UInt32], width: Int, height: Int, settings: VP8LEncoderSettings, to writer: inout BitWriter) {
        var pixels: [UInt32], codedWidth = width
        switch self {
        case .none:
            pixels = consume argb
        case .palette(let colors):
            (pixels, codedWidth) = VP8LPaletteEncoder.write(palette: colors, argb: argb, width: width, height: height,
                                                            settings: settings, to: &writer)
        case .spatial(let subtractsGreen, let crossColor, let modesByEntropy):
            pixels = consume argb
            if subtractsGreen {
                writer.write(1, bits: 1)
                writer.write(UInt32(VP8LTransform.Kind.subtractGreen.rawValue), bits: 2)
                for index in pixels.indices { pixels[index] = Self.subtractGreen(pixels[index]) }
            }
            pixels = VP8LPredictorEncoder.write(pixels, width: width, height: height, tileBits: settings.tileBits,
                                                modesByEntropy: modesByEntropy, settings: settings, to: &writer)
            if crossColor {
                pixels = VP8LCrossColorEncoder.write(pixels, width: width, height: height, tileBits: settings.tileBits,
                                                     settings: settings, to: &writer)
            }
        }
        writer.write(0, bits: 1) // no more transforms
        VP8LEntropyEncoder.write(pixels, width: codedWidth, isMainImage: true, settings: settings.entropy, to: &writer)
    }

    /// The subtract-green transform (RFC 9649 §4.3): green taken from red and blue.
    @inline(__always)
    static func subtractGreen(_ argb: UInt32) -> UInt32 {
        let green = (argb >> 8) & 0xff
        let redBlue = ((argb | 0xff00_ff00) &- (green << 16 | green)) & 0x00ff_00ff
        return (argb & 0xff00_ff00) | redBlue
    }
}
