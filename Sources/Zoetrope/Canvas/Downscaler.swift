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
        guard width > 0, height > 0, targetWidth > 0, targetHeight > 0 else {
            return RGBAImage(width: targetWidth, height: targetHeight)
        }
        let columns = AreaCoverage(source: width, target: targetWidth)
        let rows = AreaCoverage(source: height, target: targetHeight)
        let sumsPerRow = targetWidth * 4
        // Per output row: Σ over the source rows it covers of wy × (that row's horizontal sums
        // Σ(c·a·wx) per colour channel and Σ(a·wx)). One source row's sums are kept at a time;
        // consecutive output rows share only their boundary row, which is the one kept, so every
        // source row is summed once and memory stays at two output rows of sums.
        var accumulated = [Int](repeating: 0, count: sumsPerRow)
        var rowSums = [Int](repeating: 0, count: sumsPerRow)
        var rowSumsIndex = -1
        var output = RGBAImage(width: targetWidth, height: targetHeight)
        let totalWeight = width * height // Σw = Σwx · Σwy, in (1/target)² pixel units
        unsafe try pixels.withUnsafeBufferPointer { src in
            unsafe try output.withUnsafeMutablePixels { dst in
                for y in 0..<targetHeight {
                    try check()
                    for k in 0..<sumsPerRow { accumulated[k] = 0 }
                    for rowTap in rows.taps(of: y) {
                        if rowSumsIndex != rowTap.index {
                            unsafe Self.horizontalSums(of: src, row: rowTap.index, width: width, columns: columns,
                                                into: &rowSums)
                            rowSumsIndex = rowTap.index
                        }
                        for k in 0..<sumsPerRow { accumulated[k] += rowSums[k] * rowTap.weight }
                    }
                    for x in 0..<targetWidth {
                        let s = x * 4
                        let alpha = accumulated[s + 3]
                        guard alpha > 0 else { continue } // stays (0, 0, 0, 0)
                        let d = (y * targetWidth + x) * 4
                        unsafe dst[d] = UInt8((accumulated[s] + alpha / 2) / alpha)
                        unsafe dst[d + 1] = UInt8((accumulated[s + 1] + alpha / 2) / alpha)
                        unsafe dst[d + 2] = UInt8((accumulated[s + 2] + alpha / 2) / alpha)
                        unsafe dst[d + 3] = UInt8((alpha + totalWeight / 2) / totalWeight)
                    }
                }
            }
        }
        return output
    }
}

extension RGBAImage {
    /// For each output column: Σ(c·a·wx) for R, G, B and Σ(a·wx) over source row `row`. A source
    /// pixel the output pixel covers whole weighs `target` (``AreaCoverage/wholeWeight``), so those
    /// between its two edge pixels are summed unweighted and the sums multiplied once: the same
    /// integers as weighting each pixel, with no multiplication by a weight per pixel.
    fileprivate static func horizontalSums(of src: UnsafeBufferPointer<UInt8>, row: Int, width: Int,
                                           columns: AreaCoverage, into sums: inout [Int]) {
        let rowStart = row * width * 4
        let whole = columns.wholeWeight
        unsafe sums.withUnsafeMutableBufferPointer { sums in
            for x in 0..<sums.count / 4 {
                let span = columns.spans[x]
                var p = rowStart + span.first * 4
                let aw = unsafe Int(src[p + 3]) * span.firstWeight
                var red = unsafe Int(src[p]) * aw, green = unsafe Int(src[p + 1]) * aw, blue = unsafe Int(src[p + 2]) * aw
                var alpha = aw
                if span.count > 1 {
                    // Wrapping arithmetic cannot wrap here: a row's sums stay under 255² times its width.
                    var innerRed = 0, innerGreen = 0, innerBlue = 0, innerAlpha = 0
                    for _ in 0..<span.count - 2 {
                        p &+= 4
                        let a = unsafe Int(src[p &+ 3])
                        unsafe innerRed &+= Int(src[p]) &* a
                        unsafe innerGreen &+= Int(src[p &+ 1]) &* a
                        unsafe innerBlue &+= Int(src[p &+ 2]) &* a
                        innerAlpha &+= a
                    }
                    p += 4
                    let lastWeight = unsafe Int(src[p + 3]) * span.lastWeight
                    unsafe red += innerRed * whole + Int(src[p]) * lastWeight
                    unsafe green += innerGreen * whole + Int(src[p + 1]) * lastWeight
                    unsafe blue += innerBlue * whole + Int(src[p + 2]) * lastWeight
                    alpha += innerAlpha * whole + lastWeight
                }
                let s = x * 4
                unsafe sums[s] = red; unsafe sums[s + 1] = green; unsafe sums[s + 2] = blue; unsafe sums[s + 3] = alpha
            }
        }
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
