/// Decodes the symbols of a Huffman-coded deflate block into the output buffer: inflate's hot loop.
///
/// ``Inflater`` makes one per call over pointers it keeps alive and holds it in a local variable;
/// the fast loop's steps all inline, so the fields (the bit reader above all) stay in registers,
/// and the careful loop runs on a copy (``decodeOneCarefullyOnCopy()``). Two loops decode the same
/// symbols with the same steps (``writeLiteral(_:)``, ``readValue(_:)``, ``checkDistance(_:)``, the
/// table lookups of ``HuffmanTable``): the fast one checks nothing while a whole symbol cannot run
/// out of input or output, the careful one checks each step and stops cleanly.
struct HuffmanBlockDecoder {
    /// Why decoding stopped.
    enum Stop { case endOfBlock, needsInput, needsSpace, paused }

    var reader: LSBBitReader
    /// The output buffer; `out[0..<op]` is the window and the output so far.
    let out: UnsafeMutablePointer<UInt8>
    var op: Int
    /// Output may not grow past this: the buffer's end or the output limit, whichever is first.
    let capacity: Int
    /// The buffer's size (match copies may write a few bytes past a match, inside it).
    let bufferEnd: Int
    let literals: UnsafeBufferPointer<UInt32>
    let distances: UnsafeBufferPointer<UInt32>
    /// The primary tables' index masks: constants, so they cost the hot loop no registers.
    private static var literalMask: UInt64 { @inline(__always) get { (1 << UInt64(HuffmanTable.literalBits)) - 1 } }
    private static var distanceMask: UInt64 { @inline(__always) get { (1 << UInt64(HuffmanTable.distanceBits)) - 1 } }
    /// No more input will come: running short is truncation rather than a wait.
    let inputComplete: Bool

    /// Decodes until the block ends, the input or output runs short, or the output reaches `pauseAt`.
    @inline(__always)
    mutating func run(pauseAt: Int) throws(ZoetropeError) -> Stop {
        // The fast loop runs while a whole symbol cannot run out of input or output: with ≥ 8 input
        // bytes a refill loads ≥ 56 bits, more than the longest length/distance pair needs
        // (15 + 5 + 15 + 13 = 48 bits) or three literals from the primary table (3 × 11); and the
        // output has room for the longest match and the word copy's slack after it.
        let fastEnd = min(capacity, pauseAt) &- (258 + LZ77.copySlack)
        while true {
            try decodeFast(until: fastEnd)
            if op >= pauseAt { return .paused }
            if let stop = try decodeOneCarefullyOnCopy() { return stop }
        }
    }

    // MARK: Steps shared by both loops

    @inline(__always)
    private func lookupLiteral() -> UInt32 { HuffmanTable.primary(literals, reader.bits, mask: Self.literalMask) }

    @inline(__always)
    private func lookupDistance() -> UInt32 { HuffmanTable.primary(distances, reader.bits, mask: Self.distanceMask) }

    /// The subtable entry `link` (a primary entry of `table`) points to, without consuming anything.
    @inline(__always)
    private func peekSubtable(_ link: UInt32, in table: UnsafeBufferPointer<UInt32>) -> UInt32 {
        HuffmanTable.subtable(table, link: link, reader.bits &>> UInt64(HuffmanTable.consumed(link)))
    }

    /// Consumes a literal's code and writes its byte.
    @inline(__always)
    private mutating func writeLiteral(_ entry: UInt32) {
        reader.consume(HuffmanTable.consumed(entry))
        // In bounds: both loops check `op` against the output's room first.
        out[op] = UInt8(truncatingIfNeeded: entry >> 16)
        op &+= 1
    }

    /// Consumes a length or distance code and its extra bits (loaded); returns the value.
    @inline(__always)
    private mutating func readValue(_ entry: UInt32) -> Int {
        let saved = reader.bits
        reader.consume(HuffmanTable.consumed(entry))
        return HuffmanTable.value(entry, consumedFrom: saved)
    }

    @inline(__always)
    private func checkDistance(_ distance: Int) throws(ZoetropeError) {
        guard distance <= op else {
            throw ZoetropeError(.malformed, "deflate: distance \(distance) reaches before the start of the data")
        }
    }

    // MARK: The two loops

