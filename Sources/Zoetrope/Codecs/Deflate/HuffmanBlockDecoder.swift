/// Decodes the symbols of a Huffman-coded deflate block into the output buffer: inflate's hot loop.
///
/// ``Inflater`` makes one per call over pointers it keeps alive and holds it in a local variable;
/// the fast loop's steps all inline, so the fields (the bit reader above all) stay in registers,
/// and the careful loop runs on a copy (``decodeOneCarefullyOnCopy()``). Two loops
/// decode the same symbols with the same steps (``writeLiteral(_:)``, ``readLength(_:)``,
/// ``readDistance(_:)``, ``copyMatch(length:distance:)``): the fast one checks nothing while a whole
/// symbol cannot run out of input or output, the careful one checks each step and stops cleanly.
struct HuffmanBlockDecoder {
    /// Why decoding stopped.
    enum Stop { case endOfBlock, needsInput, needsSpace, paused }

    var reader: LSBBitReader
    /// The output buffer; `out[0..<op]` is the window and the output so far.
    let out: UnsafeMutablePointer<UInt8>
    var op: Int
    /// Output may not grow past this: the buffer's end or the output limit, whichever is first.
    let capacity: Int
    /// The buffer's size (the match copy may write a few bytes past a match, inside it).
    let bufferEnd: Int
    let literals: UnsafeBufferPointer<UInt32>
    let distances: UnsafeBufferPointer<UInt32>
    let literalBits: UInt64
    let distanceBits: UInt64
    /// No more input will come: running short is truncation rather than a wait.
    let inputComplete: Bool

    /// Decodes until the block ends, the input or output runs short, or the output reaches `pauseAt`.
    @inline(__always)
    mutating func run(pauseAt: Int) throws(ZoetropeError) -> Stop {
        // The fast path runs while a whole symbol cannot run out of input or output: ≥ 8 input
        // bytes refill the buffer to ≥ 56 bits, more than the longest length/distance pair needs
        // (15 + 5 + 15 + 13 bits), and the output has room for the longest match plus an 8-byte
        // overcopy, or for a run of literals (one bit each at the least: at most 63 per refill).
        let fastEnd = min(capacity, pauseAt) - (258 + 8 + 64)
        while true {
            try decodeFast(until: fastEnd)
            if op >= pauseAt { return .paused }
            if let stop = try decodeOneCarefullyOnCopy() { return stop }
        }
    }

    // MARK: Steps shared by both loops

    @inline(__always)
    private func lookupLiteral() -> UInt32 {
        HuffmanTable.lookup(literals, reader.bits, primaryBits: literalBits)
    }

    @inline(__always)
    private func lookupDistance() -> UInt32 {
        HuffmanTable.lookup(distances, reader.bits, primaryBits: distanceBits)
    }

    /// The literal/length entry at the bottom of the bit buffer if it is a literal from the primary
    /// table whose code is loaded, else `nil`: how runs of literals go on without a refill.
    @inline(__always)
    private func nextLoadedLiteral() -> UInt32? {
        let entry = literals[Int(truncatingIfNeeded: reader.bits & ((1 &<< literalBits) &- 1))]
        guard HuffmanTable.kind(entry) == HuffmanTable.kindLiteral,
              Int(HuffmanTable.length(entry)) <= reader.bitCount else { return nil }
        return entry
    }

    /// Consumes a literal's code and writes its byte.
    @inline(__always)
    private mutating func writeLiteral(_ entry: UInt32) {
        reader.consume(Int(HuffmanTable.length(entry)))
        out[op] = UInt8(truncatingIfNeeded: HuffmanTable.value(entry))
        op += 1
    }

    /// A length or distance: the entry's base plus its extra bits (consumed; the code already is).
    @inline(__always)
    private mutating func readExtra(_ entry: UInt32) -> Int {
        let extra = Int(HuffmanTable.extra(entry))
        let value = Int(HuffmanTable.value(entry)) &+ Int(reader.peek(extra))
        reader.consume(extra)
        return value
    }

    /// Consumes a length code (whose entry is `entry`) and its extra bits; returns the length.
    @inline(__always)
    private mutating func readLength(_ entry: UInt32) -> Int {
        reader.consume(Int(HuffmanTable.length(entry)))
        return readExtra(entry)
    }

    /// Consumes a distance code (whose entry is `entry`) and its extra bits; returns the distance.
    @inline(__always)
    private mutating func readDistance(_ entry: UInt32) -> Int {
        reader.consume(Int(HuffmanTable.length(entry)))
        return readExtra(entry)
    }

