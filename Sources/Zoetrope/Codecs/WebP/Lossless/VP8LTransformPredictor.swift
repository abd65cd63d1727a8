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

    #if DEBUG
    /// Mode 11 (see the optimised one below) as one loop over the channels: unoptimised, its
    /// nested per-channel calls cost several times the arithmetic, on every pixel of the mode.
    static func select(top: UInt32, left: UInt32, topLeft: UInt32) -> UInt32 {
        var score: Int32 = 0, shift: UInt32 = 0
        repeat {
            let c = Int32(truncatingIfNeeded: (topLeft &>> shift) & 0xff)
            let l = Int32(truncatingIfNeeded: (left &>> shift) & 0xff) &- c
            let t = Int32(truncatingIfNeeded: (top &>> shift) & 0xff) &- c
            score = score &+ ((l ^ (l &>> 31)) &- (l &>> 31)) &- ((t ^ (t &>> 31)) &- (t &>> 31))
            shift &+= 8
        } while shift < 32
        return score <= 0 ? top : left
    }

    /// Mode 12 (see the optimised one below) as one loop over the channels.
    static func clampedAddSubtractFull(_ a: UInt32, _ b: UInt32, _ c: UInt32) -> UInt32 {
        var result: UInt32 = 0, shift: UInt32 = 0
        repeat {
            var sum = Int32(truncatingIfNeeded: (a &>> shift) & 0xff) &+ Int32(truncatingIfNeeded: (b &>> shift) & 0xff)
                &- Int32(truncatingIfNeeded: (c &>> shift) & 0xff)
            if sum < 0 { sum = 0 } else if sum > 255 { sum = 255 }
            result |= UInt32(truncatingIfNeeded: sum) &<< shift
            shift &+= 8
        } while shift < 32
        return result
    }

    /// Mode 13 (see the optimised one below) as one loop over the channels.
    static func clampedAddSubtractHalf(_ a: UInt32, _ b: UInt32, _ c: UInt32) -> UInt32 {
        let mean = average(a, b)
        var result: UInt32 = 0, shift: UInt32 = 0
        repeat {
            let m = Int32(truncatingIfNeeded: (mean &>> shift) & 0xff), t = Int32(truncatingIfNeeded: (c &>> shift) & 0xff)
            var value = m &+ (m &- t) / 2
            if value < 0 { value = 0 } else if value > 255 { value = 255 }
            result |= UInt32(truncatingIfNeeded: value) &<< shift
            shift &+= 8
        } while shift < 32
        return result
    }
    #else
    /// Mode 11: whichever of top and left is closer (by summed channel distances) to the
    /// gradient estimate left + top − top-left; ties go to top.
    @inline(__always)
    static func select(top: UInt32, left: UInt32, topLeft: UInt32) -> UInt32 {
        @inline(__always) func channelScore(_ shift: UInt32) -> Int32 {
            let t = Int32((top >> shift) & 0xff), l = Int32((left >> shift) & 0xff)
            let c = Int32((topLeft >> shift) & 0xff)
            return magnitude(l &- c) &- magnitude(t &- c)
        }
        let score = channelScore(24) &+ channelScore(16) &+ channelScore(8) &+ channelScore(0)
        return score <= 0 ? top : left
    }

    /// |value| for the small differences of bytes here, without `abs`'s overflow trap.
    @inline(__always)
    private static func magnitude(_ value: Int32) -> Int32 {
        let sign = value >> 31
        return (value ^ sign) &- sign
    }

    @inline(__always)
    private static func clampByte(_ value: Int32) -> UInt32 {
        UInt32(min(max(value, 0), 255))
    }

    /// Mode 12: per channel, left + top − top-left clamped to 0...255.
    @inline(__always)
    static func clampedAddSubtractFull(_ a: UInt32, _ b: UInt32, _ c: UInt32) -> UInt32 {
        @inline(__always) func channel(_ shift: UInt32) -> UInt32 {
            let sum = Int32((a >> shift) & 0xff) &+ Int32((b >> shift) & 0xff) &- Int32((c >> shift) & 0xff)
            return clampByte(sum) << shift
        }
        return channel(24) | channel(16) | channel(8) | channel(0)
    }

    /// Mode 13: per channel, avg + (avg − top-left) / 2 (division truncating towards zero)
    /// clamped to 0...255, where avg is the byte-wise average of left and top.
    @inline(__always)
    static func clampedAddSubtractHalf(_ a: UInt32, _ b: UInt32, _ c: UInt32) -> UInt32 {
        let mean = average(a, b)
        @inline(__always) func channel(_ shift: UInt32) -> UInt32 {
            let m = Int32((mean >> shift) & 0xff), t = Int32((c >> shift) & 0xff)
            return clampByte(m &+ (m &- t) / 2) << shift
        }
        return channel(24) | channel(16) | channel(8) | channel(0)
    }
    #endif

    /// Adds `predict(left, top, topLeft, topRight)` to each pixel of `pixels[start..<end]` (in one
    /// row, not the first row or column). Inlined with a literal closure, so every mode gets its
    /// own loop instead of a switch per pixel. (Unoptimised, the closure stays a call per pixel;
    /// the rest is written out on a plain pointer so that it is the only one.)
    @inline(__always)
    private static func addPredictions(_ pixels: UnsafeMutablePointer<UInt32>, from start: Int, to end: Int, width: Int,
                                       _ predict: (UInt32, UInt32, UInt32, UInt32) -> UInt32) {
        // Wrapping index arithmetic: the run is inside a row below the first and right of the
        // first column, so every neighbour index is within the buffer.
        var left = unsafe pixels[start &- 1]
        var index = start
        while index < end {
            let above = index &- width
            let prediction = unsafe predict(left, pixels[above], pixels[above &- 1], pixels[above &+ 1])
            let pixel = unsafe pixels[index]
            // vp8lAddPixels(pixel, prediction)
            let alphaGreen = (pixel & 0xff00_ff00) &+ (prediction & 0xff00_ff00)
            let redBlue = (pixel & 0x00ff_00ff) &+ (prediction & 0x00ff_00ff)
            left = (alphaGreen & 0xff00_ff00) | (redBlue & 0x00ff_00ff)
            unsafe pixels[index] = left
            index &+= 1
        }
    }

    /// Reconstructs one run of pixels that share `mode`.
    @inline(__always)
    static func addPredictions(mode: UInt32, _ pixels: UnsafeMutablePointer<UInt32>, from start: Int, to end: Int, width: Int) {
        switch mode {
        case 1: unsafe addPredictions(pixels, from: start, to: end, width: width) { l, _, _, _ in l }
        case 2: unsafe addPredictions(pixels, from: start, to: end, width: width) { _, t, _, _ in t }
        case 3: unsafe addPredictions(pixels, from: start, to: end, width: width) { _, _, _, tr in tr }
        case 4: unsafe addPredictions(pixels, from: start, to: end, width: width) { _, _, tl, _ in tl }
        case 5: unsafe addPredictions(pixels, from: start, to: end, width: width) { l, t, _, tr in average(average(l, tr), t) }
        case 6: unsafe addPredictions(pixels, from: start, to: end, width: width) { l, _, tl, _ in average(l, tl) }
        case 7: unsafe addPredictions(pixels, from: start, to: end, width: width) { l, t, _, _ in average(l, t) }
        case 8: unsafe addPredictions(pixels, from: start, to: end, width: width) { _, t, tl, _ in average(tl, t) }
        case 9: unsafe addPredictions(pixels, from: start, to: end, width: width) { _, t, _, tr in average(t, tr) }
        case 10: unsafe addPredictions(pixels, from: start, to: end, width: width) { l, t, tl, tr in average(average(l, tl), average(t, tr)) }
        case 11: unsafe addPredictions(pixels, from: start, to: end, width: width) { l, t, tl, _ in select(top: t, left: l, topLeft: tl) }
        case 12: unsafe addPredictions(pixels, from: start, to: end, width: width) { l, t, tl, _ in clampedAddSubtractFull(l, t, tl) }
        case 13: unsafe addPredictions(pixels, from: start, to: end, width: width) { l, t, tl, _ in clampedAddSubtractHalf(l, t, tl) }
        default: unsafe addPredictions(pixels, from: start, to: end, width: width) { _, _, _, _ in opaqueBlack }
        }
    }

    /// Reconstructs the first `rows` rows in place.
    static func invert(_ pixels: UnsafeMutableBufferPointer<UInt32>, rows: Int, data: VP8LTileData) {
        let width = data.width
        guard rows > 0, let base = pixels.baseAddress else { return }
        unsafe pixels[0] = vp8lAddPixels(pixels[0], opaqueBlack)
        for x in 1 ..< width { unsafe pixels[x] = vp8lAddPixels(pixels[x], pixels[x - 1]) }
        unsafe data.tiles.withUnsafeBufferPointer { tiles in
            for y in 1 ..< rows {
                let rowStart = y * width
                unsafe pixels[rowStart] = vp8lAddPixels(pixels[rowStart], pixels[rowStart - width])
                let tileRow = (y >> data.bits) * data.tilesPerRow
                var x = 1
                while x < width {
                    let mode = unsafe (tiles[tileRow + (x >> data.bits)] >> 8) & 0xf
                    let runEnd = min(width, (x | ((1 << data.bits) - 1)) + 1)
                    unsafe addPredictions(mode: mode, base, from: rowStart + x, to: rowStart + runEnd, width: width)
                    x = runEnd
                }
            }
        }
    }
}
