extension VP8LMatchFinder.Search {
    /// Matches at least this long are followed one pixel at a time without searching again.
    static let followedLength = 64

    /// The cheapest sequence of literals and copies under `costs`: a shortest path over pixel
    /// positions, where each position can emit a literal or a copy of the longest match found
    /// there (at that match's distance, with the lengths ``lengths(upTo:)`` lists).
    mutating func runOptimal(into tokens: inout [VP8LToken], costs: VP8LCostModel) {
        let count = unsafe pixels.count
        var total = [Float](repeating: .infinity, count: count + 1)
        var stepLength = [UInt16](repeating: 1, count: count + 1)
        var stepCode = [Int32](repeating: 0, count: count + 1)
        total[0] = 0
        var previous = (length: 0, distance: 0)
        for position in 0 ..< count {
            let base = total[position]
            let literal = unsafe base + costs.literal(pixels[position])
            if literal < total[position + 1] {
                total[position + 1] = literal
                stepLength[position + 1] = 1
                stepCode[position + 1] = 0
            }
            let following = unsafe previous.length > Self.followedLength
            let match = unsafe following ? (length: previous.length - 1, distance: previous.distance) : longestMatch(at: position)
            previous = match
            // The longest match may lie far back: the pixels left and above, whose distance codes
            // are cheapest, are offered too (unless a long match is being followed).
            let limit = min(VP8LPrefixEncoding.maximumLength, count - position)
            let nearby = unsafe following ? [] : [1, width].filter { $0 <= position && $0 != match.distance }
            for (length, distance) in [match] + nearby.map({ unsafe (matchLength(position, distance: $0, limit: limit), $0) })
            where length >= 2 {
                let code = unsafe VP8LDistanceCodes.code(distance: distance, width: width)
                for candidate in unsafe Self.lengths(upTo: length) {
                    let cost = base + costs.copy(length: candidate, distanceCode: code)
                    if cost < total[position + candidate] {
                        total[position + candidate] = cost
                        stepLength[position + candidate] = UInt16(candidate)
                        stepCode[position + candidate] = Int32(code)
                    }
                }
            }
        }
        var stepCount = 0, position = count
        while position > 0 {
            position -= Int(stepLength[position])
            stepCount += 1
        }
        // Filled from the end, in place: no second copy of the tokens.
        let first = tokens.count
        tokens.append(contentsOf: repeatElement(VP8LToken.literal(0), count: stepCount))
        position = count
        for slot in (first ..< first + stepCount).reversed() {
            let length = Int(stepLength[position])
            position -= length
            tokens[slot] = unsafe length == 1 ? .literal(pixels[position])
                : .copy(length: length, distanceCode: Int(stepCode[position + length]))
        }
    }

    /// The copy lengths tried for a match of `length`: every length up to 16, then the prefix
    /// codes' range starts (where a shorter length saves extra bits), and the full length.
    static func lengths(upTo length: Int) -> [Int] {
        var result = Array(2 ... min(length, 16))
        var boundary = 17
        while boundary < length {
            result.append(boundary)
            boundary = boundary * 3 / 2
        }
        if length > 16 { result.append(length) }
        return result
    }
}
