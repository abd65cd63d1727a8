extension WebPEncoder {
    /// How ``WebPEncoder`` codes images: lossless (VP8L, exact), lossy (VP8, at a quality), or
    /// for animations mixed (each frame lossy or lossless, whichever is smaller).
    ///
    /// ```swift
    /// let small = try WebPEncoder.encode(image, options: .lossy(quality: 75))
    /// ```
    public struct Options: Sendable, Equatable {
        /// The bitstream each image or frame is coded in.
        public enum Compression: Sendable, Equatable {
            /// VP8L: every pixel exact.
            case lossless
            /// VP8 with an alpha plane where needed: much smaller for photographic content.
            case lossy
            /// Per image or animation frame, lossy or lossless, whichever is smaller.
            case mixed
        }

        public var compression: Compression
        /// Lossy quality, 0 (smallest) to 100 (best); 75 means what it means to libwebp's `cwebp -q`.
        public var quality: Double
        /// Lossy effort, 0 (fastest) to 6 (smallest for the quality), as `cwebp -m`; 4 by default.
        public var method: Int
        /// Lossless effort, 0 (fastest) to 9 (smallest); 6 by default.
        public var level: Int
        /// Quality of a lossy image's alpha plane, 0…100: 100 keeps alpha exact, lower values keep
        /// fewer alpha levels.
        public var alphaQuality: Int
        /// For animations: try both disposals and both compressions of every frame and keep the
        /// smallest, and never force key frames (slower; `gif2webp -min_size`).
        public var minimizesSize: Bool
        /// For animations: frames between key frames (whole-canvas frames a player can start
        /// from). From the lower bound on a frame that changes nearly everything becomes one; at
        /// the upper bound one is forced (as `gif2webp -kmin -kmax`). Nil (the default): none
        /// are forced, which gives the smallest files.
        public var keyFrameDistance: ClosedRange<Int>?

        /// Options with the given values; out-of-range numbers are clamped.
        public init(compression: Compression = .lossless, quality: Double = 75, method: Int = 4, level: Int = 6,
                    alphaQuality: Int = 100, minimizesSize: Bool = false, keyFrameDistance: ClosedRange<Int>? = nil) {
            self.compression = compression
            self.quality = min(max(quality, 0), 100)
            self.method = min(max(method, 0), 6)
            self.level = min(max(level, 0), 9)
            self.alphaQuality = min(max(alphaQuality, 0), 100)
            self.minimizesSize = minimizesSize
            self.keyFrameDistance = keyFrameDistance.map { max($0.lowerBound, 1)...max($0.upperBound, 1) }
        }

        /// Lossless coding at `level`.
        public static func lossless(level: Int = 6) -> Options { Options(compression: .lossless, level: level) }

        /// Lossy coding at `quality` and `method`.
        public static func lossy(quality: Double = 75, method: Int = 4, alphaQuality: Int = 100) -> Options {
            Options(compression: .lossy, quality: quality, method: method, alphaQuality: alphaQuality)
        }

        /// Mixed coding: lossy frames at `quality` where they are smaller than lossless ones.
        public static func mixed(quality: Double = 75, method: Int = 4, level: Int = 6) -> Options {
            Options(compression: .mixed, quality: quality, method: method, level: level)
        }

        /// The lossy encoder's settings for these options.
        var lossySettings: VP8EncoderSettings { VP8EncoderSettings(quality: quality, method: method) }
    }

    /// Encodes one image as a WebP still with `options`.
    /// - Throws: ``ZoetropeError`` with kind `.invalidArgument` for an empty image, or one larger
    ///   than 16 384 pixels each way (16 383 for lossy).
    public static func encode(_ image: RGBAImage, options: Options) throws(ZoetropeError) -> [UInt8] {
        try EncodingRules.webp.checkCanvas(image.size)
        switch options.compression {
        case .lossless:
            return try encode(image, level: options.level)
        case .lossy:
            try checkLossySize(image.size)
            return WebPLossyWriter.still(image, settings: options.lossySettings, alphaQuality: options.alphaQuality)
        case .mixed:
            let lossless = try encode(image, level: options.level)
            guard image.width <= VP8Encoder.maximumDimension, image.height <= VP8Encoder.maximumDimension else { return lossless }
            let lossy = WebPLossyWriter.still(image, settings: options.lossySettings, alphaQuality: options.alphaQuality)
            return lossy.count < lossless.count ? lossy : lossless
        }
    }

    /// Encodes the frames of `source` with `options`: lossless as
    /// ``encode(_:durations:playCount:level:to:)``, lossy or mixed frame by frame (see
    /// ``Options``). One frame gives a still.
    /// - Throws: ``ZoetropeError`` with kind `.invalidArgument` for no frames, a frame of another
    ///   size, a canvas too large (16 383 pixels each way for lossy), a duration count that does
    ///   not match or a negative duration, or a play count outside 1…65 535; and whatever
    ///   `source` or `output` throw.
    public static func encode(_ source: some FrameSource, durations: [Duration], playCount: PlayCount, options: Options,
                              to output: EncodedBytesSink) throws {
        try encode(source, durations: durations, playCount: playCount, options: options, workers: nil, to: output)
    }

    /// ``encode(_:durations:playCount:options:to:)`` with lossless frames compressed on `workers`
    /// threads (`nil`: one per core); lossy and mixed animations plan each frame against the
    /// decoded result of the one before, and are encoded on the caller's thread. With `rewrite`
    /// the frames are written as they are encoded (``WebPAnimationWriter``).
    package static func encode(_ source: some FrameSource, durations: [Duration], playCount: PlayCount, options: Options,
                               workers: Int?, to output: EncodedBytesSink, rewriting rewrite: EncodedBytesRewriter? = nil) throws {
        guard options.compression != .lossless else {
            return try encode(source, durations: durations, playCount: playCount, level: options.level, workers: workers,
                              to: output, rewriting: rewrite)
        }
        let checked = try EncodingRules.webp.check(source, durations: durations, playCount: playCount)
        try checkLossySize(source.canvasSize)
        if source.frameCount == 1 {
            var still: RGBAImage?
            try source.forEachCheckedFrame(format: .webp) { _, frame in still = frame }
            if let still { try output(try encode(still, options: options)) }
            return
        }
        var builder = WebPAnimationBuilder(options: options)
        var writer = WebPAnimationWriter(durations: checked.durations, canvasSize: source.canvasSize,
                                         loopCount: checked.storedPlayCount ?? 0, rewrite: rewrite)
        func append(_ frame: WebPAnimationBuilder.Frame) throws {
            try writer.append(rect: frame.rect, blends: frame.blends, disposesToBackground: frame.disposesToBackground,
                              hasAlpha: frame.hasAlpha, chunks: frame.chunks, to: output)
        }
        try source.forEachCheckedFrame(format: .webp) { _, frame in
            writer.show(frame)
            if let finished = builder.add(frame) { try append(finished) }
        }
        if let last = builder.finish() { try append(last) }
        try writer.finish(to: output)
    }

    /// Encodes `frames` (all the same size) with `options`; see
    /// ``encode(_:durations:playCount:options:to:)``.
    public static func encode(frames: [RGBAImage], durations: [Duration], playCount: PlayCount,
                              options: Options) throws(ZoetropeError) -> [UInt8] {
        guard frames.allSatisfy({ $0.size == frames.first?.size }) else {
            throw ZoetropeError(.invalidArgument, format: .webp, "all frames must have the same size")
        }
        return try encodeCollecting(.webp) { output in
            try encode(FrameArray(frames: frames), durations: durations, playCount: playCount, options: options, to: output)
        }
    }

    /// Refuses sizes a VP8 frame header cannot hold (14 bits: 1…16 383).
    static func checkLossySize(_ size: PixelSize) throws(ZoetropeError) {
        guard size.width <= VP8Encoder.maximumDimension, size.height <= VP8Encoder.maximumDimension else {
            throw ZoetropeError(.invalidArgument, format: .webp,
                                "lossy WebP images are 1 to \(VP8Encoder.maximumDimension) pixels each way, not \(size)")
        }
    }
}
