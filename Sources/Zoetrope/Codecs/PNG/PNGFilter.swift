/// The five PNG row filters (None, Sub, Up, Average, Paeth), both directions.
enum PNGFilter {
    /// Reverses filter `type` on `row` in place. `previous` is the unfiltered row above (`nil` for
    /// a pass's first row, which acts as zeros). `stride` is the byte distance to the pixel on the left.
    /// - Returns: `false` for an unknown filter type.
    static func unfilter(type: UInt8, row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>?,
                         count: Int, stride: Int) -> Bool {
        switch type {
        case 0:
            return true
        case 1:
            var i = stride
            while i < count { row[i] &+= row[i - stride]; i += 1 }
        case 2:
            guard let previous else { return true }
            for i in 0..<count { row[i] &+= previous[i] }
        case 3, 4:
            if let previous, stride == 3 || stride == 4, count % stride == 0 {
                // 8-bit RGB and RGBA, the common case: whole pixels at a time (see below).
                unfilterPixels(averaging: type == 3, row: row, previous: previous, count: count, stride: stride)
                return true
            }
            unfilterBytes(type: type, row: row, previous: previous, count: count, stride: stride)
        default:
            return false
        }
        return true
    }

    /// Average and Paeth one byte at a time, for any stride.
    private static func unfilterBytes(type: UInt8, row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>?,
                                      count: Int, stride: Int) {
        switch type {
        case 3:
            if let previous {
                for i in 0..<min(stride, count) { row[i] &+= previous[i] >> 1 }
                var i = stride
                while i < count {
                    row[i] &+= UInt8((UInt16(row[i - stride]) + UInt16(previous[i])) >> 1)
                    i += 1
                }
            } else {
                var i = stride
                while i < count { row[i] &+= row[i - stride] >> 1; i += 1 }
            }
        case 4:
            if let previous {
                for i in 0..<min(stride, count) { row[i] &+= previous[i] }
                var i = stride
                while i < count {
                    row[i] &+= paeth(row[i - stride], previous[i], previous[i - stride])
                    i += 1
                }
            } else {
                // With no row above, Paeth predicts from the left, as Sub does.
                var i = stride
                while i < count { row[i] &+= row[i - stride]; i += 1 }
            }
        default:
            break
        }
    }

    /// Reverses Average (`averaging`) or Paeth on a row of whole pixels of `stride` (3 or 4) bytes.
    ///
    /// A byte-at-a-time loop re-reads the byte it stored `stride` bytes earlier, a store-to-load
    /// round trip per byte. Here each channel's left and upper-left bytes stay in registers. Reads
    /// and writes stay inside `row[0..<count]` and `previous[0..<count]` (`count` is a multiple of
    /// `stride`).
    private static func unfilterPixels(averaging: Bool, row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>,
                                       count: Int, stride: Int) {
        var left0: UInt8 = 0, left1: UInt8 = 0, left2: UInt8 = 0, left3: UInt8 = 0
        var upperLeft0: UInt8 = 0, upperLeft1: UInt8 = 0, upperLeft2: UInt8 = 0, upperLeft3: UInt8 = 0
        // Walking pointers rather than `row[i + k]`: no overflow check on each index.
        var r = row, p = previous
        let end = row + count
        switch (averaging, stride) {
        case (true, 3):
            while r < end {
                left0 = r[0] &+ average(left0, p[0])
                left1 = r[1] &+ average(left1, p[1])
                left2 = r[2] &+ average(left2, p[2])
                r[0] = left0; r[1] = left1; r[2] = left2
                r += 3; p += 3
            }
        case (true, _):
            while r < end {
                left0 = r[0] &+ average(left0, p[0])
                left1 = r[1] &+ average(left1, p[1])
                left2 = r[2] &+ average(left2, p[2])
                left3 = r[3] &+ average(left3, p[3])
                r[0] = left0; r[1] = left1; r[2] = left2; r[3] = left3
                r += 4; p += 4
            }
        case (false, 3):
            while r < end {
                let up0 = p[0], up1 = p[1], up2 = p[2]
                left0 = r[0] &+ paeth(left0, up0, upperLeft0)
                left1 = r[1] &+ paeth(left1, up1, upperLeft1)
                left2 = r[2] &+ paeth(left2, up2, upperLeft2)
                r[0] = left0; r[1] = left1; r[2] = left2
                upperLeft0 = up0; upperLeft1 = up1; upperLeft2 = up2
                r += 3; p += 3
            }
        case (false, _):
            while r < end {
                let up0 = p[0], up1 = p[1], up2 = p[2], up3 = p[3]
                left0 = r[0] &+ paeth(left0, up0, upperLeft0)
                left1 = r[1] &+ paeth(left1, up1, upperLeft1)
                left2 = r[2] &+ paeth(left2, up2, upperLeft2)
                left3 = r[3] &+ paeth(left3, up3, upperLeft3)
                r[0] = left0; r[1] = left1; r[2] = left2; r[3] = left3
                upperLeft0 = up0; upperLeft1 = up1; upperLeft2 = up2; upperLeft3 = up3
                r += 4; p += 4
            }
        }
    }

    @inline(__always)
    private static func average(_ left: UInt8, _ up: UInt8) -> UInt8 {
        UInt8(truncatingIfNeeded: (UInt16(left) &+ UInt16(up)) >> 1)
    }

    /// The Paeth predictor: whichever of left, up and up-left is closest to left + up − up-left.
    @inline(__always)
    static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// Applies filter `type` to `row`, with `previous` the row above (zeros for a pass's first
    /// row), writing `count` bytes to `output`.
    static func filter(type: UInt8, row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int,
                       stride: Int, into output: UnsafeMutablePointer<UInt8>) {
        let head = min(stride, count)
        switch type {
        case 1:
            for i in 0..<head { output[i] = row[i] }
            var i = stride
            while i < count { output[i] = row[i] &- row[i - stride]; i += 1 }
        case 2:
            for i in 0..<count { output[i] = row[i] &- previous[i] }
        case 3:
            for i in 0..<head { output[i] = row[i] &- previous[i] >> 1 }
            var i = stride
            while i < count {
                output[i] = row[i] &- UInt8((UInt16(row[i - stride]) + UInt16(previous[i])) >> 1)
                i += 1
            }
        case 4:
            // With nothing on the left, Paeth predicts the byte above.
            for i in 0..<head { output[i] = row[i] &- previous[i] }
            var i = stride
            while i < count {
                output[i] = row[i] &- paeth(row[i - stride], previous[i], previous[i - stride])
                i += 1
            }
        default:
            output.update(from: row, count: count)
        }
    }

    /// Filters `row` with the type whose output has the smallest sum of absolute values (as signed
    /// bytes), the heuristic the PNG specification recommends; writes the type byte then the row.
    static func filterAdaptively(row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int,
                                 stride: Int, scratch: UnsafeMutablePointer<UInt8>,
                                 into output: UnsafeMutablePointer<UInt8>) {
        var bestType: UInt8 = 0
        var bestScore = Int.max
        for type in UInt8(0)...4 {
            filter(type: type, row: row, previous: previous, count: count, stride: stride, into: scratch)
            var score = 0
            for i in 0..<count {
                let value = Int(Int8(bitPattern: scratch[i]))
                score += abs(value)
            }
            if score < bestScore {
                bestScore = score
                bestType = type
            }
        }
        output[0] = bestType
        filter(type: bestType, row: row, previous: previous, count: count, stride: stride, into: output + 1)
    }
}
