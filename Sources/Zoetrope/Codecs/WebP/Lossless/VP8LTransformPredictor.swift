/// The inverse predictor transform (RFC 9649 §4.1), with libwebp's exact arithmetic.
///
/// The top row predicts from the left (its first pixel from opaque black), the first column from
/// above, everything else with the tile's mode 0–13 (14 and 15 act as 0, as in libwebp). The
/// top-right neighbour of a row's last pixel is the first pixel of the current row, which is what
/// reading one past the row above gives in a contiguous buffer.
enum VP8LPredictorTransform {
    static let opaqueBlack: UInt32 = 0xff00_0000

    /// Byte-wise floor average of two ARGB words.
    @inline(__always)
    static func average(_ a: UInt32, _ b: UInt32) -> UInt32 {
        (((a ^ b) & 0xfefe_fefe) >> 1) &+ (a & b)
    }

    /// Mode 11: whichever of top and left is closer (by summed channel distances) to the
    /// gradient estimate left + top − top-left; ties go to top.
    @inline(__always)
    static func select(top: UInt32, left: UInt32, topLeft: UInt32) -> UInt32 {
        var score: Int32 = 0
        var shift: UInt32 = 0
        while shift < 32 {
            let t = Int32((top >> shift) & 0xff), l = Int32((left >> shift) & 0xff)
            let c = Int32((topLeft >> shift) & 0xff)
            score &+= abs(l &- c) &- abs(t &- c)
            shift += 8
        }
        return score <= 0 ? top : left
    }

    @inline(__always)
    private static func clampByte(_ value: Int32) -> UInt32 {
        UInt32(min(max(value, 0), 255))
    }

    /// Mode 12: per channel, left + top − top-left clamped to 0...255.
    @inline(__always)
    static func clampedAddSubtractFull(_ a: UInt32, _ b: UInt32, _ c: UInt32) -> UInt32 {
        var result: UInt32 = 0
        var shift: UInt32 = 0
        while shift < 32 {
            let sum = Int32((a >> shift) & 0xff) &+ Int32((b >> shift) & 0xff) &- Int32((c >> shift) & 0xff)
            result |= clampByte(sum) << shift
            shift += 8
        }
        return result
    }

    /// Mode 13: per channel, avg + (avg − top-left) / 2 (division truncating towards zero)
    /// clamped to 0...255, where avg is the byte-wise average of left and top.
    @inline(__always)
    static func clampedAddSubtractHalf(_ a: UInt32, _ b: UInt32, _ c: UInt32) -> UInt32 {
        let mean = average(a, b)
        var result: UInt32 = 0
        var shift: UInt32 = 0
        while shift < 32 {
            let m = Int32((mean >> shift) & 0xff), t = Int32((c >> shift) & 0xff)
            result |= clampByte(m &+ (m &- t) / 2) << shift
            shift += 8
        }
        return result
    }

    /// The prediction of `mode` for pixel `index`, from neighbours already reconstructed.
    @inline(__always)
    static func predict(_ mode: UInt32, _ pixels: UnsafeMutableBufferPointer<UInt32>, _ index: Int, width: Int) -> UInt32 {
        let left = pixels[index - 1]
        let top = pixels[index - width]
        switch mode {
        case 1: return left
        case 2: return top
        case 3: return pixels[index - width + 1]
        case 4: return pixels[index - width - 1]
        case 5: return average(average(left, pixels[index - width + 1]), top)
        case 6: return average(left, pixels[index - width - 1])
        case 7: return average(left, top)
        case 8: return average(pixels[index - width - 1], top)
        case 9: return average(top, pixels[index - width + 1])
        case 10: return average(average(left, pixels[index - width - 1]), average(top, pixels[index - width + 1]))
        case 11: return select(top: top, left: left, topLeft: pixels[index - width - 1])
        case 12: return clampedAddSubtractFull(left, top, pixels[index - width - 1])
        case 13: return clampedAddSubtractHalf(left, top, pixels[index - width - 1])
        default: return opaqueBlack
        }
    }

    /// Reconstructs the first `rows` rows in place.
    static func invert(_ pixels: UnsafeMutableBufferPointer<UInt32>, rows: Int, data: VP8LTileData) {
        let width = data.width
        guard rows > 0 else { return }
        pixels[0] = vp8lAddPixels(pixels[0], opaqueBlack)
        for x in 1 ..< width { pixels[x] = vp8lAddPixels(pixels[x], pixels[x - 1]) }
        data.tiles.withUnsafeBufferPointer { tiles in
            for y in 1 ..< rows {
                let rowStart = y * width
                pixels[rowStart] = vp8lAddPixels(pixels[rowStart], pixels[rowStart - width])
                let tileRow = (y >> data.bits) * data.tilesPerRow
                var x = 1
                while x < width {
                    let mode = (tiles[tileRow + (x >> data.bits)] >> 8) & 0xf
                    let runEnd = min(width, (x | ((1 << data.bits) - 1)) + 1)
                    for index in rowStart + x ..< rowStart + runEnd {
                        pixels[index] = vp8lAddPixels(pixels[index], predict(mode, pixels, index, width: width))
                    }
                    x = runEnd
                }
            }
        }
    }
}
