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
        for (bits, counts) in zip(candidates, histograms(bits: candidates, of: tokens, pixels: pixels)) {
            let cost = counts.estimatedBits
            if cost < bestCost {
                bestCost = cost
                best = (bits, counts)
            }
        }
        return best
    }

    /// The histograms of ``apply(bits:to:pixels:)``'s results for each of `candidates`, in one
    /// sweep over the tokens: one hash per pixel serves every cache size (a size's slot is the
    /// hash's top bits), and the copies, the same under every size, are counted once.
    static func histograms(bits candidates: [Int], of tokens: [VP8LToken], pixels: [UInt32]) -> [VP8LHistogram] {
        // The caches side by side: 2^bits entries from offset 2^bits, cache indices counted likewise.
        let largest = candidates.max() ?? 0
        var caches = [UInt32](repeating: 0, count: 2 << largest), indexCounts = [UInt32](repeating: 0, count: 2 << largest)
        // Literals missed, per candidate: alpha, red, green, blue, 256 each.
        var literals = [UInt32](repeating: 0, count: candidates.count << 10)
        let sized = candidates.enumerated().map { (offset: $0.offset << 10, bits: $0.element) }
        var copies = VP8LHistogram(cacheBits: 0)
        var position = 0
        for token in tokens {
            if token.kind == .copy {
                // A pixel like the one before it goes where that one went: only changes are stored.
                var last = ~pixels[position]
                for offset in position ..< position + token.length where pixels[offset] != last {
                    let argb = pixels[offset], hash = argb &* VP8LColorCache.hashMultiplier
                    last = argb
                    for entry in sized where entry.bits > 0 { caches[1 << entry.bits | Int(hash >> UInt32(32 - entry.bits))] = argb }
                }
                copies.add(token)
            } else {
                let argb = token.value, hash = argb &* VP8LColorCache.hashMultiplier
                for entry in sized {
                    if entry.bits > 0 {
                        let slot = 1 << entry.bits | Int(hash >> UInt32(32 - entry.bits))
                        if caches[slot] == argb {
                            indexCounts[slot] += 1
                            continue
                        }
                        caches[slot] = argb
                    }
                    literals[entry.offset | Int(argb >> 24)] += 1
                    literals[entry.offset | 0x100 | Int((argb >> 16) & 0xff)] += 1
                    literals[entry.offset | 0x200 | Int((argb >> 8) & 0xff)] += 1
                    literals[entry.offset | 0x300 | Int(argb & 0xff)] += 1
                }
            }
            position += token.length
        }
        return sized.map { entry in
            var histogram = VP8LHistogram(cacheBits: entry.bits)
            histogram.alpha = Array(literals[entry.offset ..< entry.offset + 0x100])
            histogram.red = Array(literals[entry.offset + 0x100 ..< entry.offset + 0x200])
            histogram.blue = Array(literals[entry.offset + 0x300 ..< entry.offset + 0x400])
            histogram.distance = copies.distance
            histogram.extraBits = copies.extraBits
            let cacheStart = VP8LPrefixCodeSet.literalCount + VP8LPrefixCodeSet.lengthPrefixCount
            for symbol in 0 ..< cacheStart {
                histogram.green[symbol] = symbol < 256 ? literals[entry.offset + 0x200 + symbol] : copies.green[symbol]
            }
            if entry.bits > 0 {
                for slot in 0 ..< 1 << entry.bits { histogram.green[cacheStart + slot] = indexCounts[1 << entry.bits | slot] }
            }
            return histogram
        }
    }
}
