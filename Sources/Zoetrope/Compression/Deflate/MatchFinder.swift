/// LZ77 matching for ``Deflater`` with zlib's hash chains: `head` holds the latest position of each
/// 3-byte hash, `previous` the position before it with the same hash (a chain through the window).
///
/// Made once per input over buffers the caller keeps alive; its methods inline into the two
/// matching loops, ``matchGreedily(into:flush:)`` (levels 1–3) and ``matchLazily(into:flush:)``.
@unsafe struct MatchFinder {
    /// Called when the token buffer holds a block's worth (and at the end) with the input position
    /// the tokens reach and whether it is the end: writes the block and empties the buffer.
    typealias Flush = (_ tokens: inout TokenBuffer, _ position: Int, _ isLast: Bool) -> Void

    typealias Token = Deflater.Token

    let data: UnsafePointer<UInt8>
    let count: Int
    let effort: Deflater.Effort
    let head: UnsafeMutableBufferPointer<Int32>
    let previous: UnsafeMutableBufferPointer<Int32>

    private static let minMatch = Deflater.minMatch
    private static let windowMask = Deflater.windowSize - 1

    // MARK: Hash chains

    @inline(__always)
    private func hash(_ position: Int) -> Int {
        let value = unsafe Int(data[position]) << 10 ^ Int(data[position + 1]) << 5 ^ Int(data[position + 2])
        return unsafe (value &* 0x9E37) >> 4 & (head.count - 1)
    }

    /// Adds `position` to its hash chain; returns the chain's previous head (-1: none).
    @inline(__always)
    private func insert(_ position: Int) -> Int {
        let h = unsafe hash(position)
        let candidate = unsafe Int(head[h])
        unsafe previous[position & Self.windowMask] = Int32(truncatingIfNeeded: candidate)
        unsafe head[h] = Int32(truncatingIfNeeded: position)
        return candidate
    }

    /// Adds the positions `from..<to` that have three bytes ahead to their chains.
    @inline(__always)
    private func insert(from: Int, to: Int) {
        var position = from
        while position < to {
            if unsafe position + Self.minMatch <= count { _ = unsafe insert(position) }
            position += 1
        }
    }

    // MARK: Matching

    /// How many bytes at `a` and `b` agree, up to `limit`: eight at a time, then singly.
    @inline(__always)
    private func matchLength(_ a: Int, _ b: Int, limit: Int) -> Int {
        var length = 0
        let raw = unsafe UnsafeRawPointer(data)
        while length + 8 <= limit {
            let difference = unsafe raw.loadUnaligned(fromByteOffset: a + length, as: UInt64.self)
                ^ raw.loadUnaligned(fromByteOffset: b + length, as: UInt64.self)
            if difference != 0 {
                // Little-endian: the lowest set bit marks the first differing byte.
                return length + UInt64(littleEndian: difference).trailingZeroBitCount >> 3
            }
            length += 8
        }
        while unsafe length < limit && data[a + length] == data[b + length] { length += 1 }
        return length
    }

    /// The longest match at `position` starting from chain `candidate`, beating `minimum`.
    @inline(__always)
    private func longestMatch(at position: Int, candidate start: Int, minimum: Int) -> (length: Int, distance: Int) {
        let limit = unsafe min(Deflater.maxMatch, count - position)
        var bestLength = minimum
        var bestDistance = 0
        var candidate = start
        var chain = unsafe minimum >= effort.good ? effort.chain >> 2 : effort.chain
        let lowest = position - Deflater.windowSize
        while candidate >= 0 && candidate > lowest && chain > 0 {
            chain -= 1
            // Quick reject: the byte that would make this match longer than the best must agree.
            if unsafe bestLength < limit && data[candidate + bestLength] == data[position + bestLength]
                && data[candidate] == data[position] {
                let length = unsafe matchLength(candidate, position, limit: limit)
                if length > bestLength {
                    bestLength = length
                    bestDistance = position - candidate
                    if unsafe length >= effort.nice || length == limit { break }
                }
            }
            let next = unsafe Int(previous[candidate & Self.windowMask])
            if next >= candidate { break } // stale entry from an older window
            candidate = next
        }
        return bestDistance == 0 ? (0, 0) : (bestLength, bestDistance)
    }

