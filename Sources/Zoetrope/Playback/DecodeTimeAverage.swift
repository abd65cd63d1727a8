/// How long one frame of an image takes to decode: a moving average of the decodes a
/// ``SharedFrameCache`` measured, starting from a conservative estimate.
///
/// The estimate made before any measurement counts as one sample; the first samples are averaged
/// with it, then each new sample moves the average by an eighth of the difference. After the first,
/// a sample is taken as at most four times the average (or 1 ms), so one long decode (a seek
/// replaying many frames, a stall) moves it only so far, while a lasting change is followed within
/// a few frames.
struct DecodeTimeAverage: Sendable, Hashable {
    /// From this many samples on (the estimate included), the average is exponential.
    static let window = 8
    /// The most a sample counts for, in multiples of the average (or 1 ms, if more).
    static let outlierFactor = 4

    /// The average now.
    private(set) var value: Duration
    /// Samples taken (the estimate not included).
    private(set) var samples = 0

    /// Starts from `estimate`.
    init(estimate: Duration) {
        value = estimate
    }

    /// Starts from a conservative estimate for frames of `pixels` pixels: 1 ms plus 25 ns a pixel
    /// (40 megapixels a second, well below a release build's GIF, PNG or WebP decoding with
    /// compositing), 53 ms for 1920×1080.
    init(pixels: Int) {
        self.init(estimate: .milliseconds(1) + .nanoseconds(25) * max(pixels, 0))
    }

    /// Adds one measured decode.
    mutating func add(_ sample: Duration) {
        // The estimate may be far off: the first measurement counts whole.
        let ceiling = samples == 0 ? sample : max(value * Self.outlierFactor, .milliseconds(1))
        let counted = min(max(sample, .zero), ceiling)
        samples += 1
        value += (counted - value) / min(samples + 1, Self.window)
    }
}
