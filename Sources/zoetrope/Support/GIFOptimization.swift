import Zoetrope

/// `convert --optimize`: GIF output that shows exactly the frames it was given, and, when those are
/// an input GIF's own frames unchanged, is never larger than that file.
///
/// The encoder already stores each frame as the rectangle that changes on the canvas the frame
/// before leaves (with the disposal that lets it, transparency for unchanged pixels and one shared
/// palette when the colours fit); `--optimize` encodes in memory, decodes the result and compares
/// every composited frame with the input's, and keeps the input file's own bytes when the new file
/// is not smaller.
struct GIFOptimization {
    /// The input file's bytes when the frames encoded are its frames unchanged, else `nil`.
    let original: [UInt8]?

    /// What `encode` produced.
    struct Result {
        var bytes: [UInt8]
        /// Whether `bytes` are the input's own (the re-encoded file was not smaller).
        var keptInput: Bool
    }

    /// Encodes `frames` with `encoder`, checks that the file decodes to them exactly (unless
    /// `isLossy`), and picks the smaller of it and ``original``.
    /// - Throws: ``CommandFailure`` when the output would not be exact; the encoder's errors.
    func encode(_ frames: some FrameSource, durations: [Duration], playCount: PlayCount, encoder: ImageEncoder,
                settings: EncoderSettings, isLossy: Bool) throws -> Result {
        var bytes: [UInt8] = []
        try encoder.encode(frames, durations: durations, playCount: playCount, settings: settings) { bytes += $0 }
        if let original, original.count <= bytes.count { return Result(bytes: original, keptInput: true) }
        if !isLossy { try checkExact(bytes, against: frames) }
        return Result(bytes: bytes, keptInput: false)
    }

    /// Decodes `bytes` and compares every composited frame with `frames`'.
    private func checkExact(_ bytes: [UInt8], against frames: some FrameSource) throws {
        let written = try AnimatedImage(bytes: bytes, options: DecodingOptions(timing: .raw))
        guard written.frameCount == frames.frameCount else {
            throw CommandFailure(file: nil, "--optimize: the GIF written has \(written.frameCount) frames, not \(frames.frameCount)")
        }
        try frames.forEachFrame { index, frame in
            guard try written.frame(at: index) == Self.binaryAlpha(frame) else {
                throw CommandFailure(file: nil, "--optimize cannot keep frame \(index) exact (more than \(256) colours or partial "
                                     + "transparency): convert without --optimize to quantise it")
            }
        }
    }

    /// `frame` as a GIF shows it: alpha below 128 transparent black, the rest opaque.
    private static func binaryAlpha(_ frame: RGBAImage) -> RGBAImage {
        var result = frame
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let pixel = frame[x, y]
                result[x, y] = pixel.a < 128 ? (0, 0, 0, 0) : (pixel.r, pixel.g, pixel.b, 255)
            }
        }
        return result
    }
}
