/// VP8L's prefix codes (RFC 9649 §3.7.2) as ``PrefixCodeTable``s whose entries carry the symbol as
/// their payload.
///
/// VP8L differs from deflate in one case: a code with a single used symbol (whatever its stated
/// length) takes zero bits. Such a code is built with a 0-bit primary index, a one-entry table whose
/// entry consumes nothing. Every other code must be complete (libwebp rejects incomplete and
/// over-subscribed codes alike).
enum VP8LPrefixCode {
    /// The longest code, in bits: decoding one symbol needs this many bits buffered.
    static let maximumCodeBits = PrefixCodeTable.maximumCodeLength

    /// Builds the code for `lengths` (each 0...15), indexing at most `primaryBits` bits at once.
    /// - Returns: `nil` when no symbol is used or the lengths do not form a complete prefix code
    ///   (or would need a table over the core's size limit, which no VP8L alphabet reaches).
    static func table(lengths: [UInt8], primaryBits: Int) -> PrefixCodeTable? {
        var usedCount = 0
        var longest: UInt8 = 0
        for length in lengths where length != 0 {
            usedCount += 1
            longest = max(longest, length)
        }
        // A single symbol needs no index at all; for other codes, a primary table wider than the
        // longest code would only repeat entries.
        let bits = usedCount == 1 ? 0 : min(primaryBits, Int(longest))
        return PrefixCodeTable(lengths: lengths, primaryBits: bits, incomplete: .singleSymbolIsZeroBits)
    }

    /// The symbol of a single-symbol (zero-bit) code built by ``table(lengths:primaryBits:)``, or
    /// `nil` when the code reads bits.
    static func singleSymbol(of code: PrefixCodeTable) -> Int? {
        guard code.entries.count == 1, PrefixCodeTable.length(code.entries[0]) == 0,
              PrefixCodeTable.kind(code.entries[0]) == 0 else { return nil }
        return Int(PrefixCodeTable.payload(code.entries[0]))
    }

    /// Decodes one symbol with the table at the start of `table`, indexed by `primaryBits` bits.
    ///
    /// Needs ``maximumCodeBits`` bits buffered (the caller refills, once for several codes where it
    /// can), or the input exhausted: past its end the missing bits read as zeros, as in libwebp.
    ///
    /// Unoptimised builds run it with no calls inside (the reader's fields and the entry's layout
    /// written out), since it runs up to five times a pixel, and `@_transparent`: inlined, with
    /// no locals to clear (a `memset` call each on every call otherwise).
    #if DEBUG
    @_transparent
    #else
    @inline(__always)
    #endif
    static func decode(_ table: UnsafePointer<UInt32>, primaryBits: Int, _ reader: inout LSBBitReader) -> Int {
        let bits = unsafe reader.bits
        var entry = unsafe table[Int(truncatingIfNeeded: bits & ((1 &<< UInt64(truncatingIfNeeded: primaryBits)) &- 1))]
        if (entry &>> 5) & 7 == 7 { // PrefixCodeTable.kindLink (a static: a call, unoptimised)
            let subMask = (UInt64(1) &<< UInt64(truncatingIfNeeded: (entry &>> 8) & 15)) &- 1
            unsafe entry = table[Int(truncatingIfNeeded: entry &>> 16)
                &+ Int(truncatingIfNeeded: (bits &>> UInt64(truncatingIfNeeded: primaryBits)) & subMask)]
        }
        let length = Int(truncatingIfNeeded: entry & 31)
        unsafe reader.bits = bits &>> UInt64(truncatingIfNeeded: length)
        unsafe reader.bitCount &-= length
        return Int(truncatingIfNeeded: entry &>> 8)
    }
}

/// libwebp's end-of-stream rule for VP8L, applied to an ``LSBBitReader``.
///
/// libwebp preloads 64 bits and flags the end of the stream only once more than max(8 × size, 64)
/// bits were consumed, so a stream shorter than 8 bytes may read zero bits past its end. Keeping
/// the same bound accepts the same tiny streams.
///
/// In the reader's terms: the bits consumed exceed the stream's exactly when ``LSBBitReader/bitCount``
/// is negative (the reader only consumes bits it has not loaded once the input is exhausted), and a
/// stream of n < 8 bytes may go 64 − 8n bits further. So the test is one comparison of `bitCount`
/// with a bound fixed per stream, cheaper in the per-pixel loop than working out
/// ``LSBBitReader/bitsConsumed``. This holds whatever byte of the stream the reader starts at (the
/// VP8L header is skipped by starting past it): only the stream's size sets the bound.
struct VP8LStreamEnd: Sendable {
    /// The lowest ``LSBBitReader/bitCount`` still inside the stream: 0, or minus a short stream's
    /// slack.
    let lowestBitCount: Int

    /// The rule for a stream of `byteCount` bytes (a VP8L chunk's header included).
    init(byteCount: Int) {
        lowestBitCount = min(0, 8 * byteCount - 64)
    }

    /// Whether `reader` has consumed more bits than libwebp allows this stream.
    @inline(__always)
    func isPassed(by reader: LSBBitReader) -> Bool {
        unsafe reader.bitCount < lowestBitCount
    }
}
