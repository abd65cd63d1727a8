/// Finds the nearest of a set of Oklab colours: the colours sorted by lightness, searched outward
/// from the query's lightness until the lightness gap alone exceeds the best distance found.
package struct NearestColorSearch: Sendable {
    private let sorted: [OklabColor]
    private let original: [Int] // position in the caller's list of each sorted colour

    /// Prepares a search over `colors` (at least one).
    package init(_ colors: [OklabColor]) {
        precondition(!colors.isEmpty, "nothing to search")
        let order = colors.indices.sorted { (colors[$0].l, $0) < (colors[$1].l, $1) }
        sorted = order.map { colors[$0] }
        original = order
    }

    /// The index (in the list given to `init`) of the colour nearest to `color`, and its squared
    /// distance; ties go to the lower index.
    package func nearest(_ color: OklabColor) -> (index: Int, distance: Float) {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle].l < color.l { low = middle + 1 } else { high = middle }
        }
        var best = Int.max, bestDistance = Float.infinity
        var up = low, down = low - 1
        while up < sorted.count || down >= 0 {
            if up < sorted.count {
                let gap = sorted[up].l - color.l
                if gap * gap > bestDistance { up = sorted.count } else {
                    consider(up, color, &best, &bestDistance)
                    up += 1
                }
            }
            if down >= 0 {
                let gap = color.l - sorted[down].l
                if gap * gap > bestDistance { down = -1 } else {
                    consider(down, color, &best, &bestDistance)
                    down -= 1
                }
            }
        }
        return (best, bestDistance)
    }

    @inline(__always)
    private func consider(_ position: Int, _ color: OklabColor, _ best: inout Int, _ bestDistance: inout Float) {
        let distance = sorted[position].distanceSquared(to: color)
        if distance < bestDistance || (distance == bestDistance && original[position] < best) {
            best = original[position]
            bestDistance = distance
        }
    }
}
