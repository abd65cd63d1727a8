/// A dynamic block's header (RFC 1951 §3.2.7): the code lengths of the block's literal/length and
/// distance codes, themselves Huffman-coded with a code-length code, read into the tables that
/// decode the block.
///
/// Streams of image data start a new block every few tens of kilobytes of output, so the header is
/// on a warm path: the code lengths go into a buffer on the stack rather than an array, and each
/// code-length symbol costs one table lookup, as the code-length table's entries carry the repeat
/// codes' extra bits (``HuffmanTable/codeLengthSymbols``).
struct DynamicBlockHeader {
    /// The code-length code's table, rebuilt for every header (kept to reuse its storage).
    private var codeLengthTable = HuffmanTable(primaryBits: HuffmanTable.codeLengthBits,
                                       capacity: HuffmanTable.codeLengthCapacity)

    /// The order in which the header lists the code-length code's lengths.
    private static let codeLengthOrder: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// Reads the header that follows the block type and rebuilds `tables` from it: `false` when
    /// more input is needed (the caller rewinds to the block's start and waits).
    /// - Throws: `.malformed` for an invalid header, `.truncated` when the input ends inside it and
    ///   `inputComplete` says no more will come.
    mutating func read(_ reader: inout LSBBitReader, inputComplete: Bool,
                       into tables: inout BlockDecodeTables) throws(ZoetropeError) -> Bool {
        guard unsafe try reader.load(14, inputComplete: inputComplete) else { return false }
        let literalCount = unsafe Int(reader.read(5)) + 257
        let distanceCount = unsafe Int(reader.read(5)) + 1
        let codeLengthCount = unsafe Int(reader.read(4)) + 4
        guard literalCount <= 286, distanceCount <= 30 else {
            throw .deflate(.malformed, "dynamic block declares \(literalCount) literal/length and \(distanceCount) distance codes")
        }
        guard unsafe try readCodeLengthCode(codeLengthCount, &reader, inputComplete: inputComplete) else { return false }
        let total = literalCount + distanceCount
        return unsafe try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: total) { (lengths) throws(ZoetropeError) in
            guard unsafe try readCodeLengths(into: lengths, &reader, inputComplete: inputComplete) else { return false }
            guard unsafe lengths[256] != 0 else { throw .deflate(.malformed, "dynamic block has no end-of-block code") }
            if let problem = unsafe tables.build(UnsafeBufferPointer(lengths), literalCount: literalCount) {
                throw .deflate(.malformed, problem)
            }
            return true
        }
    }

    /// Reads the code-length code's `count` 3-bit lengths (in ``codeLengthOrder``) and builds its
    /// table; `false` when more input is needed.
    private mutating func readCodeLengthCode(_ count: Int, _ reader: inout LSBBitReader,
                                             inputComplete: Bool) throws(ZoetropeError) -> Bool {
        unsafe try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 19) { (lengths) throws(ZoetropeError) in
            unsafe lengths.initialize(repeating: 0)
            for index in 0..<count {
                guard unsafe try reader.load(3, inputComplete: inputComplete) else { return false }
                unsafe lengths[Self.codeLengthOrder[index]] = UInt8(truncatingIfNeeded: reader.read(3))
            }
            // Complete, unlike the other two codes: every 7-bit pattern then looks up a symbol.
            guard unsafe codeLengthTable.build(lengths: UnsafeBufferPointer(lengths), symbols: HuffmanTable.codeLengthSymbols,
                                        requireComplete: true) else {
                throw .deflate(.malformed, "invalid code length code")
            }
            return true
        }
    }

    /// Reads the code lengths of both codes into `lengths` (all of it): lengths and runs of
    /// repeated lengths coded with the code-length code; `false` when more input is needed.
    private func readCodeLengths(into lengths: UnsafeMutableBufferPointer<UInt8>, _ reader: inout LSBBitReader,
                                 inputComplete: Bool) throws(ZoetropeError) -> Bool {
        unsafe try codeLengthTable.entries.withUnsafeBufferPointer { (table) throws(ZoetropeError) in
            // The buffer is not empty (at least 258 lengths), so it has an address.
            let base = unsafe lengths.baseAddress.unsafelyUnwrapped
            let total = lengths.count, mask = UInt64(1 << HuffmanTable.codeLengthBits - 1)
            var index = 0
            while index < total {
                // A code (at most 7 bits) and its extra bits (at most 7) take at most 14 bits.
                unsafe reader.refill(ifBelow: 14)
                let entry = unsafe HuffmanTable.primary(table, reader.bits, mask: mask)
                guard unsafe HuffmanTable.consumed(entry) <= reader.bitCount else {
                    if inputComplete { throw .deflateTruncated }
                    return false
                }
                let saved = unsafe reader.bits
                unsafe reader.consume(entry: entry)
                if HuffmanTable.isLiteral(entry) {
                    unsafe base[index] = UInt8(truncatingIfNeeded: HuffmanTable.payload(entry))
                    index &+= 1
                    continue
                }
                let run = HuffmanTable.value(entry, consumedFrom: saved)
                index = unsafe try repeatLength(run, into: base, at: index, total: total)
            }
            return true
        }
    }

    /// Writes the run a repeat code's `value` (``HuffmanTable/codeLengthSymbols``) stands for at
    /// `index`; returns the index after it.
    @inline(__always)
    private func repeatLength(_ value: Int, into lengths: UnsafeMutablePointer<UInt8>, at index: Int,
                              total: Int) throws(ZoetropeError) -> Int {
        let count = value & 0xFF
        var repeated: UInt8 = 0
        if value & HuffmanTable.repeatsPreviousLength != 0 {
            guard index > 0 else { throw .deflate(.malformed, "code length repeat with no previous length") }
            repeated = unsafe lengths[index - 1]
        }
        guard count <= total - index else { throw .deflate(.malformed, "code length repeat runs past the end") }
        unsafe (lengths + index).update(repeating: repeated, count: count)
        return index + count
    }
}
