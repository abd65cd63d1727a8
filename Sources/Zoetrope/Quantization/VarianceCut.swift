/// The first palette: weighted colours split into boxes, each time cutting the box with the
/// largest squared error along its widest Oklab axis at the point that leaves the least error on
/// both sides (a median cut that minimises variance, in the spirit of Wu's method).
enum VarianceCut {
    private struct Box {
        var range: Range<Int>
        var error: Float
        var mean: OklabColor
    }

    /// Up to `count` representative colours (the weighted means of the boxes).
    static func colors(_ points: [WeightedColor], count: Int) -> [OklabColor] {
        guard !points.isEmpty, count > 0 else { return [] }
        var points = points
        var boxes = [box(points, 0..<points.count)]
        while boxes.count < count {
            guard let worst = boxes.indices.max(by: { boxes[$0].error < boxes[$1].error }),
                  boxes[worst].error > 0, boxes[worst].range.count > 1 else { break }
            let split = cut(&points, boxes[worst].range)
            let range = boxes[worst].range
            boxes[worst] = box(points, range.lowerBound..<split)
            boxes.append(box(points, split..<range.upperBound))
        }
        return boxes.map(\.mean)
    }

    /// Sorts `range` along its widest axis and returns where to split it (strictly inside).
    private static func cut(_ points: inout [WeightedColor], _ range: Range<Int>) -> Int {
        let axis = widestAxis(points[range])
        points[range].sort { value($0.color, axis) < value($1.color, axis) }
        var totalWeight: Float = 0, totalSum: Float = 0
        for point in points[range] {
            totalWeight += point.weight
            totalSum += point.weight * value(point.color, axis)
        }
        // Minimising the two sides' error along the axis = maximising Σ²/w on both sides.
        var weight: Float = 0, sum: Float = 0
        var best = range.lowerBound + 1, bestScore = -Float.infinity
        for index in range.dropLast() {
            weight += points[index].weight
            sum += points[index].weight * value(points[index].color, axis)
            let rest = totalWeight - weight
            guard rest > 0 else { break }
            let score = sum * sum / weight + (totalSum - sum) * (totalSum - sum) / rest
            if score > bestScore {
                bestScore = score
                best = index + 1
            }
        }
        return best
    }

    private static func widestAxis(_ points: ArraySlice<WeightedColor>) -> Int {
        var variance: [Float] = [0, 0, 0]
        let mean = weightedMean(points)
        for point in points {
            for axis in 0..<3 {
                let delta = value(point.color, axis) - value(mean, axis)
                variance[axis] += point.weight * delta * delta
            }
        }
        return variance.indices.max { variance[$0] < variance[$1] } ?? 0
    }

    private static func box(_ points: [WeightedColor], _ range: Range<Int>) -> Box {
        let mean = weightedMean(points[range])
        var error: Float = 0
        for point in points[range] { error += point.weight * point.color.distanceSquared(to: mean) }
        return Box(range: range, error: error, mean: mean)
    }

    static func weightedMean(_ points: ArraySlice<WeightedColor>) -> OklabColor {
        var l: Float = 0, a: Float = 0, b: Float = 0, weight: Float = 0
        for point in points {
            l += point.weight * point.color.l
            a += point.weight * point.color.a
            b += point.weight * point.color.b
            weight += point.weight
        }
        guard weight > 0 else { return OklabColor(l: 0, a: 0, b: 0) }
        return OklabColor(l: l / weight, a: a / weight, b: b / weight)
    }

    @inline(__always)
    private static func value(_ color: OklabColor, _ axis: Int) -> Float {
        axis == 0 ? color.l : axis == 1 ? color.a : color.b
    }
}
