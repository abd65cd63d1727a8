/// The predictor transform, forward (RFC 9649 §4.1): each pixel minus its prediction from
/// already-coded neighbours, with a mode 0...13 per tile chosen by the smallest residual cost: the
/// residuals' sizes, or what they add to the entropy of the residuals chosen so far (which favours
/// modes that repeat the image's common residuals, as smooth gradients do).
///
/// The edges follow the format whatever the tile's mode: the first pixel is predicted by opaque
/// black, the rest of the top row by the left pixel, the first column by the pixel above.
enum VP8LPredictorEncoder {
    /// The prediction of `mode` from the neighbours (the same arithmetic as the decoder's).
    @inline(__always)
    static func predict(_ mode: Int, left: UInt32, top: UInt32, topLeft: UInt32, topRight: UInt32) -> UInt32 {
        typealias P = VP8LPredictorTransform
        switch mode {
        case 1: return left
        case 2: return top
        case 3: return topRight
        case 4: return topLeft
        case 5: return P.average(P.average(left, topRight), top)
        case 6: return P.average(left, topLeft)
        case 7: return P.average(left, top)
        case 8: return P.average(topLeft, top)
        case 9: return P.average(top, topRight)
        case 10: return P.average(P.average(left, topLeft), P.average(top, topRight))
        case 11: return P.select(top: top, left: left, topLeft: topLeft)
        case 12: return P.clampedAddSubtractFull(left, top, topLeft)
        case 13: return P.clampedAddSubtractHalf(left, top, topLeft)
        default: return P.opaqueBlack
        }
    }

    /// The prediction of pixel (`x`, `y`) under `mode` with the format's edge rules (opaque black
    /// for the first pixel, the left one on the top row, the one above in the first column), from
    /// `pixel(index)`: the pixels before it as the decoder has them.
    @inline(__always)
    static func prediction(x: Int, y: Int, width: Int, mode: Int, _ pixel: (Int) -> UInt32) -> UInt32 {
        let index = y * width + x
        if y == 0 { return x == 0 ? VP8LPredictorTransform.opaqueBlack : pixel(index - 1) }
        if x == 0 { return pixel(index - width) }
        let above = index - width
        return predict(mode, left: pixel(index - 1), top: pixel(above), topLeft: pixel(above - 1), topRight: pixel(above + 1))
    }

    /// The residual of the pixel at `index` (not in the top row or first column) under `mode`.
    @inline(__always)
    static func residual(_ pixels: UnsafeBufferPointer<UInt32>, _ index: Int, width: Int, mode: Int) -> UInt32 {
        let above = index - width
        let prediction = unsafe predict(mode, left: pixels[index - 1], top: pixels[above], topLeft: pixels[above - 1],
                                 topRight: pixels[above + 1])
        return unsafe vp8lSubtractPixels(pixels[index], prediction)
    }

    /// Writes the transform (type, tile size, the mode image) and returns the residuals.
    static func write(_ argb: [UInt32], width: Int, height: Int, tileBits: Int, modesByEntropy: Bool = false,
                      settings: VP8LEncoderSettings, to writer: inout BitWriter) -> [UInt32] {
        let grid = VP8LTileGrid(width: width, height: height, bits: tileBits)
        var modes = [UInt32](repeating: 0, count: grid.count)
        var residuals = [UInt32](repeating: 0, count: argb.count)
        var statistics = VP8LResidualStatistics()
        unsafe argb.withUnsafeBufferPointer { pixels in
            unsafe VP8LResidualCost.table.withUnsafeBufferPointer { cost in
                grid.forEach { index, tile in
                    // The neighbours' modes cost less in the mode image: prefer them a little.
                    let left = index % grid.tilesPerRow > 0 ? Int((modes[index - 1] >> 8) & 0xf) : -1
                    let top = index >= grid.tilesPerRow ? Int((modes[index - grid.tilesPerRow] >> 8) & 0xf) : -1
                    let mode = unsafe modesByEntropy
                        ? modeByEntropy(pixels, tile: tile, width: width, statistics: &statistics, preferred: (left, top))
                        : bestMode(pixels, tile: tile, width: width, cost: cost, preferred: (left, top))
                    modes[index] = 0xff00_0000 | UInt32(mode) << 8
                    unsafe fill(&residuals, pixels, tile: tile, width: width, mode: mode)
                    if modesByEntropy { statistics.add(residuals, tile: tile, width: width) }
                }
            }
        }
        grid.writeTransform(.predictor, tiles: modes, settings: settings, to: &writer)
        if settings.transparentColorIsFree {
            return residualsCodingTransparentAsPredicted(argb, grid: grid, modes: modes)
        }
        return residuals
    }

