/// The `ANMF` chunks of an animation as its frames are encoded, and the `VP8X` alpha flag they
/// need: what the lossless and the lossy animation encoders share.
///
/// The RIFF header states the file's size and `VP8X` whether any frame has alpha, both known only
/// after the last frame. When the output can be rewritten (a file), each frame is written as it
/// comes, after a header with a placeholder size that ``finish(to:)`` rewrites: memory holds no
/// compressed frame. Otherwise the frames are held and written after the header at the end. The
/// bytes are the same either way.
struct WebPAnimationWriter {
    private let durations: FrameDurations
    private let header: (size: PixelSize, loopCount: Int)
    private let rewrite: EncodedBytesRewriter?
    /// The frames not yet written (only without `rewrite`).
    private var held: [[UInt8]] = []
    private var frameCount = 0
    /// The bytes of every `ANMF` chunk appended.
    private var framesSize = 0
    /// VP8X's alpha flag: some frame's data has alpha, or some canvas shown does (a first frame
    /// that does not cover the canvas leaves the rest transparent, though every piece is opaque).
    private var hasAlpha = false

    /// The largest RIFF payload: its size is a 32-bit field, and even.
    static let maximumRIFFSize = 0xFFFF_FFFE
    /// The bytes of `VP8X` and `ANIM`.
    private static let headerChunksSize = WebPFileWriter.animationHeader(width: 1, height: 1, hasAlpha: false, loopCount: 0).count

    /// Starts an animation of `canvasSize` whose `n`th frame written shows for `durations[n]`,
    /// played `loopCount` times (0: forever). With `rewrite`, frames are written as they come.
    init(durations: FrameDurations, canvasSize: PixelSize, loopCount: Int, rewrite: EncodedBytesRewriter?) {
        self.durations = durations
        header = (canvasSize, loopCount)
        self.rewrite = rewrite
    }

    /// Notes a canvas the animation shows: any transparency in it sets the alpha flag.
    mutating func show(_ canvas: RGBAImage) {
        hasAlpha = hasAlpha || !canvas.isOpaque
    }

    /// Appends the next frame: its image `chunks` (`VP8L`, or `ALPH` and `VP8 `) at `rect`,
    /// written to `output` at once when the output can be rewritten (the header first).
    /// - Throws: `.limitExceeded` when the file would outgrow RIFF's 32-bit size; what `output` throws.
    mutating func append(rect: PixelRect, blends: Bool, disposesToBackground: Bool, hasAlpha frameHasAlpha: Bool,
                         chunks payload: [UInt8], to output: EncodedBytesSink) throws {
        hasAlpha = hasAlpha || frameHasAlpha
        let milliseconds = WebPEncoder.milliseconds(durations[frameCount])
        let chunk = WebPFileWriter.frame(rect: rect, milliseconds: milliseconds, blends: blends,
                                         disposesToBackground: disposesToBackground, chunks: payload)
        if rewrite != nil && frameCount == 0 { try output(fileHeader()) }
        frameCount += 1
        framesSize += chunk.count
        guard framesSize <= Self.maximumRIFFSize - 4 - Self.headerChunksSize else {
            throw ZoetropeError(.limitExceeded, format: .webp, "the animation outgrows the 4 GiB a WebP file can hold")
        }
        if rewrite != nil { try output(chunk) } else { held.append(chunk) }
    }

    /// Finishes the file: writes the header and the held frames, or rewrites the header written
    /// first with the file's size and alpha flag.
    func finish(to output: EncodedBytesSink) throws {
        if let rewrite, frameCount > 0 {
            try rewrite(0, fileHeader())
            return
        }
        try output(fileHeader())
        for chunk in held { try output(chunk) }
    }

    /// The RIFF header for the frames appended so far, `VP8X` with the alpha flag seen so far, and `ANIM`.
    private func fileHeader() -> [UInt8] {
        let chunks = WebPFileWriter.animationHeader(width: header.size.width, height: header.size.height, hasAlpha: hasAlpha,
                                                    loopCount: header.loopCount)
        return WebPFileWriter.riffHeader(bodySize: chunks.count + framesSize) + chunks
    }
}
