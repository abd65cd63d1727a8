/// Finds LZ77 backward references in an ARGB image with hash chains over pixel pairs (the VP8L
/// window is about 2^20 pixels). The pixel straight above and the one to the left are always
/// tried first: their distance codes are the cheapest, and images repeat them most.
struct VP8LMatchFinder {
    /// How hard to look.
    struct Settings: Sendable {
        /// Chain entries visited per position.
        var chainLength: Int
        /// Whether to try the next position before taking a match (lazy matching).
        var isLazy: Bool
        /// The shortest match taken.
        var minimumLength = 3
        /// With a model, a match is taken only when it costs less than its pixels as literals.
        var costs: VP8LCostModel? = nil
        /// In an optimal parse, offer fewer lengths for a copy that continues the previous
        /// position's (``VP8LParsePath/offerCopies(at:upTo:code:from:shortens:)``): faster, and
        /// about 0.2 % larger.
        var shortensRepeatedCopies = false
        /// In an optimal parse, a longest match at least this long is offered and its pixels passed
        /// over: no search or copies start inside it (`nil`: every position is tried). Level 5's
        /// 64 takes about 40 % off its time for 0.1–1 % more bytes.
        var takenLength: Int? = nil
    }

    /// The farthest distance a code can express, kept below the format's limit.
    static let window = (1 << 20) - 120
    /// log2 of the most hash heads: enough for a 512 × 256 image to collide rarely.
    private static let maximumHashBits = 18

    /// log2 of the hash heads for `count` pixels: about twice as many heads as pixels, at most
    /// 2^``maximumHashBits``. A table the image cannot fill would cost more to clear than to search
    /// (a 32 × 32 frame's sub-images cleared 1 MB each).
    static func hashBits(pixelCount count: Int) -> Int {
        min(maximumHashBits, max(8, Int.bitWidth - count.leadingZeroBitCount + 1))
    }

    /// Tokens for `pixels` (`width` per row): literals and copies, no cache indices. With
    /// `optimal` (and a cost model in `settings`), the cheapest parse under the model's costs
    /// instead of a greedy or lazy one.
    static func tokens(_ pixels: [UInt32], width: Int, settings: Settings, optimal: Bool = false) -> [VP8LToken] {
        let count = pixels.count
        var tokens: [VP8LToken] = []
        if !optimal { tokens.reserveCapacity(count / 2) }
        guard count > 0 else { return tokens }
        let bits = hashBits(pixelCount: count)
        var head = [Int32](repeating: -1, count: 1 << bits)
        var chain = [Int32](repeating: -1, count: count)
        unsafe pixels.withUnsafeBufferPointer { pixels in
            unsafe head.withUnsafeMutableBufferPointer { head in
                unsafe chain.withUnsafeMutableBufferPointer { chain in
                    var finder = unsafe Search(pixels: pixels, head: head, chain: chain, width: width, settings: settings,
                                                hashShift: UInt64(64 - bits))
                    if optimal, let costs = settings.costs {
                        unsafe finder.runOptimal(into: &tokens, costs: costs)
                    } else {
                        unsafe finder.run(into: &tokens)
                    }
                }
            }
        }
        return tokens
    }

    /// The search state over one image.
    @unsafe struct Search {
        let pixels: UnsafeBufferPointer<UInt32>
        let head: UnsafeMutableBufferPointer<Int32>
        let chain: UnsafeMutableBufferPointer<Int32>
        let width: Int
        let settings: Settings
        /// 64 − log2 of the heads: the hash keeps the top bits of the product.
        let hashShift: UInt64
        var inserted = 0

        @inline(__always)
        func hash(_ position: Int) -> Int {
            let pair = unsafe UInt64(pixels[position]) << 32 | UInt64(pixels[position + 1])
            return unsafe Int(truncatingIfNeeded: (pair &* 0x9E37_79B9_7F4A_7C15) >> hashShift)
        }

        /// Adds every position before `position` to the chains.
        @inline(__always)
        mutating func insert(upTo position: Int) {
            let last = unsafe min(position, pixels.count - 1)
            while unsafe inserted < last {
                let key = unsafe hash(inserted)
                unsafe chain[inserted] = head[key]
                unsafe head[key] = Int32(inserted)
                unsafe inserted += 1
            }
        }

        /// Pixels equal at `position` and `position − distance`, up to `limit`.
        @inline(__always)
        func matchLength(_ position: Int, distance: Int, limit: Int) -> Int {
            var length = 0
            while length < limit, unsafe pixels[position + length] == pixels[position - distance + length] { length += 1 }
            return length
        }

        /// The longest match at `position` as (length, distance), length 0 if none.
        mutating func longestMatch(at position: Int) -> (length: Int, distance: Int) {
            let limit = unsafe min(VP8LPrefixEncoding.maximumLength, pixels.count - position)
            var best = (length: 0, distance: 0)
            for distance in unsafe [1, width] where distance <= position {
                let length = unsafe matchLength(position, distance: distance, limit: limit)
                if length > best.length { best = (length, distance) }
            }
            guard limit >= 2, best.length < limit else { return best }
            unsafe insert(upTo: position)
            var candidate = unsafe Int(head[hash(position)])
            var steps = unsafe settings.chainLength
            while candidate >= 0, steps > 0, position - candidate <= VP8LMatchFinder.window {
                let distance = position - candidate
                // Check the pixel just past the best match first: a longer match must pass it.
                if unsafe pixels[candidate + best.length] == pixels[position + best.length] {
                    let length = unsafe matchLength(position, distance: distance, limit: limit)
                    if length > best.length {
                        best = (length, distance)
                        if length == limit { break }
                    }
                }
                candidate = unsafe Int(chain[candidate])
                steps -= 1
            }
            return best
        }

        /// Whether copying `length` pixels with `distanceCode` costs less than their literals.
        func pays(_ length: Int, _ distanceCode: Int, at position: Int, _ costs: VP8LCostModel) -> Bool {
            let copy = costs.copy(length: length, distanceCode: distanceCode)
            var literals: Float = 0
            for index in position ..< position + length {
                unsafe literals += costs.literal(pixels[index])
                if literals > copy { return true }
            }
            return false
        }

        mutating func run(into tokens: inout [VP8LToken]) {
            var position = 0
            let count = unsafe pixels.count
            var pending = unsafe longestMatch(at: 0)
            while position < count {
                var match = pending
                if unsafe match.length >= settings.minimumLength, unsafe settings.isLazy, position + 1 < count {
                    let next = unsafe longestMatch(at: position + 1)
                    if next.length > match.length + 1 {
                        unsafe tokens.append(.literal(pixels[position]))
                        position += 1
                        pending = next
                        continue
                    }
                }
                if unsafe match.length < settings.minimumLength { match = (1, 0) }
                let code = unsafe match.distance == 0 ? 0 : VP8LDistanceCodes.code(distance: match.distance, width: width)
                if match.distance != 0, let costs = unsafe settings.costs, unsafe !pays(match.length, code, at: position, costs) {
                    match = (1, 0)
                }
                if match.distance == 0 {
                    unsafe tokens.append(.literal(pixels[position]))
                } else {
                    tokens.append(.copy(length: match.length, distanceCode: code))
                }
                position += match.length
                if position < count { pending = unsafe longestMatch(at: position) }
            }
        }
    }
}
