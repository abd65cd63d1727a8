/// Encodes the alpha plane of a lossy WebP frame as an `ALPH` chunk payload: the plane
/// (optionally reduced to fewer levels) filtered by the predictor that gives the smallest
/// result, compressed as the green channel of a headerless lossless (VP8L) stream, or stored raw
/// when that is smaller.
enum WebPAlphaEncoder {
    /// `quality` 100 keeps alpha exact; lower values keep fewer levels (2 at 0, 16 at 70, then 8
    /// more per point), with 0 and 255 always among them. `effort` is the lossy method (0…6):
    /// from 5 every filter is tried, below it the none filter and the best guess.
    static func encode(_ image: RGBAImage, quality: Int, effort: Int) -> [UInt8] {
        var plane = (0..<(image.width * image.height)).map { image.pixels[$0 * 4 + 3] }
        let reducesLevels = quality < 100
        if reducesLevels {
            AlphaLevelQuantizer.quantize(&plane, levels: quality <= 70 ? 2 + quality / 5 : 16 + (quality - 70) * 8)
        }
        var filters: [AlphaFilter] = effort >= 5 ? [.none, .horizontal, .vertical, .gradient] : [.none]
        if effort < 5 && countLevels(plane) > 16 {
            let guess = AlphaFilter.estimateBest(plane, width: image.width, height: image.height)
            if guess != .none { filters.append(guess) }
        }
        var best: [UInt8]?
        for filter in filters {
            let filtered = filter.filter(plane, width: image.width, height: image.height)
            let candidate = compress(filtered, width: image.width, height: image.height, effort: effort)
            let header = UInt8(candidate.isRaw ? 0 : 1) | UInt8(filter.rawValue << 2) | (reducesLevels ? 1 << 4 : 0)
            let payload = [header] + candidate.bytes
            if best == nil || payload.count < best!.count { best = payload }
        }
        return best ?? []
    }

    private static func countLevels(_ plane: [UInt8]) -> Int {
        var seen = [Bool](repeating: false, count: 256)
        for value in plane { seen[Int(value)] = true }
        return seen.reduce(0) { $0 + ($1 ? 1 : 0) }
    }

    /// The plane as a headerless VP8L stream (green = alpha), or raw if that is not smaller.
    private static func compress(_ plane: [UInt8], width: Int, height: Int, effort: Int) -> (bytes: [UInt8], isRaw: Bool) {
        var pixels = [UInt8](repeating: 0, count: plane.count * 4)
        for (index, value) in plane.enumerated() {
            pixels[index * 4 + 1] = value
            pixels[index * 4 + 3] = 255
        }
        let image = RGBAImage(width: width, height: height, pixels: pixels)
        let stream = VP8LEncoder.encode(image, settings: VP8LEncoderSettings(level: min(effort + 1, 9)))
        // The ALPH stream omits the 5-byte VP8L header (signature, size, alpha hint, version).
        let body = Array(stream.dropFirst(5))
        return body.count < plane.count ? (body, false) : (plane, true)
    }
}

/// Reduces a plane to a number of levels by k-means on its histogram (a few iterations),
/// keeping its smallest and largest values, as libwebp's alpha quality does.
enum AlphaLevelQuantizer {
    static func quantize(_ plane: inout [UInt8], levels: Int) {
        var histogram = [Int](repeating: 0, count: 256)
        for value in plane { histogram[Int(value)] += 1 }
        guard let low = histogram.firstIndex(where: { $0 > 0 }), let high = histogram.lastIndex(where: { $0 > 0 }),
              histogram.filter({ $0 > 0 }).count > levels, levels >= 2 else { return }
        var centres = (0..<levels).map { Double(low) + Double(high - low) * Double($0) / Double(levels - 1) }
        var slotOf = [Int](repeating: 0, count: 256)
        var lastError = Double.greatestFiniteMagnitude
        for _ in 0..<6 {
            var sums = [Double](repeating: 0, count: levels), counts = [Double](repeating: 0, count: levels)
            var slot = 0
            for value in low...high {
                while slot < levels - 1 && 2 * Double(value) > centres[slot] + centres[slot + 1] { slot += 1 }
                sums[slot] += Double(value * histogram[value])
                counts[slot] += Double(histogram[value])
                slotOf[value] = slot
            }
            for slot in 1..<(levels - 1) where counts[slot] > 0 { centres[slot] = sums[slot] / counts[slot] }
            var error = 0.0
            for value in low...high {
                let difference = Double(value) - centres[slotOf[value]]
                error += Double(histogram[value]) * difference * difference
            }
            if lastError - error < 1e-4 * Double(plane.count) { break }
            lastError = error
        }
        let map = (0..<256).map { UInt8(min(max(centres[slotOf[$0]] + 0.5, 0), 255)) }
        for i in plane.indices { plane[i] = map[Int(plane[i])] }
    }
}
