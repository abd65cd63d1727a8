/// Deflate compression (RFC 1951): LZ77 matching with hash chains, then each block written as
/// stored, fixed-Huffman or dynamic-Huffman, whichever is smallest.
struct Deflater: Sendable {
    /// Matching effort per level, after zlib's configuration table.
    private struct Effort: Sendable {
        /// Stop shortening the chain search once a match this long is found.
        var good: Int
        /// Lazy matching: only look for a better match at the next byte when this one is shorter.
        var lazy: Int
        /// A match this long is taken at once.
        var nice: Int
        /// Candidates examined per position.
        var chain: Int
        /// Whether to defer a match by one byte when the next position matches longer.
        var isLazy: Bool
    }

    private static let efforts: [Effort] = [
        Effort(good: 0, lazy: 0, nice: 0, chain: 0, isLazy: false),        // 0: stored
        Effort(good: 4, lazy: 4, nice: 8, chain: 4, isLazy: false),
        Effort(good: 4, lazy: 5, nice: 16, chain: 8, isLazy: false),
        Effort(good: 4, lazy: 6, nice: 32, chain: 32, isLazy: false),
        Effort(good: 4, lazy: 4, nice: 16, chain: 16, isLazy: true),
        Effort(good: 8, lazy: 16, nice: 32, chain: 32, isLazy: true),
        Effort(good: 8, lazy: 16, nice: 128, chain: 128, isLazy: true),
        Effort(good: 8, lazy: 32, nice: 128, chain: 256, isLazy: true),
        Effort(good: 32, lazy: 128, nice: 258, chain: 1024, isLazy: true),
        Effort(good: 32, lazy: 258, nice: 258, chain: 4096, isLazy: true),
    ]

    static let windowSize = 32_768
    private static let hashBits = 15
    private static let minMatch = 3
    private static let maxMatch = 258
    /// Symbols gathered before a block is written (zlib uses 16 K).
    private static let blockSymbols = 16_384

    let level: Int

    init(level: Int) {
        self.level = min(9, max(0, level))
    }

