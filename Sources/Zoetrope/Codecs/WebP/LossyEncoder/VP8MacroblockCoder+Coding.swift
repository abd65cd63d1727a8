/// One macroblock from decision to tokens: the mode decision at the frame's effort, the tokens of
/// the chosen levels, and the context the next macroblocks need.
extension VP8MacroblockCoder {
    /// Decides the modes and levels of the current macroblock (whose source is in the workspace).
    /// `decision` comes in with the analysis's guess, which the fastest methods refine.
    func decide(_ decision: inout VP8MacroblockDecision, maximumHeaderBits: Int, headerLimit: Int) {
        let level = settings.rateDistortionLevel
        if level > .none {
            makePredictions()
            usesTrellis = level >= .trellisAll
            pickBestLuma16(&decision)
            if settings.considersSubblocks { pickBestSubblocks(&decision, maximumHeaderBits: maximumHeaderBits) }
            pickBestChroma(&decision)
            usesTrellis = false
            if level == .trellis { requantizeWithTrellis(&decision) }
        } else {
            // Only the predictions the fast decision reads: no 16×16 luma for a macroblock that
            // keeps the analysis's 4×4 guess, only the guessed chroma mode when it is kept.
            let triesBoth = settings.method >= 2, refinesChroma = settings.method >= 1
            let chroma = decision.chromaMode
            makePredictions(lumaModes: triesBoth || !decision.usesSubblocks ? 0..<4 : 0..<0,
                            chromaModes: refinesChroma ? 0..<4 : chroma..<(chroma + 1))
            refineByDistortion(&decision, triesBoth: triesBoth, refinesChroma: refinesChroma, headerLimit: headerLimit)
        }
    }

    /// Records the tokens of the decided macroblock in `buffer` and updates the neighbours'
    /// flags; then keeps its modes, errors and border samples for the next macroblocks.
    ///
    /// The context is passed `inout` (one exclusive access for the whole macroblock, not one per
    /// loop over its arrays).
    func finish(_ decision: VP8MacroblockDecision, into buffer: VP8TokenBuffer) {
        var writer = unsafe buffer.writer(model: model, blocks: 25)
        unsafe finish(decision, into: &writer)
        unsafe buffer.commit(writer)
    }

    /// The same with the tokens given to `sink`.
    func finish<Sink: VP8TokenSink>(_ decision: VP8MacroblockDecision, into sink: inout Sink) {
        let levels = unsafe UnsafePointer(workspace.levels(decision.levelSet))
        unsafe Self.record(decision, levels: levels, x: x, context: &context, into: &sink, bands: model.bands)
        var errors = decision.diffusionErrors
        unsafe withUnsafeBytes(of: &errors) { unsafe storeDiffusionErrors($0.baseAddress!.assumingMemoryBound(to: Int8.self)) }
        unsafe context.saveBoundary(x: x, y: y, rows: rows, output: workspace.output)
    }

    private static func record<Sink: VP8TokenSink>(_ decision: VP8MacroblockDecision, levels: UnsafePointer<Int16>, x: Int,
                                                   context: inout VP8MacroblockContext, into sink: inout Sink,
                                                   bands: UnsafePointer<Int>) {
        let base = x * 9
        // The neighbours' "has levels" flags, in lanes (no copies of the context's arrays).
        var top = SIMD16<UInt8>.zero, left = SIMD16<UInt8>.zero
        for i in 0..<9 {
            top[i] = context.topNonZero[base + i]
            left[i] = context.leftNonZero[i]
        }
        var lumaType = 3, first = 0
        if !decision.usesSubblocks {
            let hasLevels = unsafe VP8Residual(levels, first: 0, type: 1)
                .record(context: Int(top[8] + left[8]), into: &sink, bands: bands)
            top[8] = hasLevels ? 1 : 0
            left[8] = top[8]
            lumaType = 0
            first = 1
        }
        for n in 0..<16 {
            let hasLevels = unsafe VP8Residual(levels + Self.lumaLevels + 16 * n, first: first, type: lumaType)
                .record(context: Int(top[n & 3] + left[n >> 2]), into: &sink, bands: bands)
            top[n & 3] = hasLevels ? 1 : 0
            left[n >> 2] = top[n & 3]
        }
        for k in 0..<8 {
            let plane = k >> 2, column = 4 + 2 * plane + (k & 1), row = 4 + 2 * plane + ((k >> 1) & 1)
            let hasLevels = unsafe VP8Residual(levels + Self.chromaLevels + 16 * k, first: 0, type: 2)
                .record(context: Int(top[column] + left[row]), into: &sink, bands: bands)
            top[column] = hasLevels ? 1 : 0
            left[row] = top[column]
        }
        for i in 0..<9 {
            context.topNonZero[base + i] = top[i]
            context.leftNonZero[i] = left[i]
        }
        for i in 0..<4 {
            context.topModes[x * 4 + i] = decision.contextMode(12 + i)
            context.leftModes[i] = decision.contextMode(4 * i + 3)
        }
    }
}
