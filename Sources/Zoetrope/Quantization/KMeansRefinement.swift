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
}
