/// Decodes the symbols of a Huffman-coded deflate block into the output buffer: inflate's hot loop.
///
/// ``Inflater`` makes one per call over pointers it keeps alive and holds it in a local variable;
/// the fast loop's steps all inline, so the fields stay in registers, and the careful loop runs on
/// a copy (``decodeOneCarefullyOnCopy(_:)``). Two loops decode the same symbols with the same steps
/// (``writeLiteral(_:_:)``, ``readValue(_:_:)``, ``checkDistance(_:)``, the table lookups of
/// ``HuffmanTable``), generic over the bit buffer they read (``DecodeBits``): the fast one reads a
/// ``FastBitReader`` and checks nothing while a whole symbol cannot run out of input or output, the
/// careful one reads the ``LSBBitReader``, checks each step and stops cleanly.
@unsafe struct HuffmanBlockDecoder {
    /// Why decoding stopped.
    enum Stop { case endOfBlock, needsInput, needsSpace, paused }

    /// The output buffer; `out[0..<op]` is the window and the output so far.
    let out: UnsafeMutablePointer<UInt8>
    var op: Int
    /// Output may not grow past this: the buffer's end or the output limit, whichever is first.
    let capacity: Int
    /// The buffer's size (match copies may write a few bytes past a match, inside it).
    let bufferEnd: Int
    /// The block's decode tables (``BlockDecodeTables``): the distance table at a constant offset
    /// from the literal/length table, so that one register addresses both.
    let tables: UnsafeBufferPointer<UInt32>
    /// The primary tables' index masks: constants, so they cost the hot loop no registers.
    private static var literalMask: UInt64 { @inline(__always) get { (1 << UInt64(HuffmanTable.literalBits)) - 1 } }
    private static var distanceMask: UInt64 { @inline(__always) get { (1 << UInt64(HuffmanTable.distanceBits)) - 1 } }
    /// No more input will come: running short is truncation rather than a wait.
    let inputComplete: Bool

    /// Decodes from `reader` until the block ends, the input or output runs short, or the output
    /// reaches `pauseAt`.
    @inline(__always)
    mutating func run(_ reader: inout LSBBitReader, pauseAt: Int) throws(ZoetropeError) -> Stop {
        // The fast loop runs while a whole symbol cannot run out of input or output: with ≥ 8 input
        // bytes a refill loads ≥ 56 bits, more than the longest length/distance pair needs
        // (15 + 5 + 15 + 13 = 48 bits) or three literals from the primary table (3 × 11); and the
        // output has room for the longest match and the word copy's slack after it.
        let fastEnd = unsafe min(capacity, pauseAt) &- (258 + LZ77.copySlack)
        while true {
            if unsafe op < fastEnd, var fast = unsafe FastBitReader(reader) {
                defer { unsafe reader.resume(from: fast) }
                unsafe try decodeFast(&fast, until: fastEnd)
            }
            if unsafe op >= pauseAt { return .paused }
            if let stop = unsafe try decodeOneCarefullyOnCopy(&reader) { return stop }
        }
    }

    // MARK: Steps shared by both loops

    @inline(__always)
    private func lookupLiteral<Bits: DecodeBits>(_ reader: Bits) -> UInt32 {
        unsafe HuffmanTable.primary(tables, reader.bits, mask: Self.literalMask)
    }

    @inline(__always)
    private func lookupDistance<Bits: DecodeBits>(_ reader: Bits) -> UInt32 {
        unsafe HuffmanTable.primary(tables, reader.bits, mask: Self.distanceMask, at: BlockDecodeTables.distanceStart)
    }

    /// The subtable entry `link` (a primary entry) points to, without consuming anything.
    @inline(__always)
    private func peekSubtable<Bits: DecodeBits>(_ link: UInt32, _ reader: Bits) -> UInt32 {
        unsafe HuffmanTable.subtable(tables, link: link, reader.bits &>> UInt64(HuffmanTable.consumed(link)))
    }

    /// Consumes a literal's code and writes its byte.
    @inline(__always)
    private mutating func writeLiteral<Bits: DecodeBits>(_ entry: UInt32, _ reader: inout Bits) {
        reader.consume(entry: entry)
        // In bounds: both loops check `op` against the output's room first.
        unsafe out[op] = UInt8(truncatingIfNeeded: entry >> 16)
        unsafe op &+= 1
    }

    /// Consumes a length or distance code and its extra bits (loaded); returns the value.
    @inline(__always)
    private func readValue<Bits: DecodeBits>(_ entry: UInt32, _ reader: inout Bits) -> Int {
        let saved = reader.bits
        reader.consume(entry: entry)
        return HuffmanTable.value(entry, consumedFrom: saved)
    }

    @inline(__always)
    private func checkDistance(_ distance: Int) throws(ZoetropeError) {
        guard unsafe distance <= op else {
            throw ZoetropeError.deflate(.malformed, "distance \(distance) reaches before the start of the data")
        }
    }

    // MARK: The two loops

