/// Near-optimal LZ77 parsing for deflate's highest level: instead of taking matches as they come
/// (greedy or lazy), it finds for each block the sequence of literals and matches with the fewest
/// bits, by a shortest-path search over the block's positions.
///
/// Each block's matches are found once (for every position, the nearest match of each length);
/// the path is then searched a few times, first with the fixed Huffman code's bit costs and then
/// with costs estimated from the symbol statistics of the path before, and the cheapest path is
/// written. Inside a very long match the positions are not searched: such runs (flat colour,
/// repeated rows) gain nothing from it and would make the search quadratic.
@unsafe struct OptimalParser {
    typealias Token = Deflater.Token

    /// Input bytes per block: large enough that the dynamic header is a small part of it.
    static let blockBytes = 65_536
    /// Path searches per block.
    static let passes = 5
    /// A match at least this long is taken as found: the positions it covers are inserted into
    /// the trees but offer no matches of their own.
    static let longMatch = 128

    let finder: TreeMatchFinder

    /// Parses the whole input, handing each block's tokens to `flush`.
    func parse(into tokens: inout TokenBuffer, flush: MatchFinder.Flush) {
        var start = 0
        var matches: [TreeMatchFinder.Candidate] = []
        var ends: [Int32] = []
        repeat {
            let end = unsafe min(finder.count, start + Self.blockBytes)
            unsafe collect(from: start, to: end, matches: &matches, ends: &ends)
            for token in unsafe cheapestPath(from: start, to: end, matches: matches, ends: ends) { tokens.append(token) }
            unsafe flush(&tokens, end, end == finder.count)
            start = end
        } while unsafe start < finder.count
    }

    /// Finds the matches of positions `start..<end`: those of position `start + i` are
    /// `matches[ends[i - 1]..<ends[i]]` (from 0 for the first), shortest first.
    private func collect(from start: Int, to end: Int, matches: inout [TreeMatchFinder.Candidate], ends: inout [Int32]) {
        matches.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        var position = start
        unsafe withUnsafeMutablePointer(to: &matches) { matches in
            while position < end {
                let longest = unsafe finder.insert(position, matches: matches)
                unsafe ends.append(Int32(matches.pointee.count))
                position += 1
                guard unsafe longest >= Self.longMatch else { continue }
                let stop = min(position - 1 + longest, end)
                while position < stop {
                    _ = unsafe finder.insert(position, matches: nil)
                    unsafe ends.append(Int32(matches.pointee.count))
                    position += 1
                }
            }
        }
    }

    /// The cheapest tokens for `start..<end` over a few passes, each costed with the statistics of
    /// the pass before.
    private func cheapestPath(from start: Int, to end: Int, matches: [TreeMatchFinder.Candidate], ends: [Int32]) -> [Token] {
        var costs = BitCosts.fixedCode
        var best: [Token] = []
        var bestBits = Double.infinity
        var search = PathSearch(count: end - start)
        for _ in unsafe 0..<Self.passes {
            let path = unsafe search.run(data: finder.data + start, matches: matches, ends: ends, costs: costs)
            let statistics = BitCosts.Statistics(path)
            let bits = statistics.estimatedBits()
            if bits < bestBits {
                (best, bestBits) = (path, bits)
            }
            costs = BitCosts(statistics)
        }
        return best
    }
}