    /// The residuals under the chosen `modes` with every fully transparent pixel coded as its
    /// prediction (a zero colour residual), for images whose transparent pixels' colour is free.
    /// Raster order, predicting from the pixels as the decoder rebuilds them, since a pixel
    /// changed this way is a neighbour of later ones (including across tiles, up and to the right).
    private static func residualsCodingTransparentAsPredicted(_ argb: [UInt32], grid: VP8LTileGrid,
                                                              modes: [UInt32]) -> [UInt32] {
        let width = grid.width
        var rebuilt = argb
        var residuals = [UInt32](repeating: 0, count: argb.count)
        for y in 0 ..< grid.height {
            for x in 0 ..< width {
                let index = y * width + x
                let mode = Int((modes[(y >> grid.bits) * grid.tilesPerRow + (x >> grid.bits)] >> 8) & 0xf)
                let prediction = prediction(x: x, y: y, width: width, mode: mode) { rebuilt[$0] }
                if rebuilt[index] >> 24 == 0 { rebuilt[index] = prediction & 0x00ff_ffff }
                residuals[index] = vp8lSubtractPixels(rebuilt[index], prediction)
            }
        }
        return residuals
    }

    /// About what a mode unlike its neighbours' costs in the mode image, in 1/16 bits.
    static let modeChangeCost: Int32 = 6 * 16

    /// The mode with the cheapest residuals over the tile's inner pixels (those off the edges),
    /// counting ``modeChangeCost`` against modes other than the `preferred` (left, top) ones.
    private static func bestMode(_ pixels: UnsafeBufferPointer<UInt32>, tile: PixelRect, width: Int,
                                 cost: UnsafeBufferPointer<Int32>, preferred: (Int, Int)) -> Int {
        let firstX = max(tile.x, 1), firstY = max(tile.y, 1)
        guard firstX < tile.maxX, firstY < tile.maxY else { return max(preferred.0, preferred.1, 0) }
        var best = (mode: 0, cost: Int32.max)
        for mode in 0 ..< 14 {
            var total: Int32 = mode == preferred.0 || mode == preferred.1 ? 0 : modeChangeCost
            for y in firstY ..< tile.maxY {
                for x in firstX ..< tile.maxX {
                    unsafe total &+= VP8LResidualCost.pixel(residual(pixels, y * width + x, width: width, mode: mode), cost)
                }
                if total >= best.cost { break }
            }
            if total < best.cost { best = (mode, total) }
        }
        return best.mode
    }

    /// The mode whose residuals over the tile's inner pixels add the fewest bits to those chosen so
    /// far, counting about ``modeChangeCost`` against modes other than the `preferred` ones.
    private static func modeByEntropy(_ pixels: UnsafeBufferPointer<UInt32>, tile: PixelRect, width: Int,
                                      statistics: inout VP8LResidualStatistics, preferred: (Int, Int)) -> Int {
        let firstX = max(tile.x, 1), firstY = max(tile.y, 1)
        guard firstX < tile.maxX, firstY < tile.maxY else { return max(preferred.0, preferred.1, 0) }
        let changeBits = Double(modeChangeCost) / 16
        var best = (mode: 0, bits: Double.infinity)
        for mode in 0 ..< 14 {
            for y in firstY ..< tile.maxY {
                for x in firstX ..< tile.maxX { unsafe statistics.count(residual(pixels, y * width + x, width: width, mode: mode)) }
            }
            let bits = statistics.addedBits() + (mode == preferred.0 || mode == preferred.1 ? 0 : changeBits)
            if bits < best.bits { best = (mode, bits) }
        }
        return best.mode
    }

    /// Writes the residuals of the tile's pixels under `mode` (edge pixels by the edge rules).
    private static func fill(_ residuals: inout [UInt32], _ pixels: UnsafeBufferPointer<UInt32>, tile: PixelRect,
                             width: Int, mode: Int) {
        for y in tile.y ..< tile.maxY {
            for x in tile.x ..< tile.maxX {
                let index = y * width + x
                residuals[index] = unsafe vp8lSubtractPixels(pixels[index], prediction(x: x, y: y, width: width, mode: mode) { unsafe pixels[$0] })
            }
        }
    }
}
