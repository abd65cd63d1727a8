/// The 4×4 and chroma mode decisions by rate and distortion.
extension VP8MacroblockCoder {
    /// The level set where the 4×4 decision keeps its levels, and the scratch set.
    static let subblockSet = 2
    static let scratchSet = 3

    /// Tries 4×4 prediction against the 16×16 decision in `decision`; takes it (modes, levels,
    /// reconstruction in the workspace output) when its score is lower. `maximumHeaderBits`
    /// bounds the mode bits a macroblock may spend.
    func pickBestSubblocks(_ decision: inout VP8MacroblockDecision, maximumHeaderBits: Int) {
        let segment = self.segment
        var total = VP8ModeScore()
        total.header = VP8CostTables.subblockFlagCost
        total.updateScore(lambda: segment.lambdaMode)
        var modes = SIMD16<UInt8>.zero, headerBits = 0
        startSubblocks()
        loadFlags()
        for n in 0..<16 {
            let (mode, score) = pickBestSubblock(n, modes: modes)
            var blockScore = score
            blockScore.updateScore(lambda: segment.lambdaMode)
            total.add(blockScore)
            headerBits += blockScore.header
            guard total.score < decision.score.score, headerBits <= maximumHeaderBits else { return }
            let target = unsafe workspace.subblockLuma + VP8EncoderWorkspace.lumaBlockOffset(n)
            unsafe VP8EncoderWorkspace.copy4x4(workspace.subblockCandidates + 4, to: target)
            modes[n] = UInt8(mode)
            unsafe topFlags[n & 3] = blockScore.nonZero != 0 ? 1 : 0
            unsafe leftFlags[n >> 2] = blockScore.nonZero != 0 ? 1 : 0
        }
        decision.score = total
        decision.usesSubblocks = true
        decision.subblockModes = modes
        decision.levelSet = Self.subblockSet
        unsafe VP8EncoderWorkspace.copy(workspace.subblockLuma, to: workspace.output, width: 16, height: 16)
    }

    /// The best mode of block `n`: its reconstruction is left in the second 4×4 candidate
    /// buffer and its levels in the 4×4 level set.
    private func pickBestSubblock(_ n: Int, modes: SIMD16<UInt8>) -> (mode: Int, score: VP8ModeScore) {
        // The two multipliers, not a copy of the segment (whose matrices would be retained).
        let lambda = segment.lambdaLuma4, textureLambda = segment.textureLambda
        let source = unsafe workspace.source + VP8EncoderWorkspace.lumaBlockOffset(n)
        let levels = unsafe workspace.levels(Self.scratchSet), bestLevels = unsafe workspace.levels(Self.subblockSet) + Self.lumaLevels + 16 * n
        var trial = unsafe workspace.subblockCandidates, kept = unsafe workspace.subblockCandidates + 4
        makeSubblockPredictions(n)
        let sourceSpectrum = unsafe VP8Distortion.weightedSpectrum(source)
        let modeCosts = subblockModeCosts(n, modes: modes)
        let flagContext = unsafe Int(topFlags[n & 3] + leftFlags[n >> 2])
        var best = VP8ModeScore(), bestMode = -1
        for mode in 0..<10 {
            // Every term of the score is at least zero: a mode whose bits alone lose is out
            // before it is transformed.
            if bestMode >= 0 && Int(modeCosts[mode]) &* lambda >= best.score { continue }
            var score = VP8ModeScore()
            score.nonZero = unsafe reconstructSubblock(n, mode: mode, levels: levels, into: trial) ? 1 << n : 0
            score.distortion = unsafe VP8Distortion.sse(source, trial, width: 4, height: 4)
            score.header = Int(modeCosts[mode])
            // The texture error, the flatness penalty and the levels' rate only add: a mode
            // already worse without them is out.
            score.updateScore(lambda: lambda)
            if bestMode >= 0 && score.score >= best.score { continue }
            score.texture = unsafe (textureLambda * VP8Distortion.texture4x4(sourceSpectrum: sourceSpectrum, trial) + 128) >> 8
            score.updateScore(lambda: lambda)
            if bestMode >= 0 && score.score >= best.score { continue }
            score.rate = unsafe mode > 0 && Self.isFlat(levels, blocks: 1, limit: Self.flatnessLimitSubblock) ? Self.flatnessPenalty : 0
            score.updateScore(lambda: lambda)
            if bestMode >= 0 && score.score >= best.score { continue }
            unsafe score.rate += VP8Residual(levels, first: 0, type: 3).cost(context: flagContext, model: model)
            score.updateScore(lambda: lambda)
            if bestMode < 0 || score.score < best.score {
                best = score
                bestMode = mode
                unsafe swap(&trial, &kept)
                unsafe bestLevels.update(from: levels, count: 16)
            }
        }
        if unsafe kept != workspace.subblockCandidates + 4 {
            unsafe VP8EncoderWorkspace.copy4x4(kept, to: workspace.subblockCandidates + 4)
        }
        return (bestMode, best)
    }

    /// Chooses the chroma mode: its reconstruction goes to the workspace output, its levels to
    /// the decision's level set, its score is added to the decision's.
    func pickBestChroma(_ decision: inout VP8MacroblockDecision) {
        let segment = self.segment, source = unsafe workspace.source
        let levels = unsafe workspace.levels(Self.scratchSet), finalLevels = unsafe workspace.levels(decision.levelSet)
        let output = unsafe workspace.output + 16
        var trial = unsafe workspace.candidate + 16, kept = unsafe output
        var best = VP8ModeScore()
        var errors = SIMD8<Int8>.zero
        for mode in 0..<4 {
            if mode > 0 && VP8CostTables.chromaModeCost[mode] &* segment.lambdaChroma >= best.score { continue }
            var score = VP8ModeScore()
            score.nonZero = unsafe withUnsafeMutableBytes(of: &errors) { raw in
                unsafe reconstructChroma(mode: mode, levels: levels, into: trial - 16, errors: raw.baseAddress!.assumingMemoryBound(to: Int8.self))
            }
            score.distortion = unsafe VP8Distortion.sse(source + 16, trial, width: 16, height: 8)
            score.header = VP8CostTables.chromaModeCost[mode]
            // The rate only adds: a mode already worse without it is out.
            score.updateScore(lambda: segment.lambdaChroma)
            if mode > 0 && score.score >= best.score { continue }
            score.rate = unsafe costChroma(levels)
            if unsafe mode > 0 && Self.isFlat(levels + Self.chromaLevels, blocks: 8, limit: Self.flatnessLimitChroma) {
                score.rate += Self.flatnessPenalty * 8
            }
            score.updateScore(lambda: segment.lambdaChroma)
            if mode == 0 || score.score < best.score {
                best = score
                decision.chromaMode = mode
                decision.diffusionErrors = errors
                unsafe (finalLevels + Self.chromaLevels).update(from: levels + Self.chromaLevels, count: 128)
                unsafe swap(&trial, &kept)
            }
        }
        decision.score.add(best)
        if unsafe kept != output { unsafe VP8EncoderWorkspace.copy(kept, to: output, width: 16, height: 8) }
    }
}
