/// Mode decisions by rate and distortion (methods 3 and up): every 16×16 luma mode, then every
/// 4×4 mode of each block in turn (abandoned as soon as it cannot win), then every chroma mode;
/// each candidate is transformed, quantised and reconstructed, its squared error (plus texture
/// error) weighed against its bits.
extension VP8MacroblockCoder {
    /// A flat-looking block is one whose levels have at most this many non-zero AC
    /// coefficients; other modes than DC then pay ``flatnessPenalty`` per block, so that flat
    /// areas are not predicted by complex modes that happen to fit the noise.
    static let flatnessLimitSubblock = 3
    static let flatnessLimitChroma = 2
    static let flatnessPenalty = 140

    /// Whether `count` blocks of levels (16 each, coding order) have at most `limit` non-zero AC levels.
    static func isFlat(_ levels: UnsafePointer<Int16>, blocks count: Int, limit: Int) -> Bool {
        var nonZero = 0
        for block in 0..<count {
            for i in 1..<16 where unsafe levels[block &* 16 &+ i] != 0 {
                nonZero &+= 1
                if nonZero > limit { return false }
            }
        }
        return true
    }

    /// Whether the 16×16 source luma is a single value.
    static func isFlatSource(_ source: UnsafePointer<UInt8>) -> Bool {
        let first = unsafe source[0]
        for row in 0..<16 {
            let line = unsafe SIMD16<UInt8>(UnsafeBufferPointer(start: source + row * VP8EncoderWorkspace.stride, count: 16))
            if line != SIMD16(repeating: first) { return false }
        }
        return true
    }

    /// Chooses the 16×16 luma mode; its reconstruction goes to the workspace output and its levels
    /// to `decision.levelSet` (0 or 1).
    func pickBestLuma16(_ decision: inout VP8MacroblockDecision) {
        let segment = self.segment, source = unsafe workspace.source
        var isFlat = unsafe Self.isFlatSource(source)
        let sourceSpectra = unsafe VP8Distortion.spectra16x16(source)
        var best = VP8ModeScore(), bestSet = 0, candidateSet = 1
        for mode in 0..<4 {
            // A mode whose bits alone lose is out before it is transformed (every other term is at
            // least zero); not while the flatness test still runs, which each mode updates.
            if mode > 0 && !isFlat && VP8CostTables.lumaModeCost[mode] &* segment.lambdaLuma16 >= best.score { continue }
            let levels = unsafe workspace.levels(candidateSet)
            var score = VP8ModeScore()
            score.nonZero = unsafe reconstructLuma16(mode: mode, levels: levels, into: workspace.candidate)
            score.distortion = unsafe VP8Distortion.sse(source, workspace.candidate, width: 16, height: 16)
            score.texture = unsafe (segment.textureLambda * VP8Distortion.texture16x16(sourceSpectra: sourceSpectra, workspace.candidate) + 128) >> 8
            score.header = VP8CostTables.lumaModeCost[mode]
            if isFlat {
                isFlat = unsafe Self.isFlat(levels + Self.lumaLevels, blocks: 16, limit: 0)
                if isFlat {
                    score.distortion *= 2
                    score.texture *= 2
                }
            }
            // The rate only adds: a mode already worse without it is out.
            score.updateScore(lambda: segment.lambdaLuma16)
            if mode > 0 && score.score >= best.score { continue }
            score.rate = unsafe costLuma16(levels)
            score.updateScore(lambda: segment.lambdaLuma16)
            if mode == 0 || score.score < best.score {
                best = score
                decision.lumaMode = mode
                swap(&bestSet, &candidateSet)
                workspace.swapOutput()
            }
        }
        best.updateScore(lambda: segment.lambdaMode)
        decision.score = best
        decision.levelSet = bestSet
        decision.usesSubblocks = false
        if best.nonZero & 0x100_ffff == 0x100_0000 && best.distortion > segment.minimumDistortion {
            unsafe recordBlockyEdge(workspace.levels(bestSet))
        }
    }

    /// A macroblock with only DCs and a large error looks blocky: keep the largest DC step, from
    /// which the loop-filter level is raised after coding.
    private func recordBlockyEdge(_ secondOrderLevels: UnsafePointer<Int16>) {
        let step = unsafe max(abs(Int(secondOrderLevels[1])), abs(Int(secondOrderLevels[2])), abs(Int(secondOrderLevels[4])))
        segments[segmentIndex].maximumEdge = max(segments[segmentIndex].maximumEdge, step)
    }

    /// The rate of a 16×16-predicted macroblock's luma levels.
    func costLuma16(_ levels: UnsafePointer<Int16>) -> Int {
        loadFlags()
        var rate = unsafe VP8Residual(levels, first: 0, type: 1).cost(context: Int(topFlags[8] + leftFlags[8]), model: model)
        for n in 0..<16 {
            let residual = unsafe VP8Residual(levels + Self.lumaLevels + 16 * n, first: 1, type: 0)
            unsafe rate += residual.cost(context: Int(topFlags[n & 3] + leftFlags[n >> 2]), model: model)
            unsafe topFlags[n & 3] = residual.hasLevels ? 1 : 0
            unsafe leftFlags[n >> 2] = residual.hasLevels ? 1 : 0
        }
        return rate
    }

    /// The rate of a macroblock's chroma levels.
    func costChroma(_ levels: UnsafePointer<Int16>) -> Int {
        loadFlags()
        var rate = 0
        for k in 0..<8 {
            let plane = k >> 2, column = 4 + 2 * plane + (k & 1), row = 4 + 2 * plane + ((k >> 1) & 1)
            let residual = unsafe VP8Residual(levels + Self.chromaLevels + 16 * k, first: 0, type: 2)
            unsafe rate += residual.cost(context: Int(topFlags[column] + leftFlags[row]), model: model)
            unsafe topFlags[column] = residual.hasLevels ? 1 : 0
            unsafe leftFlags[row] = residual.hasLevels ? 1 : 0
        }
        return rate
    }

    /// The costs of the ten 4×4 modes (lanes 0–9) for block `n` given the modes decided so far.
    func subblockModeCosts(_ n: Int, modes: SIMD16<UInt8>) -> SIMD16<UInt16> {
        let above = n < 4 ? context.topModes[x * 4 + n] : modes[n - 4]
        let left = n & 3 == 0 ? context.leftModes[n >> 2] : modes[n - 1]
        let base = (Int(above) * 10 + Int(left)) * 10
        return unsafe VP8CostTables.subblockModeCost.withUnsafeBufferPointer { table in
            var costs = SIMD16<UInt16>.zero
            for mode in 0..<10 { costs[mode] = unsafe table[base + mode] }
            return costs
        }
    }
}