    /// Decodes while `op < fastEnd` and eight input bytes remain, checking neither; returns at the
    /// first symbol that is neither a literal nor a length (end of block, invalid code), with
    /// nothing of it consumed.
    ///
    /// Each pass starts with the bit buffer refilled (≥ 56 bits) and the next literal/length entry
    /// already looked up, and ends by refilling and looking up the next entry, so that the lookup
    /// does not wait for the refill (a refill only adds bits above those the entry was read from).
    @inline(__always)
    private mutating func decodeFast(until fastEnd: Int) throws(ZoetropeError) {
        guard op < fastEnd && reader.hasWordAhead else { return }
        reader.refillWord()
        var entry = lookupLiteral()
        while op < fastEnd && reader.hasWordAhead {
            if HuffmanTable.isLiteral(entry) {
                // Up to three literals per refill: primary codes are at most 11 bits, so 23 bits
                // are left for the next lookup.
                writeLiteral(entry)
                entry = lookupLiteral()
                if HuffmanTable.isLiteral(entry) {
                    writeLiteral(entry)
                    entry = lookupLiteral()
                    if HuffmanTable.isLiteral(entry) {
                        writeLiteral(entry)
                        entry = lookupLiteral()
                    }
                }
                reader.refillWord()
                continue
            }
            if HuffmanTable.isExceptional(entry) {
                guard HuffmanTable.isLink(entry) else { return }
                let long = peekSubtable(entry, in: literals)
                guard !HuffmanTable.isExceptional(long) else { return }
                reader.consume(HuffmanTable.consumed(entry))
                if HuffmanTable.isLiteral(long) {
                    writeLiteral(long)
                    reader.refillWord()
                    entry = lookupLiteral()
                    continue
                }
                entry = long
            }
            let length = readValue(entry)
            let distance = try readDistanceFast()
            reader.refillWord()
            entry = lookupLiteral()
            // In bounds: `op < fastEnd` leaves room for 258 bytes and the copy's slack.
            LZ77.copyBytesWithSlack(out, at: op, distance: distance, length: length)
            op &+= length
        }
    }

    /// Reads a distance in the fast loop, where at least 36 bits are loaded after the length: more
    /// than the longest distance code and its extra bits, so an invalid entry is no shortfall.
    @inline(__always)
    private mutating func readDistanceFast() throws(ZoetropeError) -> Int {
        var entry = lookupDistance()
        if HuffmanTable.isExceptional(entry) {
            if HuffmanTable.isLink(entry) {
                reader.consume(HuffmanTable.consumed(entry))
                entry = HuffmanTable.subtable(distances, link: entry, reader.bits)
            }
            guard !HuffmanTable.isExceptional(entry) else {
                throw ZoetropeError(.malformed, "deflate: invalid distance code")
            }
        }
        let distance = readValue(entry)
        try checkDistance(distance)
        return distance
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
        var invalid = false
        guard let entry = loadedEntry(literals, mask: Self.literalMask, invalid: &invalid) else {
            return try shortfall(rewindingTo: start, invalid: invalid, "literal/length")
        }
        if HuffmanTable.isLiteral(entry) {
            guard op < capacity else { reader.rewind(to: start); return .needsSpace }
            writeLiteral(entry)
            // Runs of literals are common: decode more while the bits last, without refilling.
            while op < capacity, let next = nextLoadedLiteral() { writeLiteral(next) }
            return nil
        }
        if HuffmanTable.isEndOfBlock(entry) {
            reader.consume(HuffmanTable.consumed(entry))
            return .endOfBlock
        }
        let length = readValue(entry)
        guard let distanceEntry = loadedEntry(distances, mask: Self.distanceMask, invalid: &invalid) else {
            return try shortfall(rewindingTo: start, invalid: invalid, "distance")
        }
        let distance = readValue(distanceEntry)
        if distance <= op && length > capacity - op { reader.rewind(to: start); return .needsSpace }
        try checkDistance(distance)
        LZ77.copyMatch(out, at: op, distance: distance, length: length, room: bufferEnd - op)
        op += length
        return nil
    }

    /// The primary literal/length entry at the bottom of the bit buffer if it is a literal whose
    /// code is loaded, else `nil`: how runs of literals go on without a refill.
    @inline(__always)
    private func nextLoadedLiteral() -> UInt32? {
        let entry = lookupLiteral()
        guard HuffmanTable.isLiteral(entry), HuffmanTable.consumed(entry) <= reader.bitCount else { return nil }
        return entry
    }

    /// The entry of the next code in `table` (a link followed, its bits consumed) when the code and
    /// its extra bits are loaded, else `nil`; `invalid` is then set when the code is one no symbol
    /// has and 15 bits were loaded (so more input would not change it).
    @inline(__always)
    private mutating func loadedEntry(_ table: UnsafeBufferPointer<UInt32>, mask: UInt64, invalid: inout Bool) -> UInt32? {
        let loaded = reader.bitCount
        var entry = HuffmanTable.primary(table, reader.bits, mask: mask)
        if HuffmanTable.isLink(entry) {
            guard HuffmanTable.consumed(entry) <= reader.bitCount else { return nil }
            reader.consume(HuffmanTable.consumed(entry))
            entry = HuffmanTable.subtable(table, link: entry, reader.bits)
        }
        if HuffmanTable.isInvalid(entry) {
            invalid = loaded >= 15
            return nil
        }
        guard HuffmanTable.consumed(entry) <= reader.bitCount else { return nil }
        return entry
    }

    /// Ran out of bits, or met an invalid code, mid-symbol: an error when the code is invalid or no
    /// more input will come, else a wait for input from the symbol's start.
    /// (Inlined like the rest: a call taking `self` would keep the decoder out of registers.)
    @inline(__always)
    private mutating func shortfall(rewindingTo start: LSBBitReader.State, invalid: Bool,
                                    _ what: String) throws(ZoetropeError) -> Stop {
        reader.rewind(to: start)
        if invalid { throw ZoetropeError(.malformed, "deflate: invalid \(what) code") }
        if inputComplete { throw ZoetropeError(.truncated, "deflate: compressed data ends early") }
        return .needsInput
    }
}
