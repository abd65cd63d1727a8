extension PixelSize {
    /// The largest size with this size's aspect ratio that fits inside `bounds`, rounded to the
    /// nearest pixel and never smaller than 1×1 (an empty size stays empty).
    ///
    /// This grows as well as shrinks; ``RGBAImage/downscaled(toFit:)`` only shrinks.
    public func aspectFit(in bounds: PixelSize) -> PixelSize {
        guard width > 0, height > 0 else { return self }
        let boundsWidth = max(1, bounds.width), boundsHeight = max(1, bounds.height)
        // Compare width/height ratios without division: width·boundsHeight vs height·boundsWidth.
        let (wide, wideOverflow) = width.multipliedReportingOverflow(by: boundsHeight)
        let (tall, tallOverflow) = height.multipliedReportingOverflow(by: boundsWidth)
        // Sizes this large do not occur in images; keep the arithmetic below trap-free anyway.
        if wideOverflow || tallOverflow || wide > Int.max / 4 || tall > Int.max / 4 {
            return PixelSize(width: min(width, boundsWidth), height: min(height, boundsHeight))
        }
        if wide >= tall {
            // Width-bound: height = boundsWidth · height / width, rounded to nearest.
            let fitted = (2 * height * boundsWidth + width) / (2 * width)
            return PixelSize(width: boundsWidth, height: min(boundsHeight, max(1, fitted)))
        }
        let fitted = (2 * width * boundsHeight + height) / (2 * height)
        return PixelSize(width: min(boundsWidth, max(1, fitted)), height: boundsHeight)
    }

    /// Whether a `width × height` image fits inside `bounds` without scaling.
    public func fits(in bounds: PixelSize) -> Bool {
        width <= bounds.width && height <= bounds.height
    }
}

extension RGBAImage {
    /// This image shrunk to fit inside `bounds` with its aspect ratio kept (see
    /// ``PixelSize/aspectFit(in:)``), by area averaging; the image itself when it already fits.
    public func downscaled(toFit bounds: PixelSize) -> RGBAImage {
        if size.fits(in: bounds) { return self }
        return resized(to: size.aspectFit(in: bounds))
    }

    /// This image resampled to exactly `target` by area averaging: every output pixel is the
    /// average of the source area it covers, with source pixels cut by its edges counted by the
    /// fraction covered (a box filter). Averages are alpha-weighted, so transparent pixels do not
    /// darken the colours next to them:
    ///
    /// - colour = Σ(c·a·w) / Σ(a·w), alpha = Σ(a·w) / Σw, each rounded to nearest (halves up);
    /// - a fully transparent result is (0, 0, 0, 0).
    ///
    /// The arithmetic is exact integer arithmetic. Enlarging works too (each output pixel then covers
    /// a fraction of one or two source pixels). A zero-sized source or target gives a transparent
    /// image of the target size.
    public func resized(to target: PixelSize) -> RGBAImage {
        resized(to: target, checkingEachRow: {})
    }

    /// ``resized(to:)``, calling `check` before each output row: work that can be interrupted
    /// (the ``Transcoder``'s budget) stops between rows when `check` throws.
    func resized(to target: PixelSize, checkingEachRow check: () throws -> Void) rethrows -> RGBAImage {
        let targetWidth = max(0, target.width), targetHeight = max(0, target.height)
        if targetWidth == width && targetHeight == height { return self }
        var output = RGBAImage(width: targetWidth, height: targetHeight)
        guard width > 0, height > 0, targetWidth > 0, targetHeight > 0 else { return output }
        if canShrinkByWholeFactors(to: output.size) {
            try resampleByWholeFactors(into: &output, columns: 0..<targetWidth, rows: 0..<targetHeight,
                                       checkingEachRow: check)
        } else {
            try resample(into: &output, columns: 0..<targetWidth, rows: 0..<targetHeight, checkingEachRow: check)
        }
        return output
    }

    /// ``resized(to:)`` of this image, where `previous` is ``resized(to:)`` of an image that
    /// differs from this one only inside `changed`: only the output pixels covering some of
    /// `changed` are computed, the others are `previous`'s. The result is the same as
    /// ``resized(to:)``'s (an animation's frame reduced from the frame before and the rectangle
    /// drawn since).
    func resized(to target: PixelSize, changedIn changed: PixelRect, over previous: RGBAImage) -> RGBAImage {
        let region = changed.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        guard previous.size == target, target != size, target.width > 0, target.height > 0,
              width > 0, height > 0 else { return resized(to: target) }
        guard !region.isEmpty else { return previous }
        var output = previous
        let columns = Self.covering(region.x..<region.maxX, source: width, target: target.width)
        let rows = Self.covering(region.y..<region.maxY, source: height, target: target.height)
        if canShrinkByWholeFactors(to: target) {
            resampleByWholeFactors(into: &output, columns: columns, rows: rows, checkingEachRow: {})
        } else {
            resample(into: &output, columns: columns, rows: rows, checkingEachRow: {})
        }
        return output
    }

