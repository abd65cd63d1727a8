extension VP8LMatchFinder.Search {
    /// Matches at least this long are followed one pixel at a time without searching again.
    static let followedLength = 64

    /// The cheapest sequence of literals and copies under `costs`: a shortest path over pixel
    /// positions, where each position can emit a literal or a copy of the longest match found
    /// there (at that match's distance, with the lengths ``VP8LParsePath/offerCopies(at:upTo:code:)``
    /// tries).
    mutating func runOptimal(into tokens: inout [VP8LToken], costs: VP8LCostModel) {
        let count = unsafe pixels.count
        var total = [Float](repeating: .infinity, count: count + 1)
        total[0] = 0
        var steps = [VP8LParsePath.Step](repeating: VP8LParsePath.Step(length: 1, code: 0), count: count + 1)
        let lengthCosts = (0 ... VP8LPrefixEncoding.maximumLength).map { $0 == 0 ? 0 : costs.lengthCost($0) }
        var cache = [UInt32](repeating: 0, count: costs.cacheBits > 0 ? 1 << costs.cacheBits : 0)
        unsafe total.withUnsafeMutableBufferPointer { total in
            unsafe steps.withUnsafeMutableBufferPointer { steps in
                unsafe lengthCosts.withUnsafeBufferPointer { lengthCosts in
                    unsafe cache.withUnsafeMutableBufferPointer { cache in
                        var path = unsafe VP8LParsePath(total: total, steps: steps, costs: costs, lengthCosts: lengthCosts,
                                                        cache: cache)
                        unsafe search(&path, count: count)
                    }
                }
            }
        }
        unsafe VP8LParsePath.appendTokens(steps, to: &tokens) { unsafe pixels[$0] }
    }

    /// Offers every position's literal and copies to `path`.
    private mutating func search(_ path: inout VP8LParsePath, count: Int) {
        // The pixels left and above have fixed codes; the longest match's is kept while it is followed.
        let leftCode = unsafe VP8LDistanceCodes.code(distance: 1, width: width)
        let upCode = unsafe VP8LDistanceCodes.code(distance: width, width: width)
        let shortens = unsafe settings.shortensRepeatedCopies
        var previous = (length: 0, distance: 0, code: 0)
        var matched = VP8LCopySource(), left = VP8LCopySource(), up = VP8LCopySource()
        // With a taken length, the pixels a match that long covers are passed over: only their
        // literals are offered (which keeps the colour cache in step).
        var takenUntil = 0
        let taken = unsafe settings.takenLength ?? Int.max
        for position in 0 ..< count {
            unsafe path.offerLiteral(at: position, pixels[position])
            guard position >= takenUntil else { continue }
            let following = unsafe previous.length > Self.followedLength
            if following {
                previous.length -= 1
            } else {
                let match = unsafe longestMatch(at: position)
                let code = match.distance == previous.distance ? previous.code
                    : unsafe VP8LDistanceCodes.code(distance: max(match.distance, 1), width: width)
                previous = (match.length, match.distance, code)
            }
            if previous.length >= 2 {
                unsafe path.offerCopies(at: position, upTo: previous.length, code: previous.code, from: &matched,
                                        shortens: shortens)
            }
            if !following, previous.length >= taken {
                takenUntil = position + previous.length
                previous = (0, 0, 0)
                continue
            }
            // The longest match may lie far back: the pixels left and above, whose distance codes
            // are cheapest, are offered too (unless a long match is being followed).
            guard !following else { continue }
            let limit = min(VP8LPrefixEncoding.maximumLength, count - position)
            if position >= 1, previous.distance != 1 {
                unsafe offerNeighbour(&path, at: position, distance: 1, code: leftCode, limit: limit, from: &left,
                                      shortens: shortens)
            }
            if unsafe position >= width, unsafe previous.distance != width {
                unsafe offerNeighbour(&path, at: position, distance: width, code: upCode, limit: limit, from: &up,
                                      shortens: shortens)
            }
        }
    }

    /// Offers the copies from the pixel `distance` back. The pixels up to the end of the last
    /// match measured at that distance are known to match: only those past it are compared (a run
    /// of one colour is measured once, not once per pixel).
    @inline(__always)
    private func offerNeighbour(_ path: inout VP8LParsePath, at position: Int, distance: Int, code: Int, limit: Int,
                                from source: inout VP8LCopySource, shortens: Bool) {
        let known = source.code == code ? min(max(source.end - position, 0), limit) : 0
        let length = unsafe known + matchLength(position + known, distance: distance, limit: limit - known)
        guard length >= 2 else { return }
        unsafe path.offerCopies(at: position, upTo: length, code: code, from: &source, shortens: shortens)
    }

    /// The copy lengths past 16 that are tried below a match's full length: 17, then each ×3/2
    /// (rounded down), where the length prefix codes' ranges start (a shorter copy saves extra bits).
    static let lengthBoundaries: [Int] = Array(sequence(first: 17) { $0 * 3 / 2 }.prefix { $0 < VP8LPrefixEncoding.maximumLength })
}