    /// Decodes while `op < fastEnd` and eight input bytes remain, checking neither; returns at the
    /// first symbol that is neither a literal nor a length (end of block, invalid code), with
    /// nothing of it consumed, or when fewer passes than one batch are sure to fit.
    ///
    /// Passes go in batches of as many as surely fit, so that a pass tests neither position: a pass
    /// consumes at most 48 bits, so a refill advances the input by at most 6 bytes a pass (see
    /// ``FastBitReader/bytesAhead``), and writes at most 258 bytes. (Counting down a batch is one
    /// instruction a pass instead of two tests, and frees the registers the two ends took.)
    ///
    /// Each pass starts with the bit buffer refilled (≥ 56 bits) and the next literal/length entry
    /// already looked up, and ends by looking up the next entry and refilling, so that the lookup
    /// does not wait for the refill: a refill leaves all 64 bits of the buffer holding the stream's
    /// next bits (``FastBitReader``), and a pass consumes at most 48 of them, so the 11 bits the
    /// lookup reads are there before the refill, which only adds bits above them.
    /// (One function: the loop's values must stay in registers.)
    @inline(__always)
    private mutating func decodeFast(_ reader: inout FastBitReader, until fastEnd: Int) throws(ZoetropeError) {
        unsafe reader.refill()
        var entry = unsafe lookupLiteral(reader)
        while true {
            var passes = unsafe min(reader.bytesAhead / 6, (fastEnd &- op) / 258)
            guard passes > 0 else { return }
            repeat {
                passes &-= 1
                if HuffmanTable.isLiteral(entry) {
                    // Up to three literals per refill: primary codes are at most 11 bits, so 23
                    // bits are left for the next lookup.
                    unsafe writeLiteral(entry, &reader)
                    entry = unsafe lookupLiteral(reader)
                    if HuffmanTable.isLiteral(entry) {
                        unsafe writeLiteral(entry, &reader)
                        entry = unsafe lookupLiteral(reader)
                        if HuffmanTable.isLiteral(entry) {
                            unsafe writeLiteral(entry, &reader)
                            entry = unsafe lookupLiteral(reader)
                        }
                    }
                    unsafe reader.refill()
                    continue
                }
                // Marked rare so that the length path, not the subtable one, follows the test in
                // the code (photo IDAT 3 % faster). Marking literals common instead lays the loop
                // out far worse (text 36 % slower): layout, measured, not guessed.
                let length: Int
                if _slowPath(HuffmanTable.isExceptional(entry)) {
                    switch unsafe decodeExceptional(entry, &reader) {
                    case .stop: return
                    case .literal:
                        entry = unsafe lookupLiteral(reader)
                        unsafe reader.refill()
                        continue
                    case .length(let value): length = value
                    }
                } else {
                    // A length resolved with its extra bits (``BlockDecodeTables``).
                    length = HuffmanTable.payload(entry)
                    unsafe reader.consume(entry: entry)
                }
                let distance = unsafe try readDistanceFast(&reader)
                // Looked up before the refill, which it then does not wait for: at most 48 bits of
                // the 64 the last refill left were consumed (see ``FastBitReader``), so 16 remain.
                entry = unsafe lookupLiteral(reader)
                unsafe reader.refill()
                // In bounds: `op < fastEnd` leaves room for 258 bytes and the copy's slack.
                unsafe LZ77.copyBytesWithSlack(out, at: op, distance: distance, length: length)
                unsafe op &+= length
            } while passes > 0
        }
    }

    /// What the fast loop makes of an exceptional literal/length entry.
    private enum Exceptional { case literal, length(Int), stop }

    /// Decodes the symbol of an exceptional literal/length entry in the fast loop: a literal or a
    /// length through a subtable (the literal written), a length whose extra bits are past the
    /// primary index, or `.stop` at the end of the block or an invalid code (nothing consumed).
    @inline(__always)
    private mutating func decodeExceptional(_ entry: UInt32, _ reader: inout FastBitReader) -> Exceptional {
        if HuffmanTable.isLink(entry) {
            let long = unsafe peekSubtable(entry, reader)
            guard !HuffmanTable.isExceptional(long) else { return .stop }
            unsafe reader.consume(entry: entry)
            if HuffmanTable.isLiteral(long) {
                unsafe writeLiteral(long, &reader)
                return .literal
            }
            return unsafe .length(readValue(long, &reader))
        }
        // The end of the block and invalid codes have no payload.
        guard HuffmanTable.payload(entry) != 0 else { return .stop }
        return unsafe .length(readValue(entry, &reader))
    }

