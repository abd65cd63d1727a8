/// Applies a colour cache (RFC 9649 §5.2.3) to a token stream: literals whose colour sits in the
/// cache become cache indices. The cache follows the decoder's: every pixel, literal, cached or
/// copied, is stored at its hash slot in turn.
enum VP8LColorCacheEncoder {
    /// `tokens` (of `pixels`, in order) with cache indices for a 2^`bits`-entry cache.
    static func apply(bits: Int, to tokens: [VP8LToken], pixels: [UInt32]) -> [VP8LToken] {
        guard bits > 0 else { return tokens }
        var cache = [UInt32](repeating: 0, count: 1 << bits)
        var result = tokens
        var position = 0
        for index in result.indices {
            let token = result[index]
            if token.kind == .copy {
                for offset in position ..< position + token.length {
                    let argb = pixels[offset]
                    cache[VP8LColorCache.index(of: argb, bits: bits)] = argb
                }
            } else {
                let slot = VP8LColorCache.index(of: token.value, bits: bits)
                if cache[slot] == token.value {
                    result[index] = VP8LToken(kind: .cacheIndex, value: UInt32(slot), length: 1)
                } else {
                    cache[slot] = token.value
                }
            }
            position += token.length
        }
        return result
    }

    /// The cache size among `candidates` (0: none) whose token stream is estimated smallest,
    /// with that stream. Each candidate is priced from a histogram alone; only the chosen stream
    /// is built (a 1080p frame's tokens take up to 16 MB).
    static func best(of candidates: [Int], tokens: [VP8LToken], pixels: [UInt32]) -> (bits: Int, tokens: [VP8LToken]) {
        let best = cheapest(of: candidates, tokens: tokens, pixels: pixels).bits
        return (best, apply(bits: best, to: tokens, pixels: pixels))
    }

    /// The cache size among `candidates` whose stream is estimated smallest, with that stream's
    /// histogram.
    static func cheapest(of candidates: [Int], tokens: [VP8LToken], pixels: [UInt32]) -> (bits: Int, histogram: VP8LHistogram) {
        var best = (bits: 0, histogram: VP8LHistogram(cacheBits: 0))
        var bestCost = Double.infinity
        for bits in candidates {
            let counts = histogram(bits: bits, of: tokens, pixels: pixels)
            let cost = counts.estimatedBits
            if cost < bestCost {
                bestCost = cost
                best = (bits, counts)
            }
        }
        return best
    }

    /// The histogram of ``apply(bits:to:pixels:)``'s result, without building it.
    static func histogram(bits: Int, of tokens: [VP8LToken], pixels: [UInt32]) -> VP8LHistogram {
        var histogram = VP8LHistogram(cacheBits: bits)
        guard bits > 0 else {
            for token in tokens { histogram.add(token) }
            return histogram
        }
        var cache = [UInt32](repeating: 0, count: 1 << bits)
        var position = 0
        for token in tokens {
            if token.kind == .copy {
                for offset in position ..< position + token.length {
                    let argb = pixels[offset]
                    cache[VP8LColorCache.index(of: argb, bits: bits)] = argb
                }
                histogram.add(token)
            } else {
                let slot = VP8LColorCache.index(of: token.value, bits: bits)
                if cache[slot] == token.value {
                    histogram.add(VP8LToken(kind: .cacheIndex, value: UInt32(slot), length: 1))
                } else {
                    cache[slot] = token.value
                    histogram.add(token)
                }
            }
            position += token.length
        }
        return histogram
    }
}