/// The copies last offered from one source of matches (the longest match, or the pixel left or
/// above): where they started, their distance code and where the longest ended.
struct VP8LCopySource {
    var position = -1
    var code = 0
    var end = 0
}

/// The shortest-path state of an optimal parse: per pixel position, the cheapest cost of coding
/// the pixels before it and the last step of that path (a literal, or a copy's length and code).
@unsafe struct VP8LParsePath {
    /// The last step to a position: a literal (length 1) or a copy.
    struct Step {
        var length: UInt16
        var code: Int32
    }

    let total: UnsafeMutableBufferPointer<Float>
    let steps: UnsafeMutableBufferPointer<Step>
    let costs: VP8LCostModel
    /// Per copy length, the green prefix's cost and the length's extra bits, as
    /// ``VP8LCostModel/copy(length:distanceCode:)`` adds them.
    let lengthCosts: UnsafeBufferPointer<Float>
    /// The colour cache as the decoder holds it before the pixel being offered (empty when the
    /// costs have no cache): it follows every pixel, whatever the path, so a literal it holds is
    /// priced as its index.
    let cache: UnsafeMutableBufferPointer<UInt32>

    /// The weight of a literal's cost against a copy's. The costs come from a first pass whose
    /// codes differ from the final ones; pricing literals below their estimate keeps the parse from
    /// splitting runs into short copies that the final codes make dear (libwebp weighs them 0.82
    /// too). testsrc2, 20 frames, level 5: 0.2 % smaller; 0.75 and 0.9 did less.
    static let literalWeight: Float = 0.82

    /// Offers a literal `argb` at `position` (or its cache index, when cheaper), then stores it
    /// in the cache.
    @inline(__always)
    func offerLiteral(at position: Int, _ argb: UInt32) {
        var cost = unsafe costs.literal(argb) * Self.literalWeight
        if unsafe !cache.isEmpty {
            let slot = unsafe VP8LColorCache.index(of: argb, bits: costs.cacheBits)
            if unsafe cache[slot] == argb {
                cost = unsafe min(cost, costs.cacheIndex(slot))
            } else {
                unsafe cache[slot] = argb
            }
        }
        let literal = unsafe total[position] + cost
        if unsafe literal < total[position + 1] {
            unsafe total[position + 1] = literal
            unsafe steps[position + 1] = Step(length: 1, code: 0)
        }
    }

    /// Offers copies at `position` with distance `code`: every length up to 16, then the
    /// ``VP8LMatchFinder/Search/lengthBoundaries`` below `length`, and `length` itself. With
    /// `shortens`, a copy that continues the one `source` offered at the previous position (same
    /// code, same end) from a position no cheaper to reach offers only the ends that one did not:
    /// its other copies reach the same pixels as that one's, from a start no cheaper (libwebp's
    /// parse skips such copies too).
    @inline(__always)
    func offerCopies(at position: Int, upTo length: Int, code: Int, from source: inout VP8LCopySource, shortens: Bool) {
        let continues = unsafe shortens && source.position == position - 1 && source.code == code
            && source.end == position + length && total[position] >= total[position - 1]
        source = VP8LCopySource(position: position, code: code, end: position + length)
        let base = unsafe total[position]
        let distance = unsafe costs.distanceCost(code)
        @inline(__always) func offer(_ candidate: Int) {
            // The same sums, in the same order, as VP8LCostModel.copy.
            let cost = unsafe base + (lengthCosts[candidate] + distance.prefix + distance.extra)
            if unsafe cost < total[position + candidate] {
                unsafe total[position + candidate] = cost
                unsafe steps[position + candidate] = Step(length: UInt16(candidate), code: Int32(code))
            }
        }
        if continues {
            guard length >= 16 else { return }
            offer(16)
        } else {
            for candidate in 2 ... min(length, 16) { offer(candidate) }
        }
        guard length > 16 else { return }
        for boundary in unsafe VP8LMatchFinder.Search.lengthBoundaries {
            guard boundary < length else { break }
            offer(boundary)
        }
        offer(length)
    }

    /// Appends the tokens of the cheapest path to the last of `steps`, the literals' colours from
    /// `pixel`; filled from the end, in place: no second copy of the tokens.
    static func appendTokens(_ steps: [Step], to tokens: inout [VP8LToken], pixel: (Int) -> UInt32) {
        var stepCount = 0, position = steps.count - 1
        while position > 0 {
            position -= Int(steps[position].length)
            stepCount += 1
        }
        let first = tokens.count
        tokens.append(contentsOf: repeatElement(VP8LToken.literal(0), count: stepCount))
        position = steps.count - 1
        for slot in (first ..< first + stepCount).reversed() {
            let step = steps[position]
            position -= Int(step.length)
            tokens[slot] = step.length == 1 ? .literal(pixel(position)) : .copy(length: Int(step.length), distanceCode: Int(step.code))
        }
    }
}