    /// Reads a distance in the fast loop, where at least 36 bits are loaded after the length: more
    /// than the longest distance code and its extra bits, so an invalid entry is no shortfall.
    @inline(__always)
    private func readDistanceFast(_ reader: inout FastBitReader) throws(ZoetropeError) -> Int {
        var entry = unsafe lookupDistance(reader)
        if _slowPath(HuffmanTable.isExceptional(entry)) {
            if HuffmanTable.isLink(entry) {
                unsafe reader.consume(entry: entry)
                entry = unsafe HuffmanTable.subtable(tables, link: entry, reader.bits)
            }
            guard !HuffmanTable.isExceptional(entry) else {
                throw ZoetropeError.deflate(.malformed, "invalid distance code")
            }
        }
        let distance = unsafe readValue(entry, &reader)
        unsafe try checkDistance(distance)
        return distance
    }

    /// ``decodeOneCarefully(_:)`` on a copy of the decoder: that call is not inlined, and a call
    /// given the decoder itself would keep its fields in memory for the whole loop instead of registers.
    @inline(__always)
    private mutating func decodeOneCarefullyOnCopy(_ reader: inout LSBBitReader) throws(ZoetropeError) -> Stop? {
        var copy = unsafe self
        defer { unsafe self = copy }
        return unsafe try copy.decodeOneCarefully(&reader)
    }

    /// Decodes one symbol (or one run of literals), checking every step: `nil` to go on, else why
    /// it stopped. On a shortfall the reader is rewound to the symbol's start.
    @inline(never)
    private mutating func decodeOneCarefully(_ reader: inout LSBBitReader) throws(ZoetropeError) -> Stop? {
        let start = unsafe reader.state
        unsafe reader.refill()
        var invalid = false
        guard let entry = unsafe loadedEntry(start: 0, mask: Self.literalMask, &reader, invalid: &invalid) else {
            return unsafe try shortfall(&reader, rewindingTo: start, invalid: invalid, "literal/length")
        }
        if HuffmanTable.isLiteral(entry) {
            guard unsafe op < capacity else { unsafe reader.rewind(to: start); return .needsSpace }
            unsafe writeLiteral(entry, &reader)
            // Runs of literals are common: decode more while the bits last, without refilling.
            while unsafe op < capacity, let more = unsafe nextLoadedLiteral(reader) { unsafe writeLiteral(more, &reader) }
            return nil
        }
        if HuffmanTable.isEndOfBlock(entry) {
            unsafe reader.consume(entry: entry)
            return .endOfBlock
        }
        let length = unsafe readValue(entry, &reader)
        guard let distanceEntry = unsafe loadedEntry(start: BlockDecodeTables.distanceStart, mask: Self.distanceMask, &reader,
                                              invalid: &invalid) else {
            return unsafe try shortfall(&reader, rewindingTo: start, invalid: invalid, "distance")
        }
        let distance = unsafe readValue(distanceEntry, &reader)
        if unsafe distance <= op && length > capacity - op { unsafe reader.rewind(to: start); return .needsSpace }
        unsafe try checkDistance(distance)
        unsafe LZ77.copyMatch(out, at: op, distance: distance, length: length, room: bufferEnd - op)
        unsafe op += length
        return nil
    }

    /// The primary literal/length entry at the bottom of the bit buffer if it is a literal whose
    /// code is loaded, else `nil`: how runs of literals go on without a refill.
    @inline(__always)
    private func nextLoadedLiteral(_ reader: LSBBitReader) -> UInt32? {
        let entry = unsafe lookupLiteral(reader)
        guard HuffmanTable.isLiteral(entry), unsafe HuffmanTable.consumed(entry) <= reader.bitCount else { return nil }
        return entry
    }

    /// The entry of the next code in the table whose primary entries are at `start` (a link
    /// followed, its bits consumed) when the code and its extra bits are loaded, else `nil`;
    /// `invalid` is then set when the code is one no symbol has and 15 bits were loaded (so more
    /// input would not change it).
    @inline(__always)
    private func loadedEntry(start: Int, mask: UInt64, _ reader: inout LSBBitReader, invalid: inout Bool) -> UInt32? {
        let loaded = unsafe reader.bitCount
        var entry = unsafe HuffmanTable.primary(tables, reader.bits, mask: mask, at: start)
        if HuffmanTable.isLink(entry) {
            guard unsafe HuffmanTable.consumed(entry) <= reader.bitCount else { return nil }
            unsafe reader.consume(entry: entry)
            entry = unsafe HuffmanTable.subtable(tables, link: entry, reader.bits)
        }
        if HuffmanTable.isInvalid(entry) {
            invalid = loaded >= 15
            return nil
        }
        guard unsafe HuffmanTable.consumed(entry) <= reader.bitCount else { return nil }
        return entry
    }

    /// Ran out of bits, or met an invalid code, mid-symbol: an error when the code is invalid or no
    /// more input will come, else a wait for input from the symbol's start.
    @inline(__always)
    private func shortfall(_ reader: inout LSBBitReader, rewindingTo start: LSBBitReader.State, invalid: Bool,
                           _ what: String) throws(ZoetropeError) -> Stop {
        unsafe reader.rewind(to: start)
        if invalid { throw ZoetropeError.deflate(.malformed, "invalid \(what) code") }
        if unsafe inputComplete { throw .deflateTruncated }
        return .needsInput
    }
}
