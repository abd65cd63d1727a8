/// The five PNG row filters (None, Sub, Up, Average, Paeth), both directions.
enum PNGFilter {
    /// How Paeth is undone on rows of 3- and 4-byte pixels.
    enum PaethKernel {
        /// A pixel at a time as a 4-lane vector: the fastest in optimised builds.
        case vector
        /// A byte at a time.
        case scalar

        /// ``vector`` in optimised builds. Unoptimised builds (debug, the sanitizer test runs)
        /// execute the generic SIMD code unspecialised, several times slower than the byte loop,
        /// so they use ``scalar``; the tests check both kernels in either build.
        static var preferred: PaethKernel {
            #if DEBUG
            .scalar
            #else
            .vector
            #endif
        }
    }

    /// Reverses filter `type` on `row` in place. `previous` is the unfiltered row above (`nil` for
    /// a pass's first row, which acts as zeros). `stride` is the byte distance to the pixel on the left.
    /// - Returns: `false` for an unknown filter type.
    static func unfilter(type: UInt8, row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>?,
                         count: Int, stride: Int, paeth kernel: PaethKernel = .preferred) -> Bool {
        switch type {
        case 0:
            return true
        case 1:
            var i = stride
            while i < count { unsafe row[i] &+= row[i - stride]; i += 1 }
        case 2:
            guard let previous = unsafe previous else { return true }
            for i in 0..<count { unsafe row[i] &+= previous[i] }
        case 3, 4:
            if let previous = unsafe previous, stride == 3 || stride == 4, count % stride == 0, type == 3 || kernel == .vector {
                // 8-bit RGB and RGBA, the common case: whole pixels at a time (see below).
                unsafe unfilterPixels(averaging: type == 3, row: row, previous: previous, count: count, stride: stride)
                return true
            }
            unsafe unfilterBytes(type: type, row: row, previous: previous, count: count, stride: stride)
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
            if let previous = unsafe previous {
                for i in 0..<min(stride, count) { unsafe row[i] &+= previous[i] >> 1 }
                var i = stride
                while i < count {
                    unsafe row[i] &+= UInt8((UInt16(row[i - stride]) + UInt16(previous[i])) >> 1)
                    i += 1
                }
            } else {
                var i = stride
                while i < count { unsafe row[i] &+= row[i - stride] >> 1; i += 1 }
            }
        case 4:
            if let previous = unsafe previous {
                for i in 0..<min(stride, count) { unsafe row[i] &+= previous[i] }
                unsafe unpaethBytes(row: row, previous: previous, from: stride, count: count, stride: stride)
            } else {
                // With no row above, Paeth predicts from the left, as Sub does.
                var i = stride
                while i < count { unsafe row[i] &+= row[i - stride]; i += 1 }
            }
        default:
            break
        }
    }

    /// Paeth from byte `start` (≥ `stride`) on, a byte at a time, with ``paeth(_:_:_:)`` written
    /// out in the loop: debug builds (which take this for 3- and 4-byte pixels too, see
    /// ``PaethKernel``) then make no call per byte, and zero the locals once per row rather than
    /// once per call. Wrapping index arithmetic: `stride ≤ i < count`.
    private static func unpaethBytes(row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>, from start: Int,
                                     count: Int, stride: Int) {
        var i = start
        while i < count {
            let a = unsafe Int(row[i &- stride]), b = unsafe Int(previous[i]), c = unsafe Int(previous[i &- stride])
            var pa = b &- c, pb = a &- c
            var pc = pa &+ pb
            if pa < 0 { pa = 0 &- pa }
            if pb < 0 { pb = 0 &- pb }
            if pc < 0 { pc = 0 &- pc }
            var predictor = c
            if pb <= pc { predictor = b }
            if pa <= pb, pa <= pc { predictor = a }
            unsafe row[i] &+= UInt8(truncatingIfNeeded: predictor)
            i &+= 1
        }
    }

    /// Reverses Average (`averaging`) or Paeth on a row of whole pixels of `stride` (3 or 4) bytes.
    /// Reads and writes stay inside `row[0..<count]` and `previous[0..<count]` (`count` is a
    /// multiple of `stride`).
    private static func unfilterPixels(averaging: Bool, row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>,
                                       count: Int, stride: Int) {
        switch (averaging, stride) {
        case (true, 3): unsafe unaverage(row: row, previous: previous, count: count, stride: 3)
        case (true, _): unsafe unaverage(row: row, previous: previous, count: count, stride: 4)
        case (false, 3): unsafe unpaeth(row: row, previous: previous, count: count, stride: 3)
        case (false, _): unsafe unpaeth(row: row, previous: previous, count: count, stride: 4)
        }
    }