    /// `data` as a zlib stream (RFC 1950).
    mutating func zlibStream(_ data: [UInt8]) -> [UInt8] {
        var writer = BitWriter(reservingCapacity: data.count / 2 + 64)
        // CMF 0x78: deflate with a 32 KB window. FLG: the level hint, plus check bits.
        let levelHint: UInt32 = level <= 1 ? 0 : level <= 5 ? 1 : level == 6 ? 2 : 3
        let cmf: UInt32 = 0x78
        var flg = levelHint << 6
        flg += 31 - (cmf << 8 | flg) % 31
        writer.write(cmf, bits: 8)
        writer.write(flg, bits: 8)
        deflate(data, into: &writer)
        writer.alignToByte()
        var adler = Adler32()
        adler.update(data)
        let value = adler.value
        writer.appendAligned([UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16),
                              UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)])
        return writer.bytes
    }

    /// `data` as raw deflate blocks (RFC 1951).
    mutating func rawStream(_ data: [UInt8]) -> [UInt8] {
        var writer = BitWriter(reservingCapacity: data.count / 2 + 64)
        deflate(data, into: &writer)
        writer.alignToByte()
        return writer.bytes
    }

    private func deflate(_ data: [UInt8], into writer: inout BitWriter) {
        if level == 0 || data.isEmpty {
            BlockWriter.writeStored(data[...], isFinal: true, into: &writer)
            return
        }
        var tokens = TokenBuffer(capacity: Self.blockSymbols)
        var blockStart = 0
        data.withUnsafeBufferPointer { bytes in
            findMatches(bytes, into: &tokens) { tokens, position, isLast in
                // Called when the token buffer is full (or at the end): write one block.
                BlockWriter.writeBest(tokens: tokens, raw: data[blockStart..<position], isFinal: isLast, into: &writer)
                tokens.removeAll()
                blockStart = position
            }
        }
    }

    /// One LZ77 decision: a literal byte, or a match of `length` bytes `distance` back.
    struct Token: Sendable {
        var length: UInt16   // 0 for a literal
        var value: UInt16    // the literal byte, or the distance
    }

    /// Walks the input with hash chains, appending tokens to `tokens`; once it holds a block's
    /// worth (and at the end) `flush` writes the block and empties it.
    private func findMatches(_ bytes: UnsafeBufferPointer<UInt8>, into tokens: inout TokenBuffer,
                             flush: (_ tokens: inout TokenBuffer, _ position: Int, _ isLast: Bool) -> Void) {
        // Appending in place, not through a closure: the matcher emits a token every few bytes.
        @inline(__always) func emit(_ token: Token) -> Bool {
            tokens.append(token)
            return tokens.count >= Self.blockSymbols
        }
        let effort = Self.efforts[level]
        let count = bytes.count
        let hashSize = 1 << Self.hashBits
        let hashMask = hashSize - 1
        let windowMask = Self.windowSize - 1
        var head = [Int32](repeating: -1, count: hashSize)
        var previous = [Int32](repeating: -1, count: Self.windowSize)
        guard let data = bytes.baseAddress else { return }

        @inline(__always) func hash(_ position: Int) -> Int {
            let value = Int(data[position]) << 10 ^ Int(data[position + 1]) << 5 ^ Int(data[position + 2])
            return (value &* 0x9E37) >> 4 & hashMask
        }

        head.withUnsafeMutableBufferPointer { head in
            previous.withUnsafeMutableBufferPointer { previous in
                @inline(__always) func insert(_ position: Int) -> Int {
                    let h = hash(position)
                    let candidate = Int(head[h])
                    previous[position & windowMask] = Int32(truncatingIfNeeded: candidate)
                    head[h] = Int32(truncatingIfNeeded: position)
                    return candidate
                }

                /// How many bytes at `a` and `b` agree, up to `limit`: eight at a time, then singly.
                @inline(__always) func matchLength(_ a: Int, _ b: Int, limit: Int) -> Int {
                    var length = 0
                    let raw = UnsafeRawPointer(data)
                    while length + 8 <= limit {
                        let difference = raw.loadUnaligned(fromByteOffset: a + length, as: UInt64.self)
                            ^ raw.loadUnaligned(fromByteOffset: b + length, as: UInt64.self)
                        if difference != 0 {
                            // Little-endian: the lowest set bit marks the first differing byte.
                            return length + UInt64(littleEndian: difference).trailingZeroBitCount >> 3
                        }
                        length += 8
                    }
                    while length < limit && data[a + length] == data[b + length] { length += 1 }
                    return length
                }

                /// The longest match at `position` starting from chain `candidate`, beating `minimum`.
                func longestMatch(at position: Int, candidate start: Int, minimum: Int) -> (length: Int, distance: Int) {
                    let limit = min(Self.maxMatch, count - position)
                    var bestLength = minimum
                    var bestDistance = 0
                    var candidate = start
                    var chain = minimum >= effort.good ? effort.chain >> 2 : effort.chain
                    let lowest = position - Self.windowSize
                    while candidate >= 0 && candidate > lowest && chain > 0 {
                        chain -= 1
                        // Quick reject: the byte that would make this match longer than the best must agree.
                        if bestLength < limit && data[candidate + bestLength] == data[position + bestLength]
                            && data[candidate] == data[position] {
                            let length = matchLength(candidate, position, limit: limit)
                            if length > bestLength {
                                bestLength = length
                                bestDistance = position - candidate
                                if length >= effort.nice || length == limit { break }
                            }
                        }
                        let next = Int(previous[candidate & windowMask])
                        if next >= candidate { break } // stale entry from an older window
                        candidate = next
                    }
                    return bestDistance == 0 ? (0, 0) : (bestLength, bestDistance)
                }

                var position = 0
                // Lazy matching state: a match found at position - 1 waiting for comparison.
                var pendingLength = 0
                var pendingDistance = 0
                var hasPendingLiteral = false
                while position < count {
                    var length = 0
                    var distance = 0
                    if position + Self.minMatch <= count {
                        let candidate = insert(position)
                        if candidate >= 0 {
                            let minimum = effort.isLazy ? max(pendingLength, Self.minMatch - 1) : Self.minMatch - 1
                            if !effort.isLazy || pendingLength < effort.lazy {
                                (length, distance) = longestMatch(at: position, candidate: candidate, minimum: minimum)
                            }
                        }
                        // Far matches of length 3 cost more than three literals.
                        if length == Self.minMatch && distance > 4096 { length = 0 }
                    }
                    if effort.isLazy {
                        if pendingLength >= Self.minMatch && length <= pendingLength {
                            // Take the pending match, which starts at position - 1.
                            let matchStart = position - 1
                            let cut = emit(Token(length: UInt16(pendingLength), value: UInt16(pendingDistance)))
                            let end = matchStart + pendingLength
                            position += 1
                            while position < end {
                                if position + Self.minMatch <= count { _ = insert(position) }
                                position += 1
                            }
                            pendingLength = 0
                            hasPendingLiteral = false
                            if cut { flush(&tokens, position, false) }
                            continue
                        }
                        if hasPendingLiteral {
                            // The byte at position - 1 goes out as a literal; this position may match.
                            if emit(Token(length: 0, value: UInt16(data[position - 1]))) { flush(&tokens, position, false) }
                        }
                        pendingLength = length
                        pendingDistance = distance
                        hasPendingLiteral = true
                        position += 1
                        continue
                    }
                    if length >= Self.minMatch {
                        let cut = emit(Token(length: UInt16(length), value: UInt16(distance)))
                        let end = position + length
                        position += 1
                        while position < end {
                            if length <= effort.lazy && position + Self.minMatch <= count { _ = insert(position) }
                            position += 1
                        }
                        if cut { flush(&tokens, position, false) }
                    } else {
                        let cut = emit(Token(length: 0, value: UInt16(data[position])))
                        position += 1
                        if cut { flush(&tokens, position, false) }
                    }
                }
                if hasPendingLiteral {
                    if pendingLength >= Self.minMatch {
                        _ = emit(Token(length: UInt16(pendingLength), value: UInt16(pendingDistance)))
                    } else {
                        _ = emit(Token(length: 0, value: UInt16(data[count - 1])))
                    }
                }
                flush(&tokens, count, true)
            }
        }
    }
}

/// The tokens of one block, and their symbol frequencies when the block is written.
struct TokenBuffer: Sendable {
    private(set) var tokens: [Deflater.Token] = []

    init(capacity: Int) { tokens.reserveCapacity(capacity) }

    var count: Int { tokens.count }

    mutating func append(_ token: Deflater.Token) {
        tokens.append(token)
    }

    mutating func removeAll() {
        tokens.removeAll(keepingCapacity: true)
    }

    /// How often each literal/length symbol (0–285) and distance symbol (0–29) occurs, counted in
    /// one pass when the block is written rather than token by token as the matcher emits them.
    func frequencies() -> (literals: [Int], distances: [Int]) {
        var literals = [Int](repeating: 0, count: 286)
        var distances = [Int](repeating: 0, count: 30)
        let symbols = DeflateSymbols.tables
        literals.withUnsafeMutableBufferPointer { literals in
            distances.withUnsafeMutableBufferPointer { distances in
                for token in tokens {
                    if token.length == 0 {
                        literals[Int(token.value)] += 1
                    } else {
                        literals[257 + symbols.lengthCode(Int(token.length))] += 1
                        distances[symbols.distanceCode(Int(token.value))] += 1
                    }
                }
            }
        }
        return (literals, distances)
    }
}
