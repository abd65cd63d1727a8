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
    /// with that stream.
    static func best(of candidates: [Int], tokens: [VP8LToken], pixels: [UInt32]) -> (bits: Int, tokens: [VP8LToken]) {
        var best = (bits: 0, tokens: tokens)
        var bestCost = Double.infinity
        for bits in candidates {
            let cached = apply(bits: bits, to: tokens, pixels: pixels)
            let cost = VP8LHistogram(cached, cacheBits: bits).estimatedBits
            if cost < bestCost {
                bestCost = cost
                best = (bits, cached)
            }
        }
        return best
    }
}