    /// Average on whole pixels. A byte-at-a-time loop re-reads the byte it stored `stride` bytes
    /// earlier, a store-to-load round trip per byte; here each channel's left byte stays in a
    /// register. (A vector per pixel, as for Paeth, measured slower: the predictor is too cheap.)
    @inline(__always)
    private static func unaverage(row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int, stride: Int) {
        var left0: UInt8 = 0, left1: UInt8 = 0, left2: UInt8 = 0, left3: UInt8 = 0
        // Walking pointers rather than `row[i + k]`: no overflow check on each index.
        var r = unsafe row, p = unsafe previous
        let end = unsafe row + count
        while unsafe r < end {
            left0 = unsafe r[0] &+ average(left0, p[0])
            left1 = unsafe r[1] &+ average(left1, p[1])
            left2 = unsafe r[2] &+ average(left2, p[2])
            unsafe r[0] = left0; unsafe r[1] = left1; unsafe r[2] = left2
            if stride == 4 {
                left3 = unsafe r[3] &+ average(left3, p[3])
                unsafe r[3] = left3
            }
            unsafe r += stride; unsafe p += stride
        }
    }

    /// Paeth on whole pixels. The predictor depends on the pixel just decoded, so pixels go one
    /// after the other, but a pixel's channels go together as one 4-lane vector (for 3-byte pixels
    /// the fourth lane is unused). 3-byte pixels load 4 bytes except the last pixel, which goes a
    /// byte at a time so as not to read past the row's end.
    @inline(__always)
    private static func unpaeth(row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int, stride: Int) {
        var left = SIMD4<Int16>(), upperLeft = SIMD4<Int16>()
        var offset = 0
        let vectorEnd = stride == 4 ? count : count - 3
        let target = UnsafeMutableRawPointer(row), above = unsafe UnsafeRawPointer(previous)
        while offset < vectorEnd {
            let raw = unsafe SIMD4<Int16>(truncatingIfNeeded: (target + offset).loadUnaligned(as: SIMD4<UInt8>.self))
            let up = unsafe SIMD4<Int16>(truncatingIfNeeded: (above + offset).loadUnaligned(as: SIMD4<UInt8>.self))
            let value = (raw &+ paeth(left, up, upperLeft)) & 0xFF
            let bytes = SIMD4<UInt8>(truncatingIfNeeded: value)
            if stride == 4 {
                unsafe (target + offset).storeBytes(of: bytes, as: SIMD4<UInt8>.self)
            } else {
                // Exactly 3 bytes: a 4-byte store would overlap the next pixel's load, which the
                // processor then cannot forward from the store (a stall of many cycles per pixel).
                unsafe (target + offset).storeBytes(of: bytes.lowHalf, as: SIMD2<UInt8>.self)
                unsafe (target + offset + 2).storeBytes(of: bytes[2], as: UInt8.self)
            }
            left = value
            upperLeft = up
            offset &+= stride
        }
        if offset < count {
            for k in 0..<3 {
                unsafe row[offset + k] &+= paeth(UInt8(truncatingIfNeeded: left[k]), previous[offset + k],
                                          UInt8(truncatingIfNeeded: upperLeft[k]))
            }
        }
    }

    /// The Paeth predictor on each lane (values 0...255).
    @inline(__always)
    private static func paeth(_ a: SIMD4<Int16>, _ b: SIMD4<Int16>, _ c: SIMD4<Int16>) -> SIMD4<Int16> {
        let pa = magnitude(b &- c), pb = magnitude(a &- c), pc = magnitude(a &+ b &- c &- c)
        let nearer = c.replacing(with: b, where: pb .<= pc)
        return nearer.replacing(with: a, where: (pa .<= pb) .& (pa .<= pc))
    }

    @inline(__always)
    private static func magnitude(_ x: SIMD4<Int16>) -> SIMD4<Int16> {
        x.replacing(with: 0 &- x, where: x .< 0)
    }