    /// The output pixels (along one axis, `target` of them over `source`) whose area covers some
    /// of the source pixels `range`: output `i` covers source units `[i·source, (i+1)·source)`,
    /// source pixel `j` units `[j·target, (j+1)·target)`.
    private static func covering(_ range: Range<Int>, source: Int, target: Int) -> Range<Int> {
        let lower = range.lowerBound * target / source
        let upper = (range.upperBound * target + source - 1) / source
        return min(lower, target)..<min(max(upper, lower), target)
    }

    /// Computes the output pixels in `rows` × `columns` of `output` (of the target size) from this
    /// image by area averaging, as ``resized(to:)`` describes.
    private func resample(into output: inout RGBAImage, columns range: Range<Int>, rows outputRows: Range<Int>,
                          checkingEachRow check: () throws -> Void) rethrows {
        let targetWidth = output.width
        let columns = AreaCoverage(source: width, target: targetWidth)
        let rows = AreaCoverage(source: height, target: output.height)
        let sumsPerRow = targetWidth * 4
        // Per output row: Σ over the source rows it covers of wy × (that row's horizontal sums
        // Σ(c·a·wx) per colour channel and Σ(a·wx)). One source row's sums are kept at a time;
        // consecutive output rows share only their boundary row, which is the one kept, so every
        // source row is summed once and memory stays at two output rows of sums.
        var accumulated = [Int](repeating: 0, count: sumsPerRow)
        var rowSums = [Int](repeating: 0, count: sumsPerRow)
        var rowSumsIndex = -1
        let totalWeight = width * height // Σw = Σwx · Σwy, in (1/target)² pixel units
        let sums = range.lowerBound * 4..<range.upperBound * 4
        unsafe try pixels.withUnsafeBufferPointer { src in
            unsafe try output.withUnsafeMutablePixels { dst in
                for y in outputRows {
                    try check()
                    for k in sums { accumulated[k] = 0 }
                    for rowTap in rows.taps(of: y) {
                        if rowSumsIndex != rowTap.index {
                            unsafe Self.horizontalSums(of: src, row: rowTap.index, width: width, columns: columns,
                                                       in: range, into: &rowSums)
                            rowSumsIndex = rowTap.index
                        }
                        Self.accumulate(rowSums, in: sums, weight: rowTap.weight, into: &accumulated)
                    }
                    for x in range {
                        let s = x * 4
                        unsafe Self.store((accumulated[s], accumulated[s + 1], accumulated[s + 2], accumulated[s + 3]),
                                          totalWeight: totalWeight, into: dst, at: (y * targetWidth + x) * 4)
                    }
                }
            }
        }
    }
}

extension RGBAImage {
    /// Whether shrinking to `target` (smaller, not empty) takes a whole number of source pixels
    /// across and down for each output pixel, at most 257 rows of them: sums of a byte over the
    /// rows then fit 16 bits (``resampleByWholeFactors(into:columns:rows:checkingEachRow:)``).
    fileprivate func canShrinkByWholeFactors(to target: PixelSize) -> Bool {
        target.width > 0 && target.height > 0 && width % target.width == 0 && height % target.height == 0
            && height / target.height <= 257
    }

