/// Encodes one image as a VP8L bitstream (RFC 9649): the 5-byte header, the transforms chosen for
/// the image, and the entropy-coded pixels. Lossless: decoding gives back every byte of the RGBA
/// input.
enum VP8LEncoder {
    /// The largest width or height (14-bit fields).
    static let maximumDimension = EncodingRules.webp.maximumDimension

    /// A VP8L chunk payload for `image` (1...16384 pixels each way, checked by the caller): the
    /// smallest of `plans` (by default those ``VP8LTransformPlan/candidates(for:settings:)`` picks).
    static func encode(_ image: RGBAImage, settings: VP8LEncoderSettings, plans: [VP8LTransformPlan]? = nil) -> [UInt8] {
        let searched = encodeSearching(image, settings: settings, plans: plans)
        guard settings.level > VP8LEncoderSettings.defaultLevel, plans == nil else { return searched }
        // The estimates behind the longer searches are not exact, so a higher level is not always
        // smaller: keep the default level's output when it is.
        var usual = VP8LEncoderSettings(level: VP8LEncoderSettings.defaultLevel)
        usual.transparentColorIsFree = settings.transparentColorIsFree
        let fallback = encodeSearching(image, settings: usual, plans: nil)
        return fallback.count < searched.count ? fallback : searched
    }

    private static func encodeSearching(_ image: RGBAImage, settings: VP8LEncoderSettings,
                                        plans: [VP8LTransformPlan]?) -> [UInt8] {
        let (candidates, hasAlpha) = { () -> ([VP8LTransformPlan], Bool) in
            let argb = argbPixels(image)
            return (plans ?? VP8LTransformPlan.candidates(for: argb, settings: settings), argb.contains { $0 >> 24 != 0xff })
        }()
        var best: [UInt8]?
        for plan in candidates {
            var writer = BitWriter(reservingCapacity: image.width * image.height)
            writeHeader(width: image.width, height: image.height, hasAlpha: hasAlpha, to: &writer)
            // Each plan converts the pixels afresh and transforms them in place: no copy of a
            // frame's ARGB words stays held while another is coded.
            plan.write(argbPixels(image), width: image.width, height: image.height, settings: settings, to: &writer)
            writer.alignToByte()
            if best == nil || writer.bytes.count < best!.count { best = writer.bytes }
        }
        return best ?? []
    }

    /// The signature, 14-bit width − 1 and height − 1, the alpha hint and version 0.
    private static func writeHeader(width: Int, height: Int, hasAlpha: Bool, to writer: inout BitWriter) {
        writer.write(UInt32(VP8LHeader.signature), bits: 8)
        writer.write(UInt32(width - 1), bits: 14)
        writer.write(UInt32(height - 1), bits: 14)
        writer.write(hasAlpha ? 1 : 0, bits: 1)
        writer.write(0, bits: 3)
    }

    /// RGBA bytes as ARGB words.
    static func argbPixels(_ image: RGBAImage) -> [UInt32] {
        let count = image.width * image.height
        var argb = [UInt32](repeating: 0, count: count)
        unsafe image.pixels.withUnsafeBytes { raw in
            for index in 0 ..< count {
                let abgr = unsafe UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
                argb[index] = (abgr & 0xff00_ff00) | (abgr >> 16 & 0xff) | (abgr & 0xff) << 16
            }
        }
        return argb
    }
}

/// How hard ``VP8LEncoder`` works, from a 0...9 level.
struct VP8LEncoderSettings: Sendable {
    var entropy: VP8LEntropyEncoder.Settings
    /// Encode every applicable transform plan and keep the smallest (else pick by heuristics).
    var triesAllPlans: Bool
    /// log2 of the predictor and cross-colour tile sides.
    var tileBits: Int
    /// Also try prediction without subtract-green and cross-colour (and, with
    /// ``triesAllPlans``, each of them alone).
    var triesSpatialVariants: Bool
    /// Whether fully transparent pixels may decode with another colour: true for a frame blended
    /// over the canvas, where they show the canvas. The predictor then codes them as their
    /// prediction (a zero colour residual), as libwebp does unless told to keep them exact.
    var transparentColorIsFree = false

    /// The level ``WebPEncoder`` uses unless told otherwise.
    static let defaultLevel = 6
    /// The level these settings were made from.
    let level: Int

    init(level: Int) {
        let level = min(max(level, 0), 9)
        self.level = level
        // Level 6 searches as far as level 5: its chain of 48 found longer matches farther back
        // that cost more than they saved (the perf animations 0.6 % larger, testsrc2 0.1 % smaller),
        // and left level 6 larger than level 5.
        let chain = [1, 4, 8, 16, 24, 32, 32, 64, 96, 128][level]
        // Animations' palette frames mostly take a cache of 1 to 3 bits.
        let caches: [Int] = level < 3 ? [0] : level < 5 ? [0, 4, 8] : level < 6 ? [0, 1, 2, 3, 4, 8] : Array(0...10)
        entropy = VP8LEntropyEncoder.Settings(
            matching: VP8LMatchFinder.Settings(chainLength: chain, isLazy: level >= 5, shortensRepeatedCopies: level == 5,
                                               takenLength: level == 5 ? 64 : nil),
            cacheCandidates: caches, refinesMatches: level >= 5, parsesOptimally: level >= 5,
            entropyImageBits: level < 4 ? [] : level < 5 ? [5] : [4, 5], groupLimit: 64)
        triesAllPlans = level >= 7
        triesSpatialVariants = level >= 6
        tileBits = 4
    }

    /// Settings for a transform's sub-image: small, so a quick search does.
    var subImage: VP8LEntropyEncoder.Settings { entropy.forSubImage }
}