    @inline(__always)
    private static func average(_ left: UInt8, _ up: UInt8) -> UInt8 {
        UInt8(truncatingIfNeeded: (UInt16(left) &+ UInt16(up)) >> 1)
    }

    /// The Paeth predictor: whichever of left, up and up-left is closest to left + up − up-left.
    ///
    /// The distances are p − a = b − c, p − b = a − c and p − c = (b − c) + (a − c). Written
    /// without `abs`, a generic call in debug builds (``unpaethBytes(row:previous:from:count:stride:)``
    /// is the decoder's byte loop).
    @inline(__always)
    static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let fromLeft = Int(b) &- Int(c), fromUp = Int(a) &- Int(c), fromUpperLeft = fromLeft &+ fromUp
        let pa = fromLeft < 0 ? 0 &- fromLeft : fromLeft
        let pb = fromUp < 0 ? 0 &- fromUp : fromUp
        let pc = fromUpperLeft < 0 ? 0 &- fromUpperLeft : fromUpperLeft
        if pa <= pb, pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// Applies filter `type` to `row`, with `previous` the row above (zeros for a pass's first
    /// row), writing `count` bytes to `output`.
    static func filter(type: UInt8, row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int,
                       stride: Int, into output: UnsafeMutablePointer<UInt8>) {
        let head = min(stride, count)
        switch type {
        case 1:
            for i in 0..<head { unsafe output[i] = row[i] }
            var i = stride
            while i < count { unsafe output[i] = row[i] &- row[i - stride]; i += 1 }
        case 2:
            for i in 0..<count { unsafe output[i] = row[i] &- previous[i] }
        case 3:
            for i in 0..<head { unsafe output[i] = row[i] &- previous[i] >> 1 }
            var i = stride
            while i < count {
                unsafe output[i] = row[i] &- UInt8((UInt16(row[i - stride]) + UInt16(previous[i])) >> 1)
                i += 1
            }
        case 4:
            // With nothing on the left, Paeth predicts the byte above.
            for i in 0..<head { unsafe output[i] = row[i] &- previous[i] }
            var i = stride
            while i < count {
                unsafe output[i] = row[i] &- paeth(row[i - stride], previous[i], previous[i - stride])
                i += 1
            }
        default:
            unsafe output.update(from: row, count: count)
        }
    }

    /// Filters `row` with the type whose output has the smallest sum of absolute values (as signed
    /// bytes), the heuristic the PNG specification recommends; writes the type byte then the row.
    /// With `byEntropy`, the type whose output bytes have the smallest order-0 entropy instead:
    /// closer to what deflate's Huffman codes pay, and better on smooth true-colour images.
    static func filterAdaptively(row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int,
                                 stride: Int, scratch: UnsafeMutablePointer<UInt8>,
                                 into output: UnsafeMutablePointer<UInt8>, byEntropy: Bool = false) {
        var bestType: UInt8 = 0
        var bestScore = Double.infinity
        for type in UInt8(0)...4 {
            unsafe filter(type: type, row: row, previous: previous, count: count, stride: stride, into: scratch)
            let score = unsafe byEntropy ? entropy(scratch, count: count) : Double(absoluteSum(scratch, count: count))
            if score < bestScore {
                bestScore = score
                bestType = type
            }
        }
        unsafe output[0] = bestType
        unsafe filter(type: bestType, row: row, previous: previous, count: count, stride: stride, into: output + 1)
    }

    /// The sum of `count` bytes' magnitudes, read as signed.
    private static func absoluteSum(_ bytes: UnsafePointer<UInt8>, count: Int) -> Int {
        var sum = 0
        for i in 0..<count { unsafe sum += abs(Int(Int8(bitPattern: bytes[i]))) }
        return sum
    }

    /// The bits `count` bytes would take coded at their order-0 entropy.
    private static func entropy(_ bytes: UnsafePointer<UInt8>, count: Int) -> Double {
        // On the stack: this runs five times per row.
        unsafe withUnsafeTemporaryAllocation(of: Int.self, capacity: 256) { histogram in
            unsafe histogram.initialize(repeating: 0)
            for i in 0..<count { unsafe histogram[Int(bytes[i])] += 1 }
            var bits = 0.0
            for unsafe n in unsafe histogram where n > 0 { bits += Double(n) * binaryLogarithm(Double(count) / Double(n)) }
            return bits
        }
    }
}