    /// Writes a match; the output has room for it.
    @inline(__always)
    private mutating func copyMatch(length: Int, distance: Int) throws(ZoetropeError) {
        guard distance <= op else {
            throw ZoetropeError(.malformed, "deflate: distance \(distance) reaches before the start of the data")
        }
        LZ77.copyMatch(out, at: op, distance: distance, length: length, room: bufferEnd - op)
        op += length
    }

    // MARK: The two loops

    /// Decodes while `op < fastEnd` and eight input bytes remain, checking neither; returns at the
    /// first symbol that is neither a literal nor a length (end of block, invalid code).
    @inline(__always)
    private mutating func decodeFast(until fastEnd: Int) throws(ZoetropeError) {
        while op < fastEnd && reader.hasWordAhead {
            reader.refillWord()
            let entry = lookupLiteral()
            let kind = HuffmanTable.kind(entry)
            if kind == HuffmanTable.kindLiteral {
                // A run of literals while the bits last (at most 63, inside the output margin).
                writeLiteral(entry)
                while let next = nextLoadedLiteral() { writeLiteral(next) }
                continue
            }
            guard kind == HuffmanTable.kindBase else { return }
            let length = readLength(entry)
            let distanceEntry = lookupDistance()
            guard HuffmanTable.kind(distanceEntry) != HuffmanTable.kindInvalid else {
                // With ≥ 36 bits left this is no shortfall: the code is invalid.
                throw ZoetropeError(.malformed, "deflate: invalid distance code")
            }
            try copyMatch(length: length, distance: readDistance(distanceEntry))
        }
    }

    /// ``decodeOneCarefully()`` on a copy of the decoder: that call is not inlined, and a call given
    /// the decoder itself would keep its fields in memory for the whole loop instead of registers.
    @inline(__always)
    private mutating func decodeOneCarefullyOnCopy() throws(ZoetropeError) -> Stop? {
        var copy = self
        defer { self = copy }
        return try copy.decodeOneCarefully()
    }

    /// Decodes one symbol (or one run of literals), checking every step: `nil` to go on, else why
    /// it stopped. On a shortfall the reader is rewound to the symbol's start.
    @inline(never)
    private mutating func decodeOneCarefully() throws(ZoetropeError) -> Stop? {
        let start = reader.state
        reader.refill()
        let entry = lookupLiteral()
        let kind = HuffmanTable.kind(entry)
        guard kind != HuffmanTable.kindInvalid, Int(HuffmanTable.length(entry)) <= reader.bitCount else {
            return try shortfall(rewindingTo: start, invalid: kind == HuffmanTable.kindInvalid, "literal/length")
        }
        if kind == HuffmanTable.kindLiteral {
            guard op < capacity else { reader.rewind(to: start); return .needsSpace }
            writeLiteral(entry)
            // Runs of literals are common: decode more while the bits last, without refilling.
            while op < capacity, let next = nextLoadedLiteral() { writeLiteral(next) }
            return nil
        }
        if kind == HuffmanTable.kindEndOfBlock {
            reader.consume(Int(HuffmanTable.length(entry)))
            return .endOfBlock
        }
        guard Int(HuffmanTable.length(entry) + HuffmanTable.extra(entry)) <= reader.bitCount else {
            return try shortfall(rewindingTo: start, invalid: false, "length")
        }
        let length = readLength(entry)
        let distanceEntry = lookupDistance()
        let distanceKind = HuffmanTable.kind(distanceEntry)
        guard distanceKind != HuffmanTable.kindInvalid,
              Int(HuffmanTable.length(distanceEntry) + HuffmanTable.extra(distanceEntry)) <= reader.bitCount else {
            return try shortfall(rewindingTo: start, invalid: distanceKind == HuffmanTable.kindInvalid, "distance")
        }
        let distance = readDistance(distanceEntry)
        if distance <= op && length > capacity - op { reader.rewind(to: start); return .needsSpace }
        try copyMatch(length: length, distance: distance)
        return nil
    }

    /// Ran out of bits, or met an invalid code, mid-symbol: an error when the code is invalid with
    /// 15 bits loaded or no more input will come, else a wait for input from the symbol's start.
    /// (Inlined like the rest: a call taking `self` would keep the decoder out of registers.)
    @inline(__always)
    private mutating func shortfall(rewindingTo start: LSBBitReader.State, invalid: Bool,
                                    _ what: String) throws(ZoetropeError) -> Stop {
        let loaded = reader.bitCount
        reader.rewind(to: start)
        if invalid && loaded >= 15 { throw ZoetropeError(.malformed, "deflate: invalid \(what) code") }
        if inputComplete { throw ZoetropeError(.truncated, "deflate: compressed data ends early") }
        return .needsInput
    }
}
