/// Writes the entropy-coded part of one VP8L image level (RFC 9649 §5): the colour cache size,
/// for the main image the (absent) meta prefix codes, the five prefix codes of its single group,
/// and the pixels as literals, cache indices and backward references.
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
    }

    /// Writes `pixels` (`width` per row). `isMainImage` adds the meta prefix code flag, which
    /// only the main image has.
    static func write(_ pixels: [UInt32], width: Int, isMainImage: Bool, settings: Settings,
                      to writer: inout BitWriter) {
        var plain = VP8LMatchFinder.tokens(pixels, width: width, settings: settings.matching)
        if settings.refinesMatches {
            var matching = settings.matching
            matching.costs = VP8LCostModel(VP8LHistogram(plain, cacheBits: 0))
            matching.minimumLength = 2
            plain = VP8LMatchFinder.tokens(pixels, width: width, settings: matching, optimal: settings.parsesOptimally)
        }
        let (cacheBits, tokens) = VP8LColorCacheEncoder.best(of: settings.cacheCandidates, tokens: plain, pixels: pixels)
        if cacheBits > 0 {
            writer.write(1, bits: 1)
            writer.write(UInt32(cacheBits), bits: 4)
        } else {
            writer.write(0, bits: 1)
        }
        if isMainImage { writer.write(0, bits: 1) } // one prefix code group for the whole image
        let histogram = VP8LHistogram(tokens, cacheBits: cacheBits)
        let codes = Codes(histogram)
        for code in [codes.green, codes.red, codes.blue, codes.alpha, codes.distance] {
            VP8LCodeLengthWriter.write(code, to: &writer)
        }
        for token in tokens { codes.write(token, to: &writer) }
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
