extension ChromaUpsampler {
    /// Output rows `top` and `bottom` (the same row when it is converted alone) between chroma
    /// rows `above` and `below`.
    struct OutputRows {
        let top, bottom, above, below: Int
        var isPair: Bool { bottom != top }
    }
}

extension ChromaUpsampler.RowConverter {
    /// Clear words (8 pixels each) that end a run of a frame that skips its clear pixels: optimised
    /// builds convert 16 pixels a step, so shorter gaps cost more to leave out than to convert.
    #if DEBUG
    private static let gapWords = 1
    #else
    private static let gapWords = 2
    #endif

    /// Converts `rows`, alpha included. A frame that skips its clear pixels (``skipsClear``) has
    /// only the runs holding a pixel that is not clear converted (``VisibleRuns``); the rest of
    /// the rows is left transparent black.
    func convert(_ rows: ChromaUpsampler.OutputRows) {
        guard unsafe skipsClear, let alpha = unsafe alpha else {
            unsafe upsample(rows)
            _ = unsafe convertPixels(0..<width, rows)
            return
        }
        var runs = unsafe VisibleRuns(top: alpha + rows.top * width, bottom: alpha + rows.bottom * width,
                                      width: width, gapWords: Self.gapWords)
        var cursor = 0, upsampled = false
        while let run = unsafe runs.next() {
            if !upsampled {
                unsafe upsample(rows)
                upsampled = true
            }
            let written = unsafe convertPixels(run, rows)
            unsafe clear(cursor ..< written.lowerBound, rows)
            cursor = written.upperBound
        }
        unsafe clear(cursor ..< width, rows)
    }

    /// Converts at least the pixels `range` of `rows` (the chroma upsampled by ``upsample(_:)``),
    /// and returns the pixels written: optimised builds round the run up to whole steps of 16
    /// pixels; debug builds' fused twin writes whole output pairs.
    private func convertPixels(_ range: Range<Int>, _ rows: ChromaUpsampler.OutputRows) -> Range<Int> {
        let (top, bottom) = unsafe (output + rows.top * width * 4, output + rows.bottom * width * 4)
        #if DEBUG
        let pairs = ChromaUpsampler.pairs(covering: range)
        let alphaRows = unsafe alpha.map { unsafe ($0 + rows.top * width, $0 + rows.bottom * width) } ?? (opaque, opaque)
        unsafe ChromaUpsampler.convertRowPairScalar(
            luma: (source.lumaRow(rows.top), source.lumaRow(rows.bottom)), u: (source.uRow(rows.above), source.uRow(rows.below)),
            v: (source.vRow(rows.above), source.vRow(rows.below)), output: (top, bottom), alpha: alphaRows,
            width: width, pairs: pairs)
        return unsafe ChromaUpsampler.pixels(ofPairs: pairs, width: width)
        #else
        let start = range.lowerBound, end = unsafe min(start + (range.count + 15) & ~15, width)
        unsafe YUVToRGBA.convertRow(luma: source.lumaRow(rows.top) + start, u: topU + start, v: topV + start,
                                    into: top + start * 4, count: end - start)
        unsafe writeAlpha(start..<end, row: rows.top)
        if rows.isPair {
            unsafe YUVToRGBA.convertRow(luma: source.lumaRow(rows.bottom) + start, u: bottomU + start, v: bottomV + start,
                                        into: bottom + start * 4, count: end - start)
            unsafe writeAlpha(start..<end, row: rows.bottom)
        }
        return start..<end
        #endif
    }

    /// Brings the chroma of `rows` to full resolution in the scratch rows (optimised builds; the
    /// debug twin upsamples as it converts).
    private func upsample(_ rows: ChromaUpsampler.OutputRows) {
        #if !DEBUG
        unsafe ChromaUpsampler.upsampleRowPair(above: source.uRow(rows.above), below: source.uRow(rows.below),
                                               top: topU, bottom: bottomU, width: width)
        unsafe ChromaUpsampler.upsampleRowPair(above: source.vRow(rows.above), below: source.vRow(rows.below),
                                               top: topV, bottom: bottomV, width: width)
        #endif
    }

    /// Writes the frame's alpha into the pixels `range` of output row `row` (nothing for an opaque
    /// frame, whose conversion wrote 255).
    func writeAlpha(_ range: Range<Int>, row: Int) {
        guard let alpha = unsafe alpha else { return }
        let from = unsafe alpha + row * width, to = unsafe output + row * width * 4 + 3
        var x = range.lowerBound
        while x < range.upperBound {
            unsafe to[x &* 4] = from[x]
            x &+= 1
        }
    }

    /// Makes the pixels `range` of `rows` transparent black.
    private func clear(_ range: Range<Int>, _ rows: ChromaUpsampler.OutputRows) {
        guard !range.isEmpty else { return }
        unsafe Self.clear(output + (rows.top * width + range.lowerBound) * 4, count: range.count)
        if rows.isPair {
            unsafe Self.clear(output + (rows.bottom * width + range.lowerBound) * 4, count: range.count)
        }
    }

    /// Makes `count` pixels from `pixels` (4-byte aligned) transparent black: a `memset`, or in
    /// debug builds a counted loop of 32-bit stores (unoptimised, `initialize(repeating:count:)`
    /// copies byte by byte through the type's value witness).
    private static func clear(_ pixels: UnsafeMutablePointer<UInt8>, count: Int) {
        #if DEBUG
        let words = unsafe UnsafeMutableRawPointer(pixels).assumingMemoryBound(to: UInt32.self)
        var index = 0
        while index < count {
            unsafe words[index] = 0
            index &+= 1
        }
        #else
        unsafe pixels.initialize(repeating: 0, count: count * 4)
        #endif
    }
}
