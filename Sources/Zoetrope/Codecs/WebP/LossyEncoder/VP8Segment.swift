/// The coding parameters of one of the (up to four) segments of a lossy frame: its quantiser,
/// its quantisation matrices, its loop-filter level and the multipliers that weigh rate against
/// distortion in its mode decisions.
struct VP8Segment: Sendable {
    /// How much the segment's quantiser may move from the frame's, −127…127 (0 is neutral;
    /// higher means busier content that hides more loss).
    var alpha = 0
    /// How strongly the segment is filtered relative to the others, 0…255.
    var beta = 0
    /// Quantiser index, 0…127.
    var quantizer = 0
    /// Loop-filter level, 0…63.
    var filterLevel = 0
    /// The largest step between neighbouring 4×4 DCs seen in a blocky 16×16 macroblock, for
    /// raising the filter level afterwards.
    var maximumEdge = 0
    /// The distortion above which such a macroblock counts as blocky.
    var minimumDistortion = 0

    var luma = VP8QuantizerMatrix(dcStep: 4, acStep: 4, kind: .luma)
    var secondOrder = VP8QuantizerMatrix(dcStep: 8, acStep: 8, kind: .secondOrder)
    var chroma = VP8QuantizerMatrix(dcStep: 4, acStep: 4, kind: .chroma)

    /// Rate multipliers for the mode decisions (score = rate · λ + 256 · distortion).
    var lambdaLuma16 = 1, lambdaLuma4 = 1, lambdaChroma = 1, lambdaMode = 1
    var lambdaTrellisLuma16 = 1, lambdaTrellisLuma4 = 1, lambdaTrellisChroma = 1
    /// Weight of the spectral (texture) distortion (at least 1: with no noise shaping it counts
    /// only in 1/256).
    var textureLambda = 0
    /// A fixed penalty for 4×4 prediction when modes are chosen by distortion alone.
    var subblockPenalty = 0

    /// Sets the matrices and multipliers from ``quantizer`` and the frame's index deltas.
    /// `textureStrength` is the spatial-noise-shaping strength when texture distortion is
    /// measured (methods 4 and up), else 0.
    mutating func setUpMatrices(deltas: VP8QuantDeltas, textureStrength: Int) {
        let q = quantizer
        let dc = VP8QuantMatrix.dcTable, ac = VP8QuantMatrix.acTable
        func clamp(_ v: Int, _ upper: Int) -> Int { min(max(v, 0), upper) }
        luma = VP8QuantizerMatrix(dcStep: Int(dc[clamp(q + deltas.lumaDC, 127)]), acStep: Int(ac[clamp(q, 127)]), kind: .luma)
        secondOrder = VP8QuantizerMatrix(dcStep: Int(dc[clamp(q + deltas.secondOrderDC, 127)]) * 2,
                                         acStep: Self.secondOrderACStep(clamp(q + deltas.secondOrderAC, 127)),
                                         kind: .secondOrder)
        chroma = VP8QuantizerMatrix(dcStep: Int(dc[clamp(q + deltas.chromaDC, 117)]),
                                    acStep: Int(ac[clamp(q + deltas.chromaAC, 127)]), kind: .chroma)
        let q4 = luma.averageStep, q16 = secondOrder.averageStep, qUV = chroma.averageStep
        lambdaLuma4 = max(1, (3 * q4 * q4) >> 7)
        lambdaLuma16 = max(1, 3 * q16 * q16)
        lambdaChroma = max(1, (3 * qUV * qUV) >> 6)
        lambdaMode = max(1, (q4 * q4) >> 7)
        lambdaTrellisLuma4 = max(1, (7 * q4 * q4) >> 3)
        lambdaTrellisLuma16 = max(1, (q16 * q16) >> 2)
        lambdaTrellisChroma = max(1, (qUV * qUV) << 1)
        textureLambda = max(1, (textureStrength * q4) >> 5)
        minimumDistortion = unsafe 20 * Int(luma.step[0])
        maximumEdge = 0
        subblockPenalty = 1000 * q4 * q4
    }

    /// The second-order AC step: the decoder's `ac · 155 / 100`, at least 8.
    static func secondOrderACStep(_ index: Int) -> Int {
        max(8, Int(VP8QuantMatrix.acTable[index]) * 155 / 100)
    }
}
