extension GIFEncoder {
    /// How ``GIFEncoder/encode(frames:durations:playCount:options:)`` chooses colours and frame
    /// rectangles.
    ///
    /// Output is exact (decodes to the input's pixels, with alpha below 128 as transparent and the
    /// rest opaque) whenever the pixels a frame has to write use at most ``maximumColors``
    /// colours. Otherwise the colours are quantised: a palette built in the Oklab colour space from
    /// the colours' frequencies, then each pixel mapped to it with ``dither``.
    public struct Options: Sendable, Hashable {
        /// How colours missing from a palette are approximated.
        public enum Dither: Sendable, Hashable {
            /// Error diffusion for a single frame, ordered dithering for animations.
            case automatic
            /// The nearest palette colour: flat areas, bands on gradients, smallest files.
            case none
            /// Floyd–Steinberg error diffusion: the finest gradients, but in animations its noise
            /// moves from frame to frame wherever anything changes.
            case errorDiffusion
            /// A fixed 8×8 Bayer pattern: smooth gradients without flicker, and unchanged areas stay
            /// unchanged (so they compress to nothing in the next frame).
            case ordered
        }

        /// Which palettes quantised frames use.
        public enum Palette: Sendable, Hashable {
            /// One palette for the whole animation, except for frames whose colours it serves
            /// clearly worse than a palette of their own.
            case automatic
            /// One palette, built from every frame's colours, stored once.
            case global
            /// A palette per frame, built from the pixels the frame changes.
            case perFrame
        }

        /// At most this many colours per palette, 2–256 (one of them may be used for transparency).
        public var maximumColors: Int
        /// How colours missing from a palette are approximated.
        public var dither: Dither
        /// Which palettes quantised frames use.
        public var palette: Palette
        /// Lossy LZW, 0 (off: output as described above) to 200: the LZW compressor may continue a
        /// string with a colour up to `lossy / 3` away (RGB distance) from the pixel's own, as
        /// `gifsicle --lossy` does — smaller files, some noise and streaks. Even exact input is then
        /// no longer decoded exactly.
        public var lossy: Int

        /// Creates options; `maximumColors` is clamped to 2–256 and `lossy` to 0–200.
        public init(maximumColors: Int = 256, dither: Dither = .automatic, palette: Palette = .automatic, lossy: Int = 0) {
            self.maximumColors = min(256, max(2, maximumColors))
            self.dither = dither
            self.palette = palette
            self.lossy = min(200, max(0, lossy))
        }

        /// 256 colours, automatic dithering and palettes.
        public static let `default` = Options()

        /// The dithering for an animation of `frameCount` frames.
        func ditherMethod(frameCount: Int) -> DitherMethod {
            switch dither {
            case .automatic: return frameCount > 1 ? .ordered : .errorDiffusion
            case .none: return .none
            case .errorDiffusion: return .errorDiffusion
            case .ordered: return .ordered
            }
        }
    }
}
