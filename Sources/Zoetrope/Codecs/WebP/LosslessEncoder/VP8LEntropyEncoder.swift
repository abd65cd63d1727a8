/// Writes the entropy-coded part of one VP8L image level (RFC 9649 §5): the colour cache size,
/// for the main image the meta prefix codes (an entropy image when several code groups pay),
/// the prefix codes of each group, and the pixels as literals, cache indices and backward
/// references.
enum VP8LEntropyEncoder {
    /// How hard to compress.
    struct Settings: Sendable {
        var matching: VP8LMatchFinder.Settings
        /// Colour cache sizes to try (log2; 0 is no cache).
        var cacheCandidates: [Int]
        /// Run LZ77 a second time, taking only the matches that pay under the first pass's costs.
        var refinesMatches = false
        /// Make that second pass the cheapest parse under those costs, not a greedy one.
        var parsesOptimally = false
        /// log2 of the entropy image tile sides to try (the main image keeps whichever codes
        /// smallest, or one code group); empty for one code group.
        var entropyImageBits: [Int] = []
        /// The most code groups.
        var groupLimit = 1
    }

    /// Writes `pixels` (`width` per row). `isMainImage` adds the meta prefix code flag, which
    /// only the main image has.
    static func write(_ pixels: [UInt32], width: Int, isMainImage: Bool, settings: Settings,
                      to writer: inout BitWriter) {
        let (cacheBits, tokens) = VP8LColorCacheEncoder.best(of: settings.cacheCandidates,
                                                             tokens: matches(pixels, width: width, settings: settings),
                                                             pixels: pixels)
        if cacheBits > 0 {
            writer.write(1, bits: 1)
            writer.write(UInt32(cacheBits), bits: 4)
        } else {
            writer.write(0, bits: 1)
        }
        guard isMainImage else { return writeCodes(of: tokens, cacheBits: cacheBits, to: &writer) }
        // One code group, or an entropy image of each tile size tried: whichever codes smallest.
        // The clustering's estimates pick neither the group count nor the tile size well enough
        // (testsrc2 codes 1.3 % smaller with 16-pixel tiles than with 32, the perf animations
        // 1 % larger), and writing the tokens again costs little beside finding them.
        var best = writer
        best.write(0, bits: 1)
        writeCodes(of: tokens, cacheBits: cacheBits, to: &best)
        for bits in settings.entropyImageBits {
            guard let image = VP8LEntropyImage.plan(tokens: tokens, width: width, height: pixels.count / width,
                                                    cacheBits: cacheBits, bits: bits, limit: settings.groupLimit)
            else { continue }
            var trial = writer
            writeGroups(of: tokens, image: image, cacheBits: cacheBits, settings: settings, to: &trial)
            if trial.bitCount < best.bitCount { best = trial }
        }
        writer = best
    }

    /// One group's prefix codes and `tokens` coded with them.
    private static func writeCodes(of tokens: [VP8LToken], cacheBits: Int, to writer: inout BitWriter) {
        let codes = Codes(VP8LHistogram(tokens, cacheBits: cacheBits))
        codes.writeDescriptions(to: &writer)
        for token in tokens { codes.write(token, to: &writer) }
    }

    /// The meta prefix codes of `image` (its tile size and sub-image), each group's prefix codes,
    /// and `tokens` coded with their tiles' groups.
    private static func writeGroups(of tokens: [VP8LToken], image: VP8LEntropyImage, cacheBits: Int, settings: Settings,
                                    to writer: inout BitWriter) {
        var histograms = [VP8LHistogram](repeating: VP8LHistogram(cacheBits: cacheBits), count: image.groupCount)
        image.forEachGroup(of: tokens) { token, group in histograms[group].add(token) }
        writer.write(1, bits: 1)
        writer.write(UInt32(image.grid.bits - 2), bits: 3)
        write(image.tileImage, width: image.grid.tilesPerRow, isMainImage: false, settings: settings.forSubImage, to: &writer)
        let codes = histograms.map(Codes.init)
        for group in codes { group.writeDescriptions(to: &writer) }
        image.forEachGroup(of: tokens) { token, group in codes[group].write(token, to: &writer) }
    }

