/// Bit costs of literals and backward references under the codes a first pass would get
/// (−log₂ of each symbol's frequency), so that a second LZ77 pass takes a match only when it
/// is cheaper than spelling its pixels out.
struct VP8LCostModel: Sendable {
    private var green: [Float], red: [Float], blue: [Float], alpha: [Float], distance: [Float]
    /// log2 of the colour cache the counts were taken with (0: none): an optimal parse under
    /// these costs prices a literal the cache holds as its index.
    let cacheBits: Int

    init(_ histogram: VP8LHistogram) {
        cacheBits = histogram.cacheBits
        green = Self.costs(histogram.green)
        red = Self.costs(histogram.red)
        blue = Self.costs(histogram.blue)
        alpha = Self.costs(histogram.alpha)
        distance = Self.costs(histogram.distance)
    }

    /// −log₂ p per symbol; unseen symbols cost a little more than the rarest seen one.
    private static func costs(_ counts: [UInt32]) -> [Float] {
        let total = Double(counts.reduce(0) { $0 + UInt64($1) })
        guard total > 0 else { return [Float](repeating: 8, count: counts.count) }
        let logTotal = binaryLogarithm(total)
        return counts.map { count in Float(count > 0 ? logTotal - binaryLogarithm(Double(count)) : logTotal + 2) }
    }

    @inline(__always)
    func literal(_ argb: UInt32) -> Float {
        green[Int((argb >> 8) & 0xff)] + red[Int((argb >> 16) & 0xff)] + blue[Int(argb & 0xff)] + alpha[Int(argb >> 24)]
    }

    /// The cost of the cache index `slot`.
    @inline(__always)
    func cacheIndex(_ slot: Int) -> Float {
        green[VP8LPrefixCodeSet.literalCount + VP8LPrefixCodeSet.lengthPrefixCount + slot]
    }

    /// The green prefix's cost of a copy of `length` plus its extra bits.
    func lengthCost(_ length: Int) -> Float {
        let length = VP8LPrefixEncoding.split(length)
        return green[VP8LPrefixCodeSet.literalCount + length.prefix] + Float(length.extraBits)
    }

    /// The distance prefix's cost of `distanceCode` and its extra bits.
    @inline(__always)
    func distanceCost(_ distanceCode: Int) -> (prefix: Float, extra: Float) {
        let distance = VP8LPrefixEncoding.split(distanceCode)
        return (self.distance[distance.prefix], Float(distance.extraBits))
    }

    @inline(__always)
    func copy(length: Int, distanceCode: Int) -> Float {
        let length = VP8LPrefixEncoding.split(length), distance = VP8LPrefixEncoding.split(distanceCode)
        return green[VP8LPrefixCodeSet.literalCount + length.prefix] + Float(length.extraBits)
            + self.distance[distance.prefix] + Float(distance.extraBits)
    }
}
