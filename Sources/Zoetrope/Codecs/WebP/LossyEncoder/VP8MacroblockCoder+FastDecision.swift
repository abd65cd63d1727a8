/// The fast mode decisions (methods 0–2): modes by prediction error and fixed mode costs, with a
/// constant penalty for 4×4 prediction instead of its coefficient rate; and the final
/// requantisation with trellis of method 5.
extension VP8MacroblockCoder {
    /// Distortion-to-rate weights of the fast decisions.
    private static let lumaWeight = 106, subblockWeight = 11, chromaWeight = 120

    /// Chooses modes by distortion. `decision` comes in with the analysis's guess (16×16 or 4×4,
    /// its modes); `triesBoth` compares 16×16 with 4×4, `refinesChroma` re-chooses the chroma
    /// mode. `headerLimit` bounds the mode bits of a macroblock that tries both.
    func refineByDistortion(_ decision: inout VP8MacroblockDecision, triesBoth: Bool, refinesChroma: Bool, headerLimit: Int) {
        let source = unsafe workspace.source
        var triesSubblocks = triesBoth || decision.usesSubblocks
        var bestScore = VP8ModeScore.unreachable
        if triesBoth || !decision.usesSubblocks {
            for mode in 0..<4 where mode == 0 || VP8CostTables.lumaModeCost[mode] <= (triesBoth ? headerLimit : .max) {
                let score = unsafe VP8Distortion.sse(source, workspace.lumaPrediction(mode), width: 16, height: 16) * 256
                    + VP8CostTables.lumaModeCost[mode] * Self.lumaWeight
                if score < bestScore {
                    bestScore = score
                    decision.lumaMode = mode
                }
            }
            if unsafe (x == 0 || y == 0) && Self.isFlatSource(source) {
                // Flat borders stay 16×16 DC or V, which keeps a checkerboard from starting there.
                decision.lumaMode = x == 0 ? 0 : 2
                triesSubblocks = false
            }
        }
        var nonZero: UInt32 = 0
        if triesSubblocks, let (modes, score, mask) = subblocksByDistortion(
            bestScore: bestScore, headerLimit: triesBoth ? headerLimit : .max) {
            decision.usesSubblocks = true
            decision.subblockModes = modes
            decision.levelSet = Self.subblockSet
            unsafe VP8EncoderWorkspace.copy(workspace.subblockLuma, to: workspace.output, width: 16, height: 16)
            bestScore = score
            nonZero = mask
        } else {
            decision.usesSubblocks = false
            decision.levelSet = 0
            nonZero = unsafe reconstructLuma16(mode: decision.lumaMode, levels: workspace.levels(0), into: workspace.output)
        }
        if refinesChroma {
            var best = VP8ModeScore.unreachable
            for mode in 0..<4 {
                let score = unsafe VP8Distortion.sse(source + 16, workspace.chromaPrediction(mode), width: 16, height: 8) * 256
                    + VP8CostTables.chromaModeCost[mode] * Self.chromaWeight
                if score < best {
                    best = score
                    decision.chromaMode = mode
                }
            }
        }
        nonZero |= finishChroma(&decision)
        decision.score = VP8ModeScore(score: bestScore, nonZero: nonZero)
    }

    /// 4×4 modes by distortion, reconstructed in the 4×4 workspace; nil as soon as they cannot
    /// beat `bestScore` or spend more than `headerLimit` mode bits.
    private func subblocksByDistortion(bestScore: Int, headerLimit: Int) -> (SIMD16<UInt8>, Int, UInt32)? {
        var modes = SIMD16<UInt8>.zero, score = segment.subblockPenalty, headerBits = 0, nonZero: UInt32 = 0
        startSubblocks()
        let levels = unsafe workspace.levels(Self.subblockSet)
        for n in 0..<16 {
            makeSubblockPredictions(n)
            let source = unsafe workspace.source + VP8EncoderWorkspace.lumaBlockOffset(n)
            var bestMode = 0, best = VP8ModeScore.unreachable
            let costs = subblockModeCosts(n, modes: modes)
            for mode in 0..<10 {
                let candidate = unsafe VP8Distortion.sse(source, workspace.subblockPrediction(mode), width: 4, height: 4) * 256
                    + Int(costs[mode]) * Self.subblockWeight
                if candidate < best {
                    best = candidate
                    bestMode = mode
                }
            }
            headerBits += Int(costs[bestMode])
            score += best
            if score >= bestScore || headerBits > headerLimit { return nil }
            modes[n] = UInt8(bestMode)
            let target = unsafe workspace.subblockLuma + VP8EncoderWorkspace.lumaBlockOffset(n)
            if unsafe reconstructSubblock(n, mode: bestMode, levels: levels + Self.lumaLevels + 16 * n, into: target) {
                nonZero |= 1 << n
            }
        }
        return (modes, score, nonZero)
    }

    /// Codes the chroma with the decision's mode into the output and its levels into the
    /// decision's level set; returns its non-zero mask.
    func finishChroma(_ decision: inout VP8MacroblockDecision) -> UInt32 {
        var errors = SIMD8<Int8>.zero
        let mask = unsafe withUnsafeMutableBytes(of: &errors) { raw in
            unsafe reconstructChroma(mode: decision.chromaMode, levels: workspace.levels(decision.levelSet), into: workspace.output,
                              errors: raw.baseAddress!.assumingMemoryBound(to: Int8.self))
        }
        decision.diffusionErrors = errors
        return mask
    }

    /// Requantises the chosen modes with trellis quantisation (method 5's last step).
    func requantizeWithTrellis(_ decision: inout VP8MacroblockDecision) {
        usesTrellis = true
        defer { usesTrellis = false }
        let levels = unsafe workspace.levels(decision.levelSet)
        var nonZero: UInt32 = 0
        if decision.usesSubblocks {
            startSubblocks()
            loadFlags()
            for n in 0..<16 {
                let mode = Int(decision.subblockModes[n])
                let target = unsafe workspace.subblockLuma + VP8EncoderWorkspace.lumaBlockOffset(n)
                unsafe VP8IntraPredictor.predictSubblock(VP8PredictionMode(rawValue: UInt8(mode))!, target)
                unsafe VP8EncoderWorkspace.copy4x4(target, to: workspace.subblockPrediction(mode))
                let hasLevels = unsafe reconstructSubblock(n, mode: mode, levels: levels + Self.lumaLevels + 16 * n, into: target)
                if hasLevels { nonZero |= 1 << n }
                unsafe topFlags[n & 3] = hasLevels ? 1 : 0
                unsafe leftFlags[n >> 2] = hasLevels ? 1 : 0
            }
            unsafe VP8EncoderWorkspace.copy(workspace.subblockLuma, to: workspace.output, width: 16, height: 16)
        } else {
            nonZero = unsafe reconstructLuma16(mode: decision.lumaMode, levels: levels, into: workspace.output)
        }
        usesTrellis = false
        nonZero |= finishChroma(&decision)
        decision.score.nonZero = nonZero
    }
}
