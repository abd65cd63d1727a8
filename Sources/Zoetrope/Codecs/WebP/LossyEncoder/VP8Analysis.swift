/// The analysis pass before coding: how easily each macroblock compresses, from which
/// macroblocks are grouped into segments that get their own quantiser.
///
/// A macroblock's "susceptibility" comes from the histogram of its DCT coefficient magnitudes
/// after prediction (from the source itself, as if reconstruction were perfect): spread-out
/// coefficients relative to the peak mean detailed content. The values of all macroblocks are
/// then clustered by k-means into the segments.
struct VP8Analysis {
    /// Per macroblock: susceptibility 0…255 (after clustering, the centre of its segment).
    var alphas: [UInt8]
    /// Per macroblock: the segment, and the 16×16 and chroma modes the analysis predicted best
    /// (what the fastest methods use).
    var segments: [UInt8]
    var lumaModes: [UInt8]
    var chromaModes: [UInt8]
    /// Per macroblock: whether the fastest methods start from 4×4 prediction.
    var usesSubblocks: [Bool]
    /// Means over the frame of the mixed and the chroma susceptibility.
    var averageAlpha = 0
    var averageChromaAlpha = 0
    /// The segment parameters' alpha (−127…127) and beta (0…255) from the cluster centres.
    var segmentAlphas = [0, 0, 0, 0]
    var segmentBetas = [0, 0, 0, 0]

    private static let histogramBins = 32

    init(macroblockCount: Int) {
        alphas = [UInt8](repeating: 0, count: macroblockCount)
        segments = [UInt8](repeating: 0, count: macroblockCount)
        lumaModes = [UInt8](repeating: 0, count: macroblockCount)
        chromaModes = [UInt8](repeating: 0, count: macroblockCount)
        usesSubblocks = [Bool](repeating: false, count: macroblockCount)
    }

    /// The susceptibility of the prediction residual of blocks `blocks` (indices into the
    /// macroblock's 4×4 blocks: 0–15 luma, 16–23 chroma) against a prediction whose luma or U
    /// block origin is `prediction`.
    static func residualAlpha(source: UnsafePointer<UInt8>, prediction: UnsafePointer<UInt8>, blocks: Range<Int>,
                              coefficients: UnsafeMutablePointer<Int16>) -> Int {
        let (maximum, lastNonZero) = unsafe withUnsafeTemporaryAllocation(of: Int.self, capacity: histogramBins) { histogram in
            unsafe histogram.initialize(repeating: 0)
            let top = histogramBins - 1
            for block in blocks {
                let (sourceOffset, predictionOffset) = block < 16
                    ? (VP8EncoderWorkspace.lumaBlockOffset(block), VP8EncoderWorkspace.lumaBlockOffset(block))
                    : (VP8EncoderWorkspace.chromaBlockOffset(block - 16), VP8EncoderWorkspace.chromaPredictionOffset(block - 16))
                unsafe VP8ForwardTransform.dct(source + sourceOffset, prediction + predictionOffset, into: coefficients)
                for k in 0..<16 { unsafe histogram[min(Int(coefficients[k].magnitude) >> 3, top)] &+= 1 }
            }
            var maximum = 0, lastNonZero = 1
            for bin in 0..<histogramBins where unsafe histogram[bin] > 0 {
                maximum = unsafe max(maximum, histogram[bin])
                lastNonZero = bin
            }
            return (maximum, lastNonZero)
        }
        return maximum > 1 ? 2 * 255 * lastNonZero / maximum : 0
    }
}

extension VP8Analysis {
    /// Clusters the macroblocks' susceptibilities into `count` segments (k-means on their
    /// histogram, a few iterations), sets each macroblock's segment and the segments' alpha and
    /// beta.
    mutating func assignSegments(count: Int) {
        var histogram = [Int](repeating: 0, count: 256)
        for alpha in alphas { histogram[Int(alpha)] += 1 }
        guard let low = histogram.firstIndex(where: { $0 > 0 }), let high = histogram.lastIndex(where: { $0 > 0 }) else { return }
        var centers = (0..<count).map { low + (2 * $0 + 1) * (high - low) / (2 * count) }
        var map = [Int](repeating: 0, count: 256)
        var weightedAverage = 0
        for _ in 0..<6 {
            var sums = [Int](repeating: 0, count: count), weights = [Int](repeating: 0, count: count)
            var nearest = 0
            for alpha in low...high where histogram[alpha] > 0 {
                while nearest + 1 < count && abs(alpha - centers[nearest + 1]) < abs(alpha - centers[nearest]) { nearest += 1 }
                map[alpha] = nearest
                sums[nearest] += alpha * histogram[alpha]
                weights[nearest] += histogram[alpha]
            }
            var displaced = 0, total = 0
            weightedAverage = 0
            for n in 0..<count where weights[n] > 0 {
                let center = (sums[n] + weights[n] / 2) / weights[n]
                displaced += abs(centers[n] - center)
                centers[n] = center
                weightedAverage += center * weights[n]
                total += weights[n]
            }
            weightedAverage = (weightedAverage + total / 2) / total
            if displaced < 5 { break }
        }
        for i in alphas.indices {
            segments[i] = UInt8(map[Int(alphas[i])])
            alphas[i] = UInt8(centers[map[Int(alphas[i])]])
        }
        setSegmentAlphas(centers: centers, middle: weightedAverage)
    }

    private mutating func setSegmentAlphas(centers: [Int], middle: Int) {
        let minimum = centers.min() ?? 0
        var maximum = centers.max() ?? 0
        if maximum == minimum { maximum = minimum + 1 }
        for (n, center) in centers.enumerated() {
            segmentAlphas[n] = min(max(255 * (center - middle) / (maximum - minimum), -127), 127)
            segmentBetas[n] = min(max(255 * (center - minimum) / (maximum - minimum), 0), 255)
        }
    }
}
