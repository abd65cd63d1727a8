import ArgumentParser
import Zoetrope

/// The `convert` options that only concern WebP output.
struct WebPOutputOptions: ParsableArguments {
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(
        "WebP: lossy (VP8) at this quality, 0 (smallest) to 100 (best); 75 is cwebp's default.",
        discussion: "Without it WebP output is lossless. With --mixed each animation frame is lossy or lossless, whichever is smaller."))
    var quality: Double?

    @Option(name: .long, parsing: .unconditional, help: "WebP lossy effort, 0 (fastest) to 6 (smallest for the quality), as cwebp -m (default 4).")
    var method: Int = 4

    @Flag(name: .long, help: "WebP: code each animation frame lossy or lossless, whichever is smaller (quality 75 unless --quality).")
    var mixed = false

    @Option(name: .customLong("alpha-quality"), parsing: .unconditional,
            help: "WebP lossy: alpha plane quality, 0 to 100 (100, the default, keeps alpha exact).")
    var alphaQuality: Int = 100

    @Flag(name: .customLong("min-size"), help: "WebP lossy or mixed animations: try every disposal and compression per frame, keep the smallest (slower).")
    var minimizesSize = false

    @Option(name: .long, parsing: .unconditional, help: "WebP animations: at most this many frames between key frames (as gif2webp -kmax; default none).")
    var kmax: Int?

    @Option(name: .long, parsing: .unconditional, help: "WebP animations: from this many frames after a key frame, a frame that changes nearly everything becomes one (as gif2webp -kmin).")
    var kmin: Int?

    func validate() throws {
        if let quality, !(0...100).contains(quality) {
            throw ValidationError("--quality must be between 0 and 100 (got \(quality))")
        }
        guard (0...6).contains(method) else { throw ValidationError("--method must be between 0 and 6 (got \(method))") }
        guard (0...100).contains(alphaQuality) else {
            throw ValidationError("--alpha-quality must be between 0 and 100 (got \(alphaQuality))")
        }
        if let kmax, kmax < 1 { throw ValidationError("--kmax must be at least 1 (got \(kmax))") }
        if let kmin, kmin < 1 { throw ValidationError("--kmin must be at least 1 (got \(kmin))") }
    }

    /// The encoder options these flags describe, with the lossless `level`.
    func encoderOptions(level: Int) -> WebPEncoder.Options {
        let compression: WebPEncoder.Options.Compression = mixed ? .mixed : quality == nil ? .lossless : .lossy
        let distance = kmax.map { upper in min(kmin ?? (upper / 2 + 1), upper)...upper }
        return WebPEncoder.Options(compression: compression, quality: quality ?? 75, method: method, level: level,
                                   alphaQuality: alphaQuality, minimizesSize: minimizesSize, keyFrameDistance: distance)
    }
}
