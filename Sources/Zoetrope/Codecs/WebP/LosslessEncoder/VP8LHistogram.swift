/// Symbol counts of the five alphabets of one VP8L prefix code group (RFC 9649 §3.7.2.2): green
/// with the length prefixes and cache indices, red, blue, alpha, and distance prefixes.
struct VP8LHistogram: Sendable {
    var green: [UInt32]
    var red = [UInt32](repeating: 0, count: 256)
    var blue = [UInt32](repeating: 0, count: 256)
    var alpha = [UInt32](repeating: 0, count: 256)
    var distance = [UInt32](repeating: 0, count: VP8LPrefixCodeSet.distancePrefixCount)
    /// Extra bits of lengths and distances, which no code can shorten.
    var extraBits = 0

    /// log2 of the colour cache's size (0: none), from the green alphabet's size.
    var cacheBits: Int {
        let cacheSize = green.count - VP8LPrefixCodeSet.literalCount - VP8LPrefixCodeSet.lengthPrefixCount
        return cacheSize > 0 ? cacheSize.trailingZeroBitCount : 0
    }

    /// Empty counts for a stream with a colour cache of 2^`cacheBits` entries (0: none).
    init(cacheBits: Int) {
        let cacheSize = cacheBits > 0 ? 1 << cacheBits : 0
        green = [UInt32](repeating: 0, count: VP8LPrefixCodeSet.literalCount + VP8LPrefixCodeSet.lengthPrefixCount + cacheSize)
    }

    /// The counts of `tokens`.
    init(_ tokens: [VP8LToken], cacheBits: Int) {
        self.init(cacheBits: cacheBits)
        for token in tokens { add(token) }
    }

    @inline(__always)
    mutating func add(_ token: VP8LToken) {
        switch token.kind {
        case .literal:
            let argb = token.value
            alpha[Int(argb >> 24)] += 1
            red[Int((argb >> 16) & 0xff)] += 1
            green[Int((argb >> 8) & 0xff)] += 1
            blue[Int(argb & 0xff)] += 1
        case .cacheIndex:
            green[VP8LPrefixCodeSet.literalCount + VP8LPrefixCodeSet.lengthPrefixCount + Int(token.value)] += 1
        case .copy:
            let length = VP8LPrefixEncoding.split(token.length)
            green[VP8LPrefixCodeSet.literalCount + length.prefix] += 1
            let distance = VP8LPrefixEncoding.split(Int(token.value))
            self.distance[distance.prefix] += 1
            extraBits += length.extraBits + distance.extraBits
        }
    }

    /// About how many bits the pixel data takes with codes fitted to these counts (Shannon
    /// entropy plus extra bits, plus a rough cost per used symbol for describing the codes).
    var estimatedBits: Double {
        [green, red, blue, alpha, distance].reduce(Double(extraBits)) { $0 + VP8LEntropy.bits($1) }
    }
}

/// Entropy estimates for choosing among encodings.
enum VP8LEntropy {
    /// Bits to code the symbols counted in `histogram` with an ideal code, plus about 4 bits per
    /// used symbol for the code's description.
    static func bits(_ histogram: [UInt32]) -> Double {
        var total: UInt64 = 0, used = 0
        var sum = 0.0
        for count in histogram where count > 0 {
            total += UInt64(count)
            used += 1
            sum += Double(count) * binaryLogarithm(Double(count))
        }
        guard used > 1 else { return 0 }
        let n = Double(total)
        return n * binaryLogarithm(n) - sum + 4 * Double(used)
    }
}