    /// ``resized(to:)``'s pixels in `rows` × `columns` when each output pixel covers a block of
    /// whole source pixels (``canShrinkByWholeFactors(to:)``), every one weighing the same. For each
    /// output row the block's rows are summed first, unweighted, two pixels to a word in 16-bit lanes
    /// (R, B and G, A), then each block's columns. A block whose alphas are all 255 (or all 0) has
    /// Σ(c·a) = 255·Σc (or 0): the same integers as weighting each pixel; any other block is
    /// weighted pixel by pixel.
    fileprivate func resampleByWholeFactors(into output: inout RGBAImage, columns range: Range<Int>,
                                            rows outputRows: Range<Int>, checkingEachRow check: () throws -> Void) rethrows {
        let (across, down) = (width / output.width, height / output.height)
        // Σw of one source pixel (whole weights: the target's width times its height) and of all.
        let (weight, totalWeight) = (output.width * output.height, width * height)
        let firstWord = range.lowerBound * across / 2, endWord = (range.upperBound * across + 1) / 2
        var redBlue = [UInt64](repeating: 0, count: (width + 1) / 2), greenAlpha = redBlue
        let targetWidth = output.width
        unsafe try pixels.withUnsafeBytes { src in
            unsafe try output.withUnsafeMutablePixels { dst in
                for y in outputRows {
                    try check()
                    unsafe Self.sumRows(of: src, rows: y * down..<(y + 1) * down, width: width, words: firstWord..<endWord,
                                        into: &redBlue, &greenAlpha)
                    for x in range {
                        let columns = x * across..<(x + 1) * across
                        var sums = Self.laneSums(redBlue, greenAlpha, columns: columns)
                        if sums.alpha == 255 * across * down {
                            sums = (sums.red * 255, sums.green * 255, sums.blue * 255, sums.alpha)
                        } else if sums.alpha != 0 {
                            sums = unsafe blockSums(of: src, columns: columns, rows: y * down..<(y + 1) * down)
                        }
                        let d = (y * targetWidth + x) * 4
                        unsafe Self.store((sums.red * weight, sums.green * weight, sums.blue * weight, sums.alpha * weight),
                                          totalWeight: totalWeight, into: dst, at: d)
                    }
                }
            }
        }
    }

    /// Sets `redBlue` and `greenAlpha` in `words` to the sums over `rows` of each word of two
    /// pixels, masked into 16-bit lanes (R, B and G, A; at most 257 rows).
    private static func sumRows(of src: UnsafeRawBufferPointer, rows: Range<Int>, width: Int, words: Range<Int>,
                                into redBlue: inout [UInt64], _ greenAlpha: inout [UInt64]) {
        let mask: UInt64 = 0x00FF_00FF_00FF_00FF
        let words = words.clamped(to: 0..<min(redBlue.count, greenAlpha.count))
        let wholeWords = words.clamped(to: 0..<width / 2) // the last word of an odd row holds one pixel
        unsafe redBlue.withUnsafeMutableBufferPointer { redBlue in
            unsafe greenAlpha.withUnsafeMutableBufferPointer { greenAlpha in
                for w in words {
                    unsafe redBlue[w] = 0
                    unsafe greenAlpha[w] = 0
                }
                guard let base = src.baseAddress else { return }
                for row in rows {
                    let start = row * width * 4
                    // Wrapping arithmetic (it cannot wrap: the words are inside the row) lets the
                    // compiler vectorise the loop.
                    let line = unsafe base + start
                    for w in wholeWords {
                        let word = UInt64(littleEndian: unsafe line.loadUnaligned(fromByteOffset: w &<< 3, as: UInt64.self))
                        unsafe redBlue[w] &+= word & mask
                        unsafe greenAlpha[w] &+= (word &>> 8) & mask
                    }
                    if words.upperBound > wholeWords.upperBound, width % 2 == 1 {
                        let pixel = UInt64(UInt32(littleEndian: unsafe line.loadUnaligned(fromByteOffset: (width - 1) * 4,
                                                                                    as: UInt32.self)))
                        unsafe redBlue[width / 2] &+= pixel & mask
                        unsafe greenAlpha[width / 2] &+= (pixel >> 8) & mask
                    }
                }
            }
        }
    }

    /// ΣR, ΣG, ΣB and ΣA of `columns` in the lane sums of ``sumRows(of:rows:width:words:into:_:)``.
    private static func laneSums(_ redBlue: [UInt64], _ greenAlpha: [UInt64],
                                 columns: Range<Int>) -> (red: Int, green: Int, blue: Int, alpha: Int) {
        var red = 0, green = 0, blue = 0, alpha = 0
        for column in columns {
            let shift = UInt64((column & 1) * 32)
            let rb = redBlue[column >> 1] >> shift, ga = greenAlpha[column >> 1] >> shift
            red += Int(rb & 0xFFFF)
            blue += Int((rb >> 16) & 0xFFFF)
            green += Int(ga & 0xFFFF)
            alpha += Int((ga >> 16) & 0xFFFF)
        }
        return (red, green, blue, alpha)
    }

    /// Σ(c·a) for R, G, B and Σa over the block `columns` × `rows`, pixel by pixel.
    private func blockSums(of src: UnsafeRawBufferPointer, columns: Range<Int>,
                           rows: Range<Int>) -> (red: Int, green: Int, blue: Int, alpha: Int) {
        var red = 0, green = 0, blue = 0, alpha = 0
        for row in rows {
            for column in columns {
                let p = (row * width + column) * 4
                let a = unsafe Int(src[p + 3])
                unsafe red += Int(src[p]) * a
                unsafe green += Int(src[p + 1]) * a
                unsafe blue += Int(src[p + 2]) * a
                alpha += a
            }
        }
        return (red, green, blue, alpha)
    }

