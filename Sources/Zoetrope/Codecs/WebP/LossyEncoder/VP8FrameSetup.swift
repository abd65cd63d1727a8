/// The frame-level coding parameters derived from the quality and the analysis: each segment's
/// quantiser (libwebp's quality scale, so that a quality means the same quantisers as in
/// `cwebp -q`), the chroma quantiser offsets, the loop-filter levels, and the segments merged
/// when two of them came out the same.
struct VP8FrameSetup: Sendable {
    /// Always four entries (the header codes four); entries past ``segmentCount`` repeat the last.
    var segments: [VP8Segment]
    var segmentCount: Int
    var deltas = VP8QuantDeltas()
    var baseQuantizer = 0
    /// The frame's loop-filter level (segment 0's, until the levels are adjusted after coding).
    var filterLevel = 0
    /// For each segment of the analysis, the segment it was merged into.
    var segmentMap = [0, 1, 2, 3]

    /// The quality scale: libwebp's "good" middle is a compression of 0.5, which it puts at
    /// quality 75 (piecewise linear), then takes the cube root because file size goes roughly
    /// with the cube of the quantiser.
    static func compression(quality: Double) -> Double {
        let c = quality / 100
        return power(c < 0.75 ? c * 2 / 3 : 2 * c - 1, 1.0 / 3)
    }

    init(settings: VP8EncoderSettings, analysis: VP8Analysis, segmentCount: Int) {
        self.segmentCount = segmentCount
        segments = (0..<4).map { n in
            var segment = VP8Segment()
            segment.alpha = analysis.segmentAlphas[n]
            segment.beta = analysis.segmentBetas[n]
            return segment
        }
        let amplitude = 0.9 * Double(settings.noiseShaping) / 100 / 128
        let base = Self.compression(quality: settings.quality)
        for n in 0..<segmentCount {
            // Busier segments (higher alpha) are quantised more: a smaller exponent.
            let c = power(base, 1 - amplitude * Double(segments[n].alpha))
            segments[n].quantizer = min(max(Int(127 * (1 - c)), 0), 127)
        }
        baseQuantizer = segments[0].quantizer
        for n in segmentCount..<4 { segments[n].quantizer = baseQuantizer }
        setChromaDeltas(chromaAlpha: analysis.averageChromaAlpha, noiseShaping: settings.noiseShaping)
        setFilterLevels(settings)
        if segmentCount > 1 { mergeEqualSegments() }
        for n in 0..<4 { segments[n].setUpMatrices(deltas: deltas, textureStrength: settings.textureStrength) }
    }

    /// Chroma that the analysis found easy takes a coarser AC quantiser (up to +6), hard chroma a
    /// finer one (down to −4); the chroma DC is always a little finer.
    private mutating func setChromaDeltas(chromaAlpha: Int, noiseShaping: Int) {
        let (middle, low, high, minimum, maximum) = (64, 30, 100, -4, 6)
        var ac = (chromaAlpha - middle) * (maximum - minimum) / (high - low)
        ac = ac * noiseShaping / 100
        deltas.chromaAC = min(max(ac, minimum), maximum)
        deltas.chromaDC = min(max(-4 * noiseShaping / 100, -15), 15)
    }

    /// Segment levels from their quantisers: a level that smooths an edge of a quarter AC step,
    /// scaled by the filter strength, lower for simpler segments (low beta).
    private mutating func setFilterLevels(_ settings: VP8EncoderSettings) {
        let strength = 5 * settings.filterStrength
        for n in 0..<4 {
            let step = Int(VP8QuantMatrix.acTable[min(max(segments[n].quantizer, 0), 127)]) >> 2
            let base = Self.filterLevel(forEdge: step, sharpness: settings.filterSharpness)
            let level = base * strength / (256 + segments[n].beta)
            segments[n].filterLevel = level < 2 ? 0 : min(level, 63)
        }
        filterLevel = segments[0].filterLevel
    }

    /// The filter level needed to smooth an edge step of `delta`: with sharpness 0 the step
    /// itself; with sharpness the smallest level whose edge limit (2·level + interior limit)
    /// reaches what sharpness 0 gives.
    static func filterLevel(forEdge delta: Int, sharpness: Int) -> Int {
        let delta = min(max(delta, 0), 63)
        guard sharpness > 0 else { return delta }
        for level in delta...63 {
            var interior = level >> (sharpness > 4 ? 2 : 1)
            interior = max(min(interior, 9 - sharpness), 1)
            if 2 * level + interior >= 3 * delta { return level }
        }
        return 63
    }

    /// Merges segments with the same quantiser and filter level.
    private mutating func mergeEqualSegments() {
        var kept = 1
        for n in 1..<segmentCount {
            if let same = (0..<kept).first(where: {
                segments[$0].quantizer == segments[n].quantizer && segments[$0].filterLevel == segments[n].filterLevel
            }) {
                segmentMap[n] = same
            } else {
                segments[kept] = segments[n]
                segmentMap[n] = kept
                kept += 1
            }
        }
        if kept < segmentCount {
            for n in kept..<4 { segments[n] = segments[kept - 1] }
            segmentCount = kept
        }
    }
}
