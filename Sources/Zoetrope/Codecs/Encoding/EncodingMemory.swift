/// The memory an encoder needs beside the frames it is given, checked against what the process can
/// get before it starts (``MemoryHeadroom``), so that encoding a canvas too large for the memory
/// left is a `limitExceeded` error rather than a trap.
///
/// In canvases (width × height × 4 bytes), measured on 3000×3000 noise at the default level, the
/// case that needs the most: lossless WebP about 20 (the ARGB planes of its transforms, LZ77 hash
/// chains and tokens), PNG about 4 (filtered rows, the deflate window and match finder; APNG also
/// the canvases a change rectangle is planned against), GIF about 3 per worker (the input frame
/// it maps, its indices, a colour histogram and palette search of about 12 MB, and the displayed
/// canvas a frame is cut against). The figures below keep a margin above those.
package enum EncodingMemory {
    /// Canvases an encoder of `format` may hold at once.
    static func canvases(for format: ImageFormat) -> Int {
        switch format {
        case .webp: return 24
        case .png, .apng: return 6
        case .gif: return 4
        default: return 24 // no encoder (AVIF, HEIC): never asked; the largest figure if one comes
        }
    }

    /// Throws when encoding a `size` canvas as `format` needs more memory than the process can get.
    /// - Throws: ``ZoetropeError`` of kind `.limitExceeded`.
    package static func reserve(_ format: ImageFormat, canvas size: PixelSize) throws(ZoetropeError) {
        let canvas = MemoryHeadroom.bytes(pixels: size.width * size.height)
        let (bytes, overflow) = canvas.multipliedReportingOverflow(by: canvases(for: format))
        try MemoryHeadroom.reserve(overflow ? .max : bytes, for: "encoding a \(size) \(format)", format: format, offset: nil)
    }

    /// The working memory the workers of one encoder may take together: a second worker starts
    /// only when two working sets, ``canvases(for:)`` canvases each, fit in it (the first always
    /// starts; ``reserve(_:canvas:)`` checked it). 128 MB, `zoetrope convert`'s target, less the
    /// runtime, a mapped 1080p input and the decoder's canvases: at 1080p one lossless WebP or APNG
    /// worker and two GIF workers, whatever `--jobs` asks; at 360p four of any format.
    package static let workerBudget = 88 << 20

    /// How many workers encode a `size` canvas as `format`: `requested` (clamped to
    /// 1…``EncodingWorkers/maximum``), or one per processor for `nil` — fewer while their working
    /// memory, ``canvases(for:)`` canvases each, would take more than ``workerBudget`` or half of
    /// what the process can get (``reserve(_:canvas:)`` checked one worker's). Never fewer than one.
    package static func workers(_ requested: Int?, format: ImageFormat, canvas size: PixelSize) -> Int {
        let wanted = EncodingWorkers.count(requested)
        guard wanted > 1 else { return 1 }
        let (pixels, large) = size.width.multipliedReportingOverflow(by: size.height)
        let (each, overflow) = MemoryHeadroom.bytes(pixels: pixels).multipliedReportingOverflow(by: canvases(for: format))
        guard !large, !overflow, each > 0 else { return 1 }
        let budget = min(workerBudget, MemoryHeadroom.current(toFit: each) / 2)
        return max(1, min(wanted, budget / each))
    }
}