    /// Literals and copies for `pixels`: one LZ77 pass, or a second one priced by the first.
    private static func matches(_ pixels: [UInt32], width: Int, settings: Settings) -> [VP8LToken] {
        guard settings.refinesMatches else { return VP8LMatchFinder.tokens(pixels, width: width, settings: settings.matching) }
        var matching = settings.matching
        matching.costs = firstPassCosts(pixels, width: width, settings: settings)
        matching.minimumLength = 2
        return VP8LMatchFinder.tokens(pixels, width: width, settings: matching, optimal: settings.parsesOptimally)
    }

    /// The chain length of the pass that prices an optimal parse: it only counts symbols, and a
    /// longer search made the output no smaller (a chain of 48 made the output 0.1 % larger).
    static let pricingChainLength = 8

    /// The shortest copy the pricing pass takes. Its many copies of 3 made that length's code
    /// cheap, and the parse then split runs into short copies: 4 (libwebp's too) makes testsrc2's
    /// frames 0.8 % smaller, the perf animations 0.5 % larger.
    static let pricingMinimumLength = 4

    /// The costs of a first LZ77 pass's symbols (its tokens are gone before the second pass makes
    /// its own). An optimal parse is priced with the colour cache that suits the first pass best,
    /// so that a literal the cache holds costs its index.
    private static func firstPassCosts(_ pixels: [UInt32], width: Int, settings: Settings) -> VP8LCostModel {
        guard settings.parsesOptimally else {
            return VP8LCostModel(VP8LHistogram(VP8LMatchFinder.tokens(pixels, width: width, settings: settings.matching),
                                               cacheBits: 0))
        }
        var pricing = settings.matching
        pricing.chainLength = min(pricing.chainLength, pricingChainLength)
        pricing.minimumLength = pricingMinimumLength
        let tokens = VP8LMatchFinder.tokens(pixels, width: width, settings: pricing)
        return VP8LCostModel(VP8LColorCacheEncoder.cheapest(of: settings.cacheCandidates, tokens: tokens, pixels: pixels).histogram)
    }

    /// The five codes of a group.
    struct Codes {
        let green, red, blue, alpha, distance: VP8LHuffmanCode

        init(_ histogram: VP8LHistogram) {
            green = VP8LHuffmanCode(histogram: histogram.green)
            red = VP8LHuffmanCode(histogram: histogram.red)
            blue = VP8LHuffmanCode(histogram: histogram.blue)
            alpha = VP8LHuffmanCode(histogram: histogram.alpha)
            distance = VP8LHuffmanCode(histogram: histogram.distance)
        }

        func writeDescriptions(to writer: inout BitWriter) {
            for code in [green, red, blue, alpha, distance] { VP8LCodeLengthWriter.write(code, to: &writer) }
        }

        @inline(__always)
        func write(_ token: VP8LToken, to writer: inout BitWriter) {
            switch token.kind {
            case .literal:
                let argb = token.value
                green.write(Int((argb >> 8) & 0xff), to: &writer)
                red.write(Int((argb >> 16) & 0xff), to: &writer)
                blue.write(Int(argb & 0xff), to: &writer)
                alpha.write(Int(argb >> 24), to: &writer)
            case .cacheIndex:
                green.write(VP8LPrefixCodeSet.literalCount + VP8LPrefixCodeSet.lengthPrefixCount + Int(token.value), to: &writer)
            case .copy:
                let length = VP8LPrefixEncoding.split(token.length)
                green.write(VP8LPrefixCodeSet.literalCount + length.prefix, to: &writer)
                writer.write(length.extra, bits: length.extraBits)
                let distance = VP8LPrefixEncoding.split(Int(token.value))
                self.distance.write(distance.prefix, to: &writer)
                writer.write(distance.extra, bits: distance.extraBits)
            }
        }
    }
}

extension VP8LEntropyEncoder.Settings {
    /// The same search for a sub-image, with one code group and no cache.
    var forSubImage: VP8LEntropyEncoder.Settings {
        VP8LEntropyEncoder.Settings(matching: matching, cacheCandidates: [0])
    }
}
