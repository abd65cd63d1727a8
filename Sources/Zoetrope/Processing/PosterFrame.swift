/// Which frame of an animation makes its poster (a still that stands for it).
public enum PosterFrame: String, Sendable, Hashable, CaseIterable {
    /// Frame 0, what a browser shows before the animation plays (cheapest: one frame decoded).
    case first
    /// The frame on screen halfway through the animation's total duration (by time, not index).
    case middle
    /// The frame most like the animation as a whole: the one whose coarse colour histogram is
    /// closest to the animation's average histogram, each frame weighted by how long it shows.
    /// Fade-ins, blank and flash frames, which differ from the rest, are passed over. (ffmpeg's
    /// `thumbnail` filter chooses the same way.) Every frame is decoded once to find it.
    case representative

    /// The index of the chosen frame of `image`.
    func index(in image: AnimatedImage, budget: ProcessingBudget) throws -> Int {
        switch self {
        case .first:
            return 0
        case .middle:
            let durations = (0..<image.frameCount).map(image.duration(at:))
            let half = durations.reduce(Duration.zero, +) / 2
            var end = Duration.zero
            for (index, duration) in durations.enumerated() {
                end += duration
                if end > half { return index }
            }
            return max(0, image.frameCount - 1)
        case .representative:
            return try RepresentativeFrame.index(in: image, budget: budget)
        }
    }
}

/// Finds ``PosterFrame/representative``: one pass over the frames, keeping a 65-bin histogram
/// per frame (4 levels of each colour channel for pixels at least half opaque, one bin for the
/// rest) sampled on a grid of at most 64 × 64 points.
enum RepresentativeFrame {
    static let bins = 65
    static let samplesPerSide = 64

    static func index(in image: AnimatedImage, budget: ProcessingBudget) throws -> Int {
        guard image.frameCount > 1 else { return 0 }
        var histograms: [Float] = []
        histograms.reserveCapacity(image.frameCount * bins)
        try image.forEachFrame { _, frame in
            try budget.check()
            histograms += histogram(of: frame)
        }
        let weights = (0..<image.frameCount).map { Float(max(1, image.duration(at: $0).wholeMilliseconds)) }
        return closestToMean(histograms, weights: weights)
    }

    /// The frame's histogram as fractions of its samples.
    static func histogram(of frame: RGBAImage) -> [Float] {
        var counts = [Int](repeating: 0, count: bins)
        guard frame.width > 0, frame.height > 0 else { return counts.map(Float.init) }
        let stepX = max(1, frame.width / samplesPerSide), stepY = max(1, frame.height / samplesPerSide)
        var samples = 0
        let pixels = frame.pixels
        for y in stride(from: stepY / 2, to: frame.height, by: stepY) {
            for x in stride(from: stepX / 2, to: frame.width, by: stepX) {
                let p = (y * frame.width + x) * 4
                let bin = pixels[p + 3] < 128 ? bins - 1
                    : Int(pixels[p] >> 6) << 4 | Int(pixels[p + 1] >> 6) << 2 | Int(pixels[p + 2] >> 6)
                counts[bin] += 1
                samples += 1
            }
        }
        return counts.map { Float($0) / Float(max(1, samples)) }
    }

    /// The frame whose histogram has the smallest squared distance to the weighted mean (the
    /// earliest on a tie).
    static func closestToMean(_ histograms: [Float], weights: [Float]) -> Int {
        let frames = weights.count
        var mean = [Float](repeating: 0, count: bins)
        let total = weights.reduce(0, +)
        for frame in 0..<frames {
            for bin in 0..<bins { mean[bin] += histograms[frame * bins + bin] * weights[frame] / total }
        }
        var best = 0, bestDistance = Float.infinity
        for frame in 0..<frames {
            var distance: Float = 0
            for bin in 0..<bins {
                let difference = histograms[frame * bins + bin] - mean[bin]
                distance += difference * difference
            }
            if distance < bestDistance { best = frame; bestDistance = distance }
        }
        return best
    }
}
