/// How frame delays are turned into display durations.
public enum FrameTiming: String, Sendable, Hashable, CaseIterable {
    /// Browsers' rule (Chromium, Firefox, WebKit): a delay of 10 ms or less shows for 100 ms.
    case browser
    /// Delays exactly as stored; a zero delay stays zero.
    case raw

    /// The duration to show a frame whose stored delay is `stored` (`nil` when the file has none).
    public func effectiveDelay(_ stored: Duration?) -> Duration {
        let delay = stored ?? .zero
        switch self {
        case .raw: return delay < .zero ? .zero : delay
        case .browser: return delay <= .milliseconds(10) ? .milliseconds(100) : delay
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