    /// Writes the pixel of the weighted sums Σ(c·a·w) and Σ(a·w) at byte `d`: each colour their
    /// quotient, alpha Σ(a·w) / `totalWeight`, rounded to nearest; (0, 0, 0, 0) when Σ(a·w) is 0.
    fileprivate static func store(_ sums: (red: Int, green: Int, blue: Int, alpha: Int), totalWeight: Int,
                                  into dst: UnsafeMutableBufferPointer<UInt8>, at d: Int) {
        let alpha = sums.alpha
        guard alpha > 0 else {
            for k in 0..<4 { unsafe dst[d + k] = 0 }
            return
        }
        unsafe dst[d] = UInt8((sums.red + alpha / 2) / alpha)
        unsafe dst[d + 1] = UInt8((sums.green + alpha / 2) / alpha)
        unsafe dst[d + 2] = UInt8((sums.blue + alpha / 2) / alpha)
        unsafe dst[d + 3] = UInt8((alpha + totalWeight / 2) / totalWeight)
    }
}

extension RGBAImage {
    /// For each output column: Σ(c·a·wx) for R, G, B and Σ(a·wx) over source row `row`. A source
    /// pixel the output pixel covers whole weighs `target` (``AreaCoverage/wholeWeight``), so those
    /// between its two edge pixels are summed unweighted and the sums multiplied once: the same
    /// integers as weighting each pixel, with no multiplication by a weight per pixel.
    fileprivate static func horizontalSums(of src: UnsafeBufferPointer<UInt8>, row: Int, width: Int,
                                           columns: AreaCoverage, in range: Range<Int>, into sums: inout [Int]) {
        let rowStart = row * width * 4
        let whole = columns.wholeWeight
        unsafe sums.withUnsafeMutableBufferPointer { sums in
            for x in range {
                let span = columns.spans[x]
                var p = rowStart + span.first * 4
                let s = x * 4
                if span.firstWeight == whole && span.lastWeight == whole {
                    // Every pixel covered whole (shrinking by a whole factor): one run.
                    let all = unsafe innerSums(of: src, from: p, count: span.count)
                    unsafe sums[s] = all.red * whole; unsafe sums[s + 1] = all.green * whole
                    unsafe sums[s + 2] = all.blue * whole; unsafe sums[s + 3] = all.alpha * whole
                    continue
                }
                let aw = unsafe Int(src[p + 3]) * span.firstWeight
                var red = unsafe Int(src[p]) * aw, green = unsafe Int(src[p + 1]) * aw, blue = unsafe Int(src[p + 2]) * aw
                var alpha = aw
                if span.count > 1 {
                    let inner = unsafe innerSums(of: src, from: p + 4, count: span.count - 2)
                    p += (span.count - 1) * 4
                    let lastWeight = unsafe Int(src[p + 3]) * span.lastWeight
                    unsafe red += inner.red * whole + Int(src[p]) * lastWeight
                    unsafe green += inner.green * whole + Int(src[p + 1]) * lastWeight
                    unsafe blue += inner.blue * whole + Int(src[p + 2]) * lastWeight
                    alpha += inner.alpha * whole + lastWeight
                }
                unsafe sums[s] = red; unsafe sums[s + 1] = green; unsafe sums[s + 2] = blue; unsafe sums[s + 3] = alpha
            }
        }
    }

    /// Adds `weight` times each of `sums` in `range` to `accumulated` (of the same count).
    fileprivate static func accumulate(_ sums: [Int], in range: Range<Int>, weight: Int, into accumulated: inout [Int]) {
        let range = range.clamped(to: 0..<min(sums.count, accumulated.count))
        unsafe sums.withUnsafeBufferPointer { sums in
            unsafe accumulated.withUnsafeMutableBufferPointer { accumulated in
                for k in range { unsafe accumulated[k] &+= sums[k] &* weight }
            }
        }
    }

