extension VP8Analysis {
    /// Analyses every macroblock of `planes`: its susceptibility and first mode guesses, then
    /// the segments (when there are several, or when the fastest methods need the guesses).
    static func run(_ planes: VP8SourcePlanes, settings: VP8EncoderSettings, columns: Int, rows: Int) -> VP8Analysis {
        var analysis = VP8Analysis(macroblockCount: columns * rows)
        guard settings.segmentCount > 1 || settings.method <= 1 else { return analysis }
        let workspace = VP8EncoderWorkspace()
        var alphaSum = 0, chromaAlphaSum = 0
        for y in 0..<rows {
            for x in 0..<columns {
                let index = y * columns + x
                unsafe planes.importMacroblock(x: x, y: y, into: workspace.source)
                unsafe planes.loadSourceEdges(x: x, y: y, luma: workspace.lumaPrediction(0), chroma: workspace.chromaPrediction(0))
                unsafe planes.loadSourceEdges(x: x, y: y, luma: workspace.lumaPrediction(1), chroma: workspace.chromaPrediction(1))
                let (alpha, chromaAlpha) = analysis.analyzeMacroblock(index, x: x, y: y, workspace: workspace, settings: settings)
                alphaSum += alpha
                chromaAlphaSum += chromaAlpha
            }
        }
        analysis.averageAlpha = alphaSum / (columns * rows)
        analysis.averageChromaAlpha = chromaAlphaSum / (columns * rows)
        analysis.assignSegments(count: settings.segmentCount)
        return analysis
    }

    /// Analyses macroblock `index`: returns its final susceptibility and its chroma one.
    private mutating func analyzeMacroblock(_ index: Int, x: Int, y: Int, workspace: VP8EncoderWorkspace,
                                            settings: VP8EncoderSettings) -> (Int, Int) {
        let source = unsafe workspace.source, coefficients = unsafe workspace.lumaCoefficients
        var lumaAlpha = 0
        for mode in 0..<2 { // DC and TM only: enough to judge, and less sensitive to the borders
            if settings.method > 1 { // the fastest methods judge the luma by its 4×4 means alone
                unsafe VP8EncoderWorkspace.predict(mode, size: 16, workspace.lumaPrediction(mode), hasAbove: y > 0, hasLeft: x > 0)
            }
            let chroma = unsafe workspace.chromaPrediction(mode)
            unsafe VP8EncoderWorkspace.predict(mode, size: 8, chroma, hasAbove: y > 0, hasLeft: x > 0)
            unsafe VP8EncoderWorkspace.predict(mode, size: 8, chroma + 16, hasAbove: y > 0, hasLeft: x > 0)
        }
        if settings.method <= 1 {
            usesSubblocks[index] = unsafe Self.prefersSubblocks(source, quality: settings.quality)
        } else {
            for mode in 0..<2 {
                let alpha = unsafe Self.residualAlpha(source: source, prediction: workspace.lumaPrediction(mode), blocks: 0..<16,
                                               coefficients: coefficients)
                if mode == 0 || alpha > lumaAlpha {
                    lumaAlpha = alpha
                    lumaModes[index] = UInt8(mode)
                }
            }
        }
        var chromaAlpha = 0, smallest = 0
        for mode in 0..<2 {
            let alpha = unsafe Self.residualAlpha(source: source, prediction: workspace.chromaPrediction(mode), blocks: 16..<24,
                                           coefficients: coefficients)
            chromaAlpha = max(chromaAlpha, alpha)
            if mode == 0 || alpha < smallest {
                smallest = alpha
                chromaModes[index] = UInt8(mode)
            }
        }
        let mixed = (3 * lumaAlpha + chromaAlpha + 2) >> 2
        let final = min(max(255 - mixed, 0), 255)
        alphas[index] = UInt8(final)
        return (final, chromaAlpha)
    }

    /// The fastest methods' guess: 4×4 prediction when the sixteen 4×4 means of the luma vary
    /// enough (the threshold rises with the quality).
    private static func prefersSubblocks(_ source: UnsafePointer<UInt8>, quality: Double) -> Bool {
        var sum = 0, sumOfSquares = 0
        for n in 0..<16 {
            let block = unsafe source + VP8EncoderWorkspace.lumaBlockOffset(n)
            var mean = 0
            for row in 0..<4 { for column in 0..<4 { unsafe mean += Int(block[row * VP8EncoderWorkspace.stride + column]) } }
            sum += mean
            sumOfSquares += mean * mean
        }
        let threshold = 8 + (17 - 8) * Int(quality) / 100
        return !(threshold * sumOfSquares < sum * sum)
    }
}
