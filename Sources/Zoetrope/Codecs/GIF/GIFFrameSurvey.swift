/// What the GIF encoder's first pass learns from every frame: the colours of the whole animation,
/// whether any pixel is transparent, and which frames the next one clears. Frames are surveyed
/// on workers, each counting into a histogram of its own, merged at the end (counts and sums: the
/// order does not matter), so the result does not depend on the number of workers.
struct GIFFrameSurvey {
    /// Every opaque pixel of every frame.
    var histogram = ColorHistogram()
    /// Whether some frame has a transparent pixel.
    var anyTransparency = false
    /// For each frame, the bounding box of the pixels it shows opaque and the next frame leaves
    /// transparent (`nil` when none does; the last frame's is `nil`).
    var clears: [PixelRect?] = []

    /// Surveys every frame of `source` (without keeping any) on `workers` threads.
    static func run(_ source: some FrameSource, workers: Int) throws -> GIFFrameSurvey {
        var survey = GIFFrameSurvey()
        let histograms = LockedState<[ColorHistogram]>([])
        // Each frame's opaque pixels, `nil` for a frame with none transparent (all opaque): only a
        // frame with transparent pixels can clear what the one before showed.
        var lastOpaque: [Bool]?? = .none
        try OrderedFrameWork<[Bool]?>.run(workers: workers, window: workers + 1, deliver: { opaque in
            survey.anyTransparency = survey.anyTransparency || opaque != nil
            if let lastOpaque {
                let size = source.canvasSize
                survey.clears.append(opaque.flatMap { opaque in
                    PixelRect.bounding(width: size.width, height: size.height) { (lastOpaque?[$0] ?? true) && !opaque[$0] }
                })
            }
            lastOpaque = .some(opaque)
        }) { work in
            try source.forEachCheckedFrame(format: .gif) { _, image in
                try work.submit {
                    var histogram = histograms.withLock { $0.popLast() } ?? ColorHistogram()
                    histogram.add(image)
                    histograms.withLock { $0.append(histogram) }
                    return hasTransparentPixel(image) ? opaquePixels(image) : nil
                }
            }
        }
        survey.clears.append(nil)
        for histogram in histograms.withLock({ $0 }) { survey.histogram.add(histogram) }
        return survey
    }

    /// Whether each pixel of `image` is opaque (alpha at or above the threshold).
    private static func opaquePixels(_ image: RGBAImage) -> [Bool] {
        (0..<image.width * image.height).map { image[byte: $0 * 4 + 3] >= GIFPalettizer.alphaThreshold }
    }

    private static func hasTransparentPixel(_ image: RGBAImage) -> Bool {
        var offset = 3
        while offset < image.pixels.count {
            if image[byte: offset] < GIFPalettizer.alphaThreshold { return true }
            offset += 4
        }
        return false
    }
}
