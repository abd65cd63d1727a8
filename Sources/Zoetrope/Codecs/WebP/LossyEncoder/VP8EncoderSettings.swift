/// How the lossy (VP8) encoder works: the quality and effort a caller chooses, and the tools
/// each method turns on (the same split of work over methods 0–6 as libwebp's `cwebp -m`).
struct VP8EncoderSettings: Sendable, Equatable {
    /// 0 (smallest) … 100 (best); 75 is libwebp's default and means the same quantisers.
    var quality: Double = 75
    /// 0 (fastest) … 6 (smallest for the quality).
    var method: Int = 4
    /// Spatial noise shaping, 0…100: how much busier segments are quantised more coarsely.
    var noiseShaping = 50
    /// Loop-filter strength, 0…100 (0 turns the filter off).
    var filterStrength = 60
    /// Loop-filter sharpness, 0…7.
    var filterSharpness = 0
    /// Whether to use the simple loop filter (luma only) instead of the normal one.
    var usesSimpleFilter = false
    /// Number of segments, 1…4.
    var segmentCount = 4
    /// Number of token partitions: 1, 2, 4 or 8.
    var partitionCount = 1

    init(quality: Double = 75, method: Int = 4) {
        self.quality = min(max(quality, 0), 100)
        self.method = min(max(method, 0), 6)
    }

    /// How far mode decisions weigh rate against distortion.
    enum RateDistortionLevel: Int, Comparable, Sendable {
        /// Modes by distortion and fixed mode costs only.
        case none
        /// Modes by rate and distortion.
        case basic
        /// And trellis quantisation of the chosen modes.
        case trellis
        /// And trellis quantisation while choosing.
        case trellisAll

        static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    }

    var rateDistortionLevel: RateDistortionLevel {
        method >= 6 ? .trellisAll : method >= 5 ? .trellis : method >= 3 ? .basic : .none
    }

    /// Whether texture distortion joins the mode decisions with the noise-shaping weight.
    var textureStrength: Int { method >= 4 ? noiseShaping : 0 }

    /// Whether 4×4 prediction is considered (methods 2 and up; the fastest take the analysis's
    /// guess).
    var considersSubblocks: Bool { method >= 2 }
}
