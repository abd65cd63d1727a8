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
            return false
        }
        return true
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
