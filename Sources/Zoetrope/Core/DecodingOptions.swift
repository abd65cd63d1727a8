/// How the durations a file stores are turned into the durations frames are shown for.
public enum FrameTiming: String, Sendable, Hashable, CaseIterable {
    /// Browsers' rule (Chromium, Firefox, WebKit): a stored duration of 10 ms or less shows for
    /// 100 ms.
    case browser
    /// Durations exactly as stored; a zero duration stays zero.
    case raw

    /// The duration to show a frame whose stored duration is `stored` (`nil` when the file has
    /// none).
    public func effectiveDuration(_ stored: Duration?) -> Duration {
        let duration = stored ?? .zero
        switch self {
        case .raw: return duration < .zero ? .zero : duration
        case .browser: return duration <= .milliseconds(10) ? .milliseconds(100) : duration
        }
    }
}

/// How lossy WebP's half-resolution chroma is brought to full resolution.
public enum ChromaUpsampling: String, Sendable, Hashable, CaseIterable {
    /// libwebp's default ("fancy"): each chroma sample interpolated from its nearest neighbours
    /// with weights 9:3:3:1. Smooth edges; what browsers show.
    case interpolated
    /// Each chroma sample repeated over its 2×2 pixels (`dwebp -nofancy`): a little faster.
    case pointSampled
}

/// Options for opening an ``AnimatedImage``.
public struct DecodingOptions: Sendable, Hashable {
    /// Resource limits checked before memory is spent.
    public var limits: DecodingLimits
    /// How stored delays become display durations.
    public var timing: FrameTiming
    /// How lossy WebP frames upsample their chroma.
    public var chromaUpsampling: ChromaUpsampling

    /// Creates options.
    public init(limits: DecodingLimits = .default, timing: FrameTiming = .browser,
                chromaUpsampling: ChromaUpsampling = .interpolated) {
        self.limits = limits
        self.timing = timing
        self.chromaUpsampling = chromaUpsampling
    }

    /// Default limits and browser timing.
    public static let `default` = DecodingOptions()
}
