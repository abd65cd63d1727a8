/// The `ANMF` chunks of an animation as its frames are encoded, and the `VP8X` alpha flag they
/// need: what the lossless and the lossy animation encoders share.
struct WebPAnimationWriter {
    private let durations: FrameDurations
    private var chunks: [[UInt8]] = []
    /// VP8X's alpha flag: some frame's data has alpha, or some canvas shown does (a first frame
    /// that does not cover the canvas leaves the rest transparent, though every piece is opaque).
    private var hasAlpha = false

    /// Starts an animation whose `n`th frame written shows for `durations[n]`.
    init(durations: FrameDurations) {
        self.durations = durations
    }

    /// Notes a canvas the animation shows: any transparency in it sets the alpha flag.
    mutating func show(_ canvas: RGBAImage) {
        hasAlpha = hasAlpha || !canvas.isOpaque
    }

    /// Appends the next frame: its image `chunks` (`VP8L`, or `ALPH` and `VP8 `) at `rect`.
    mutating func append(rect: PixelRect, blends: Bool, disposesToBackground: Bool, hasAlpha frameHasAlpha: Bool,
                         chunks payload: [UInt8]) {
        hasAlpha = hasAlpha || frameHasAlpha
        let milliseconds = WebPEncoder.milliseconds(durations[chunks.count])
        chunks.append(WebPFileWriter.frame(rect: rect, milliseconds: milliseconds, blends: blends,
                                           disposesToBackground: disposesToBackground, chunks: payload))
    }

    /// Writes the file: RIFF header, `VP8X`, `ANIM` with `loopCount`, and the frames.
    func write(canvasSize size: PixelSize, loopCount: Int, to output: EncodedBytesSink) throws {
        let header = WebPFileWriter.animationHeader(width: size.width, height: size.height, hasAlpha: hasAlpha,
                                                    loopCount: loopCount)
        try output(WebPFileWriter.riffHeader(bodySize: header.count + chunks.reduce(0) { $0 + $1.count }) + header)
        for chunk in chunks { try output(chunk) }
    }
}