    /// Σ(c·a) for R, G, B and Σa over `count` pixels from byte `start`. The channels are first
    /// summed unweighted, two pixels at a time in 16-bit lanes of a word; when every alpha is 255
    /// (the sum of alphas says so) Σ(c·a) is 255·Σc, and when every alpha is 0 it is 0: the same
    /// integers as weighting each pixel. Only pixels of partial transparency are weighted one by one.
    @inline(__always)
    private static func innerSums(of src: UnsafeBufferPointer<UInt8>, from start: Int,
                                  count: Int) -> (red: Int, green: Int, blue: Int, alpha: Int) {
        let plain = unsafe plainSums(of: src, from: start, count: count)
        if plain.alpha == 255 * count {
            return (plain.red * 255, plain.green * 255, plain.blue * 255, plain.alpha)
        }
        if plain.alpha == 0 { return (0, 0, 0, 0) }
        // Wrapping arithmetic cannot wrap here: a row's sums stay under 255² times its width.
        var red = 0, green = 0, blue = 0, alpha = 0
        var p = start
        for _ in 0..<count {
            let a = unsafe Int(src[p &+ 3])
            unsafe red &+= Int(src[p]) &* a
            unsafe green &+= Int(src[p &+ 1]) &* a
            unsafe blue &+= Int(src[p &+ 2]) &* a
            alpha &+= a
            p &+= 4
        }
        return (red, green, blue, alpha)
    }

    /// ΣR, ΣG, ΣB and ΣA over `count` pixels from byte `start`, unweighted: a word holds two
    /// pixels, masked into R, B and G, A lanes of 16 bits that take 257 additions of a byte before
    /// they could carry (the words are folded every 256 pixel pairs).
    @inline(__always)
    private static func plainSums(of src: UnsafeBufferPointer<UInt8>, from start: Int,
                                  count: Int) -> (red: Int, green: Int, blue: Int, alpha: Int) {
        guard count > 0, let base = src.baseAddress else { return (0, 0, 0, 0) }
        let raw = unsafe UnsafeRawPointer(base)
        let mask: UInt64 = 0x00FF_00FF_00FF_00FF
        var red = 0, green = 0, blue = 0, alpha = 0
        var offset = start, pairs = count / 2
        while pairs > 0 {
            let chunk = min(pairs, 256)
            var redBlue: UInt64 = 0, greenAlpha: UInt64 = 0
            for _ in 0..<chunk {
                let word = UInt64(littleEndian: unsafe raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                redBlue &+= word & mask
                greenAlpha &+= (word >> 8) & mask
                offset &+= 8
            }
            red += Int(redBlue & 0xFFFF) + Int((redBlue >> 32) & 0xFFFF)
            blue += Int((redBlue >> 16) & 0xFFFF) + Int(redBlue >> 48)
            green += Int(greenAlpha & 0xFFFF) + Int((greenAlpha >> 32) & 0xFFFF)
            alpha += Int((greenAlpha >> 16) & 0xFFFF) + Int(greenAlpha >> 48)
            pairs -= chunk
        }
        if count % 2 == 1 {
            unsafe red += Int(src[offset]); unsafe green += Int(src[offset + 1])
            unsafe blue += Int(src[offset + 2]); unsafe alpha += Int(src[offset + 3])
        }
        return (red, green, blue, alpha)
    }
}

/// Which source pixels one output pixel covers along one axis, and by how much.
///
/// Coordinates are measured in units of 1/`target` of a source pixel: output pixel `i` covers
/// `[i·source, (i+1)·source)` and source pixel `j` covers `[j·target, (j+1)·target)`, so every
/// overlap is an exact integer and the weights of one output pixel add up to `source`.
fileprivate struct AreaCoverage {
    struct Tap {
        var index: Int
        var weight: Int
    }

    /// The source pixels one output pixel covers: `count` of them from `first`, the first weighing
    /// `firstWeight`, the last (when there are two or more) `lastWeight`, and any between them
    /// ``wholeWeight`` each.
    struct Span {
        var first: Int
        var count: Int
        var firstWeight: Int
        var lastWeight: Int
    }

    private var starts: [Int] = [0]
    private var taps: [Tap] = []
    /// Each output pixel's source pixels, as its ``taps(of:)`` list them.
    private(set) var spans: [Span] = []
    /// The weight of a source pixel an output pixel covers whole: `target`.
    let wholeWeight: Int

    init(source: Int, target: Int) {
        wholeWeight = target
        taps.reserveCapacity(target * (source / target + 2))
        spans.reserveCapacity(target)
        for output in 0..<target {
            let begin = output * source, end = begin + source
            var sourceIndex = begin / target
            let firstTap = taps.count
            while sourceIndex * target < end {
                let overlap = min(end, (sourceIndex + 1) * target) - max(begin, sourceIndex * target)
                if overlap > 0 { taps.append(Tap(index: sourceIndex, weight: overlap)) }
                sourceIndex += 1
            }
            starts.append(taps.count)
            spans.append(Span(first: taps[firstTap].index, count: taps.count - firstTap,
                              firstWeight: taps[firstTap].weight, lastWeight: taps[taps.count - 1].weight))
        }
    }

    func taps(of output: Int) -> ArraySlice<Tap> {
        taps[starts[output]..<starts[output + 1]]
    }
}
