/// Lloyd's k-means on weighted Oklab colours: each colour goes to its nearest centre, each centre
/// moves to the weighted mean of its colours; a few rounds take a variance-cut palette most of the
/// way to a local optimum. A centre that loses all its colours stays where it was.
enum KMeansRefinement {
    static func refine(_ centres: [OklabColor], points: [WeightedColor], rounds: Int) -> [OklabColor] {
        var centres = centres
        guard !centres.isEmpty else { return centres }
        for _ in 0..<rounds {
            let search = NearestColorSearch(centres)
            var sums = [(l: Float, a: Float, b: Float, weight: Float)](repeating: (0, 0, 0, 0), count: centres.count)
            for point in points {
                let index = search.nearest(point.color).index
                sums[index].l += point.weight * point.color.l
                sums[index].a += point.weight * point.color.a
                sums[index].b += point.weight * point.color.b
                sums[index].weight += point.weight
            }
            var moved = false
            for index in centres.indices where sums[index].weight > 0 {
                let weight = sums[index].weight
                let centre = OklabColor(l: sums[index].l / weight, a: sums[index].a / weight, b: sums[index].b / weight)
                if centre != centres[index] { moved = true }
                centres[index] = centre
            }
            if !moved { break }
        }
        return centres
    }

    /// The same rounds in RGB, on weighted 8-bit colours: for palettes whose entries are so close
    /// to the colours they stand for that the error to minimise is the stored values' own.
    static func refineInRGB(_ centres: [SIMD3<Float>], colors: [(color: SIMD3<Float>, weight: Float)],
                            rounds: Int) -> [SIMD3<Float>] {
        var centres = centres
        guard !centres.isEmpty else { return centres }
        for _ in 0..<rounds {
            var sums = [SIMD4<Float>](repeating: .zero, count: centres.count) // weighted r, g, b; weight
            for (color, weight) in colors {
                var best = 0, bestDistance = Float.infinity
                for (index, centre) in centres.enumerated() {
                    let delta = color - centre
                    let distance = (delta * delta).sum()
                    if distance < bestDistance { (best, bestDistance) = (index, distance) }
                }
                sums[best] += SIMD4(color * weight, weight)
            }
            var moved = false
            for index in centres.indices where sums[index].w > 0 {
                let centre = SIMD3(sums[index].x, sums[index].y, sums[index].z) / sums[index].w
                if centre != centres[index] { moved = true }
                centres[index] = centre
            }
            if !moved { break }
        }
        return centres
    }
}
