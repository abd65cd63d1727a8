/// Deflate compression (RFC 1951): LZ77 matching with hash chains, then each block written as
/// stored, fixed-Huffman or dynamic-Huffman, whichever is smallest.
struct Deflater: Sendable {
    /// Matching effort per level, after zlib's configuration table.
    struct Effort: Sendable {
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
    static let hashBits = 15
    static let minMatch = 3
    static let maxMatch = 258
    /// Symbols gathered before a block is written (zlib uses 16 K).
    static let blockSymbols = 16_384

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
        unsafe data.withUnsafeBufferPointer { bytes in
            unsafe findMatches(bytes, into: &tokens) { tokens, position, isLast in
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
                             flush: MatchFinder.Flush) {
        guard let data = bytes.baseAddress else { return }
        if level == 9 {
            unsafe parseOptimally(data, count: bytes.count, into: &tokens, flush: flush)
            return
        }
        var head = [Int32](repeating: -1, count: 1 << Self.hashBits)
        var previous = [Int32](repeating: -1, count: Self.windowSize)
        unsafe head.withUnsafeMutableBufferPointer { head in
            unsafe previous.withUnsafeMutableBufferPointer { previous in
                let finder = unsafe MatchFinder(data: data, count: bytes.count, effort: Self.efforts[level],
                                         head: head, previous: previous)
                if unsafe finder.effort.isLazy {
                    unsafe finder.matchLazily(into: &tokens, flush: flush)
                } else {
                    unsafe finder.matchGreedily(into: &tokens, flush: flush)
                }
            }
        }
    }
}

extension Deflater {
    /// Level 9: near-optimal parsing over binary-tree matches.
    private func parseOptimally(_ data: UnsafePointer<UInt8>, count: Int, into tokens: inout TokenBuffer,
                                flush: MatchFinder.Flush) {
        var head = unsafe [Int32](repeating: -1, count: 1 << TreeMatchFinder.hashBits)
        var smaller = [Int32](repeating: -1, count: Self.windowSize)
        var larger = [Int32](repeating: -1, count: Self.windowSize)
        unsafe head.withUnsafeMutableBufferPointer { head in
            unsafe smaller.withUnsafeMutableBufferPointer { smaller in
                unsafe larger.withUnsafeMutableBufferPointer { larger in
                    let finder = unsafe TreeMatchFinder(data: data, count: count, head: head, smaller: smaller, larger: larger)
                    unsafe OptimalParser(finder: finder).parse(into: &tokens, flush: flush)
                }
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
        Self.frequencies(of: tokens)
    }

    /// The symbol counts of `tokens`: literal/length symbols 0–285 and distance symbols 0–29.
    static func frequencies(of tokens: [Deflater.Token]) -> (literals: [Int], distances: [Int]) {
        var literals = [Int](repeating: 0, count: 286)
        var distances = [Int](repeating: 0, count: 30)
        let symbols = DeflateSymbols.tables
        unsafe literals.withUnsafeMutableBufferPointer { literals in
            unsafe distances.withUnsafeMutableBufferPointer { distances in
                for token in tokens {
                    if token.length == 0 {
                        unsafe literals[Int(token.value)] += 1
                    } else {
                        unsafe literals[257 + symbols.lengthCode(Int(token.length))] += 1
                        unsafe distances[symbols.distanceCode(Int(token.value))] += 1
                    }
                }
            }
        }
        return (literals, distances)
    }
}