    /// Inserts `position` into its chain and, when `search` is set, returns the longest match
    /// there that beats `minimum` (length 0: none, or not worth it).
    @inline(__always)
    private func insertAndMatch(at position: Int, minimum: Int, search: Bool) -> (length: Int, distance: Int) {
        guard unsafe position + Self.minMatch <= count else { return (0, 0) }
        let candidate = unsafe insert(position)
        guard candidate >= 0 && search else { return (0, 0) }
        let match = unsafe longestMatch(at: position, candidate: candidate, minimum: minimum)
        // Far matches of length 3 cost more than three literals.
        return unsafe match.length == Self.minMatch && match.distance > 4096 ? (0, 0) : match
    }

    /// Appends `token`; `true` when the buffer now holds a block's worth.
    @inline(__always)
    private func append(_ token: Token, to tokens: inout TokenBuffer) -> Bool {
        tokens.append(token)
        return tokens.count >= Deflater.blockSymbols
    }

    @inline(__always)
    private func literal(at position: Int) -> Token { unsafe Token(length: 0, value: UInt16(data[position])) }

    // MARK: The two loops

    /// Takes each match as found (levels 1–3); positions inside long matches are not inserted.
    func matchGreedily(into tokens: inout TokenBuffer, flush: Flush) {
        var position = 0
        while unsafe position < count {
            let match = unsafe insertAndMatch(at: position, minimum: Self.minMatch - 1, search: true)
            let cut: Bool
            if unsafe match.length >= Self.minMatch {
                cut = unsafe append(Token(length: UInt16(match.length), value: UInt16(match.distance)), to: &tokens)
                let end = position + match.length
                if unsafe match.length <= effort.lazy { unsafe insert(from: position + 1, to: end) }
                position = end
            } else {
                cut = unsafe append(literal(at: position), to: &tokens)
                position += 1
            }
            if cut { flush(&tokens, position, false) }
        }
        unsafe flush(&tokens, count, true)
    }

    /// Lazy matching (levels 4–9): a match found at one position waits while the next is searched,
    /// and gives way to a longer match there (the first byte then goes out as a literal).
    func matchLazily(into tokens: inout TokenBuffer, flush: Flush) {
        var position = 0
        // The match found at position - 1, waiting for comparison, and whether that byte is pending.
        var pendingLength = 0
        var pendingDistance = 0
        var hasPending = false
        while unsafe position < count {
            let match = unsafe insertAndMatch(at: position, minimum: max(pendingLength, Self.minMatch - 1),
                                       search: pendingLength < effort.lazy)
            if unsafe pendingLength >= Self.minMatch && match.length <= pendingLength {
                // Take the pending match, which starts at position - 1.
                let cut = unsafe append(Token(length: UInt16(pendingLength), value: UInt16(pendingDistance)), to: &tokens)
                let end = position - 1 + pendingLength
                unsafe insert(from: position + 1, to: end)
                position = max(end, position + 1)
                pendingLength = 0
                hasPending = false
                if cut { flush(&tokens, position, false) }
                continue
            }
            // The byte at position - 1 goes out as a literal; this position may match.
            if unsafe hasPending && append(literal(at: position - 1), to: &tokens) { flush(&tokens, position, false) }
            (pendingLength, pendingDistance) = match
            hasPending = true
            position += 1
        }
        if hasPending {
            let last = unsafe pendingLength >= Self.minMatch
                ? Token(length: UInt16(pendingLength), value: UInt16(pendingDistance)) : literal(at: count - 1)
            _ = unsafe append(last, to: &tokens)
        }
        unsafe flush(&tokens, count, true)
    }
}
