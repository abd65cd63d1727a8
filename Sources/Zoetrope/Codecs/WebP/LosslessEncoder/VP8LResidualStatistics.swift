/// Histograms of residual bytes, per channel, for choosing predictor modes by entropy: those of
/// the residuals chosen so far, and those of one candidate tile, priced by the bits the candidate
/// adds to an ideal code for all of them.
struct VP8LResidualStatistics {
    /// Per channel (alpha, red, green, blue), 256 counts each.
    private var chosen = [Int](repeating: 0, count: 4 * 256)
    private var chosenTotal = 0
    private var candidate = [Int](repeating: 0, count: 4 * 256)
    private var candidateTotal = 0
    /// Bins the candidate has touched, to price and clear only those.
    private var touched: [Int] = []

    /// Counts one residual of the candidate tile.
    mutating func count(_ argb: UInt32) {
        for channel in 0..<4 {
            let bin = channel << 8 | Int((argb >> UInt32(24 - 8 * channel)) & 0xff)
            if candidate[bin] == 0 { touched.append(bin) }
            candidate[bin] += 1
        }
        candidateTotal += 1
    }

    /// The bits the counted candidate adds to an ideal code for the chosen residuals (per channel,
    /// n log₂ n of the total less that of each bin, before and after), then forgets the candidate.
    mutating func addedBits() -> Double {
        @inline(__always) func nLogN(_ n: Int) -> Double { n > 0 ? Double(n) * binaryLogarithm(Double(n)) : 0 }
        var bits = 4 * (nLogN(chosenTotal + candidateTotal) - nLogN(chosenTotal))
        for bin in touched {
            bits -= nLogN(chosen[bin] + candidate[bin]) - nLogN(chosen[bin])
            candidate[bin] = 0
        }
        touched.removeAll(keepingCapacity: true)
        candidateTotal = 0
        return bits
    }

    /// Adds the tile's final residuals to the chosen ones.
    mutating func add(_ residuals: [UInt32], tile: PixelRect, width: Int) {
        for y in tile.y ..< tile.maxY {
            for x in tile.x ..< tile.maxX {
                let argb = residuals[y * width + x]
                for channel in 0..<4 { chosen[channel << 8 | Int((argb >> UInt32(24 - 8 * channel)) & 0xff)] += 1 }
                chosenTotal += 1
            }
        }
    }
}
