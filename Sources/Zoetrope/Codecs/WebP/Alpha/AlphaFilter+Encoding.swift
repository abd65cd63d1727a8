extension AlphaFilter {
    /// The residuals of `plane` (`width × height`) under this filter: what
    /// ``unfilter(_:width:height:)`` turns back into the plane.
    func filter(_ plane: [UInt8], width: Int, height: Int) -> [UInt8] {
        guard self != .none, width > 0, height > 0 else { return plane }
        var out = plane
        for y in 0..<height {
            for x in 0..<width {
                let index = y * width + x
                out[index] = plane[index] &- prediction(plane, width: width, x: x, y: y)
            }
        }
        return out
    }

    /// The prediction of sample (`x`, `y`) from its already coded neighbours.
    @inline(__always)
    private func prediction(_ plane: [UInt8], width: Int, x: Int, y: Int) -> UInt8 {
        let index = y * width + x
        if y == 0 { return x == 0 ? 0 : plane[index - 1] }
        if x == 0 { return plane[index - width] }
        switch self {
        case .none: return 0
        case .horizontal: return plane[index - 1]
        case .vertical: return plane[index - width]
        case .gradient:
            let estimate = Int(plane[index - 1]) + Int(plane[index - width]) - Int(plane[index - width - 1])
            return UInt8(min(max(estimate, 0), 255))
        }
    }

    /// A quick guess at the filter that leaves the smallest residuals: on every other sample,
    /// which predictors give how many different (coarsely binned) errors; fewest wins.
    static func estimateBest(_ plane: [UInt8], width: Int, height: Int) -> AlphaFilter {
        var used = [[Bool]](repeating: [Bool](repeating: false, count: 16), count: 4)
        for y in stride(from: 2, to: height - 1, by: 2) {
            var mean = Int(plane[y * width])
            for x in stride(from: 2, to: width - 1, by: 2) {
                let index = y * width + x, value = Int(plane[index])
                let left = Int(plane[index - 1]), above = Int(plane[index - width]), corner = Int(plane[index - width - 1])
                let gradient = min(max(left + above - corner, 0), 255)
                for (filter, predicted) in [(0, mean), (1, left), (2, above), (3, gradient)] {
                    used[filter][abs(value - predicted) >> 4] = true
                }
                mean = (3 * mean + value + 2) >> 2
            }
        }
        let scores = used.map { bins in bins.indices.reduce(0) { $0 + (bins[$1] ? $1 : 0) } }
        let best = scores.indices.min { scores[$0] < scores[$1] } ?? 0
        return AlphaFilter(rawValue: best) ?? .none
    }
}
