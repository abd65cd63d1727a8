/// The cross-colour transform, forward (RFC 9649 §4.2): per tile, red loses a multiple of green
/// and blue multiples of green and red, with the multipliers that make the residuals cheapest.
enum VP8LCrossColorEncoder {
    /// One tile's multipliers (as the signed bytes the format stores).
    struct Multipliers {
        var greenToRed: UInt8 = 0
        var greenToBlue: UInt8 = 0
        var redToBlue: UInt8 = 0

        /// The tile word: red→blue in red, green→blue in green, green→red in blue.
        var word: UInt32 { 0xff00_0000 | UInt32(redToBlue) << 16 | UInt32(greenToBlue) << 8 | UInt32(greenToRed) }

        @inline(__always)
        func apply(_ argb: UInt32) -> UInt32 {
            let green = argb >> 8, red = argb >> 16
            let newRed = Int32((argb >> 16) & 0xff) &- VP8LCrossColorTransform.delta(UInt32(greenToRed), green)
            let newBlue = Int32(argb & 0xff) &- VP8LCrossColorTransform.delta(UInt32(greenToBlue), green)
                &- VP8LCrossColorTransform.delta(UInt32(redToBlue), red)
            return (argb & 0xff00_ff00) | (UInt32(bitPattern: newRed) & 0xff) << 16 | (UInt32(bitPattern: newBlue) & 0xff)
        }
    }

    /// Writes the transform (type, tile size, the multiplier image) and returns the transformed
    /// pixels.
    static func write(_ argb: [UInt32], width: Int, height: Int, tileBits: Int,
                      settings: VP8LEncoderSettings, to writer: inout BitWriter) -> [UInt32] {
        let grid = VP8LTileGrid(width: width, height: height, bits: tileBits)
        var tiles = [UInt32](repeating: 0, count: grid.count)
        var output = argb
        unsafe VP8LResidualCost.table.withUnsafeBufferPointer { cost in
            grid.forEach { index, tile in
                var samples: [UInt32] = []
                samples.reserveCapacity(tile.area)
                for y in tile.y ..< tile.maxY { samples.append(contentsOf: argb[y * width + tile.x ..< y * width + tile.maxX]) }
                let multipliers = unsafe search(samples, cost: cost)
                tiles[index] = multipliers.word
                for y in tile.y ..< tile.maxY {
                    for x in tile.x ..< tile.maxX { output[y * width + x] = multipliers.apply(argb[y * width + x]) }
                }
            }
        }
        grid.writeTransform(.crossColor, tiles: tiles, settings: settings, to: &writer)
        return output
    }

    /// Multipliers for a tile's pixels: green→red first (it sets red alone), then green→blue and
    /// red→blue, each by a coarse then a fine search.
    static func search(_ samples: [UInt32], cost: UnsafeBufferPointer<Int32>) -> Multipliers {
        var best = Multipliers()
        let red = best
        best.greenToRed = unsafe refine(samples, cost: cost, channel: { ($0 >> 16) & 0xff }) { value in
            var m = red
            m.greenToRed = value
            return m
        }
        let green = best
        best.greenToBlue = unsafe refine(samples, cost: cost, channel: { $0 & 0xff }) { value in
            var m = green
            m.greenToBlue = value
            return m
        }
        let blue = best
        best.redToBlue = unsafe refine(samples, cost: cost, channel: { $0 & 0xff }) { value in
            var m = blue
            m.redToBlue = value
            return m
        }
        return best
    }

    /// The multiplier value (a signed byte) whose `candidate` gives the cheapest `channel`.
    private static func refine(_ samples: [UInt32], cost: UnsafeBufferPointer<Int32>, channel: (UInt32) -> UInt32,
                               candidate: (UInt8) -> Multipliers) -> UInt8 {
        func total(_ value: Int) -> Int32 {
            let multipliers = candidate(UInt8(bitPattern: Int8(value)))
            var sum: Int32 = 0
            for pixel in samples { unsafe sum &+= cost[Int(channel(multipliers.apply(pixel)))] }
            return sum
        }
        var best = (value: 0, cost: total(0))
        for value in stride(from: -96, through: 96, by: 8) where value != 0 {
            let c = total(value)
            if c < best.cost { best = (value, c) }
        }
        let center = best.value
        for value in center - 7 ... center + 7 where value != center && (-128...127).contains(value) {
            let c = total(value)
            if c < best.cost { best = (value, c) }
        }
        return UInt8(bitPattern: Int8(best.value))
    }
}
