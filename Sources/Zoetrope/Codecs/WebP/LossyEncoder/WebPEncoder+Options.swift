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
            /// Per animation frame, lossy or lossless, whichever is smaller (a still is lossy).
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

        /// Options with the given values; out-of-range numbers are clamped.
        public init(compression: Compression = .lossless, quality: Double = 75, method: Int = 4, level: Int = 6,
                    alphaQuality: Int = 100, minimizesSize: Bool = false) {
            self.compression = compression
            self.quality = min(max(quality, 0), 100)
            self.method = min(max(method, 0), 6)
            self.level = min(max(level, 0), 9)
            self.alphaQuality = min(max(alphaQuality, 0), 100)
            self.minimizesSize = minimizesSize
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
        try checkSize(image.size)
        switch options.compression {
        case .lossless:
            return try encode(image, level: options.level)
        case .lossy, .mixed:
            try checkLossySize(image.size)
            return WebPLossyWriter.still(image, settings: options.lossySettings, alphaQuality: options.alphaQuality)
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
