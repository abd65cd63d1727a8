extension HuffmanTable {
    /// Rebuilds the table, in place, for code `lengths` (one per symbol, 0 = unused).
    ///
    /// The symbols are sorted by code length with one counting pass (a counting sort), then each
    /// code is written once at its primary index and repeated for every bit pattern that may follow
    /// it, with no per-symbol allocation. An over-subscribed code is rejected; so is an incomplete
    /// one, except the two cases RFC 1951 and zlib allow: no code at all, or a single code (one
    /// distance). Bit patterns no code has then look up as invalid entries.
    /// - Parameters:
    ///   - lengths: the code lengths (0…15).
    ///   - symbols: per symbol, its entry without the code length (flags, payload, and the extra
    ///     bits in bits 0–7), at least as many as `lengths`.
    ///   - requireComplete: whether to reject every incomplete code (the code-length code's rule).
    /// - Returns: `false` when the lengths do not form a usable prefix code.
    mutating func build(lengths: UnsafeBufferPointer<UInt8>, symbols: [UInt32], requireComplete: Bool = false) -> Bool {
        unsafe Self.build(into: &entries, primaryBits: primaryBits, at: 0, subtablesFrom: 1 << primaryBits,
                   lengths: lengths, symbols: symbols, requireComplete: requireComplete) != nil
    }

    /// Builds the code for `lengths` into a region of `entries` (as ``build(lengths:symbols:requireComplete:)``),
    /// so that several tables can share one buffer: its primary table at `primaryStart`, its
    /// subtables from `subtableStart` (at or after the primary table's end) on, with links holding
    /// their offsets in `entries`. `entries` grows, keeping what it holds, when the subtables need room.
    /// When `primaryCodes` is given (as many as `lengths`), the code of each symbol that fits the
    /// primary table, bit-reversed (its primary index), is written there; other symbols' places
    /// are left as they are.
    /// - Returns: where its subtables end, or `nil` when the lengths do not form a usable prefix code.
    static func build(into entries: inout [UInt32], primaryBits: Int, at primaryStart: Int, subtablesFrom subtableStart: Int,
                      lengths: UnsafeBufferPointer<UInt8>, symbols: [UInt32], requireComplete: Bool,
                      primaryCodes: UnsafeMutableBufferPointer<UInt16>? = nil) -> Int? {
        guard lengths.count <= symbols.count, lengths.count <= Int(UInt16.max) else { return nil }
        unsafe precondition(primaryCodes.map { $0.count >= lengths.count } ?? true, "room for every symbol's code")
        var layout = unsafe Layout(primaryStart: primaryStart, primaryBits: primaryBits, subtableStart: subtableStart)
        unsafe layout.primaryCodes = primaryCodes?.baseAddress
        return unsafe symbols.withUnsafeBufferPointer { symbols in
            unsafe build(into: &entries, layout, lengths: lengths, symbols: symbols, requireComplete: requireComplete)
        }
    }

    private static func build(into entries: inout [UInt32], _ layout: Layout, lengths: UnsafeBufferPointer<UInt8>,
                              symbols: UnsafeBufferPointer<UInt32>, requireComplete: Bool) -> Int? {
        let primaryBits = unsafe layout.primaryBits, primaryStart = unsafe layout.primaryStart, subtableStart = unsafe layout.subtableStart
        return unsafe withUnsafeTemporaryAllocation(of: Int.self, capacity: 16) { counts in
            unsafe withUnsafeTemporaryAllocation(of: UInt16.self, capacity: max(1, lengths.count)) { sorted -> Int? in
                guard let census = unsafe census(lengths, counts: counts, primaryBits: primaryBits) else { return nil }
                if census.isIncomplete && (requireComplete || census.used > 1) { return nil }
                unsafe sortByLength(lengths, counts: counts, into: sorted)
                let subtableBits = max(0, census.maxLength - primaryBits)
                let end = subtableStart + census.longCodes << subtableBits
                if entries.count < end { entries.append(contentsOf: repeatElement(invalidEntry, count: end - entries.count)) }
                var layout = unsafe layout
                unsafe layout.subtableBits = subtableBits
                unsafe entries.withUnsafeMutableBufferPointer { table in
                    if census.isIncomplete {
                        // At most one code: the patterns it leaves are invalid.
                        unsafe UnsafeMutableBufferPointer(rebasing: table[primaryStart..<primaryStart + 1 << primaryBits])
                            .update(repeating: invalidEntry)
                        unsafe UnsafeMutableBufferPointer(rebasing: table[subtableStart..<end]).update(repeating: invalidEntry)
                    }
                    unsafe fill(table, layout, counts: counts, sorted: UnsafeBufferPointer(sorted), symbols: symbols,
                         maxLength: census.maxLength)
                }
                return end
            }
        }
    }

    /// Where a table's parts lie in the buffer it is written to (and where the primary codes go).
    @unsafe private struct Layout {
        var primaryStart: Int, primaryBits: Int
        var subtableStart: Int, subtableBits = 0
        var primaryCodes: UnsafeMutablePointer<UInt16>?
    }

    /// What the code lengths add up to.
    private struct Census {
        var used = 0
        var maxLength = 0
        /// Symbols whose codes are longer than the primary width (each may start a subtable).
        var longCodes = 0
        var isIncomplete = false
    }

    /// Counts the codes of each length into `counts` (0…15); `nil` when a length is over 15 or the
    /// code is over-subscribed.
    private static func census(_ lengths: UnsafeBufferPointer<UInt8>, counts: UnsafeMutableBufferPointer<Int>,
                               primaryBits: Int) -> Census? {
        unsafe counts.update(repeating: 0)
        for unsafe length in unsafe lengths {
            guard length <= 15 else { return nil }
            unsafe counts[Int(length)] += 1
        }
        var census = Census()
        var left = 1
        for length in 1...15 {
            left = unsafe left << 1 - counts[length]
            if left < 0 { return nil }
            if unsafe counts[length] > 0 { census.maxLength = length }
            unsafe census.used += counts[length]
            if length > primaryBits { unsafe census.longCodes += counts[length] }
        }
        census.isIncomplete = left > 0
        return census
    }

    /// Writes the used symbols into `sorted` by code length, in symbol order within a length (the
    /// order of canonical codes), using the counts of each length.
    private static func sortByLength(_ lengths: UnsafeBufferPointer<UInt8>, counts: UnsafeMutableBufferPointer<Int>,
                                     into sorted: UnsafeMutableBufferPointer<UInt16>) {
        unsafe withUnsafeTemporaryAllocation(of: Int.self, capacity: 16) { next in
            var offset = 0
            for length in 1...15 {
                unsafe next[length] = offset
                unsafe offset += counts[length]
            }
            // In bounds: `next[length]` stays below the used count, which `sorted` holds.
            for unsafe (symbol, length) in unsafe lengths.enumerated() where length != 0 {
                unsafe sorted[next[Int(length)]] = UInt16(truncatingIfNeeded: symbol)
                unsafe next[Int(length)] += 1
            }
        }
    }

    /// Writes every code, shortest first: codes up to the primary width straight into the primary
    /// table, longer ones into the subtables their first `primaryBits` bits link to.
    ///
    /// The primary table grows by doubling: once the codes of up to `length - 1` bits fill its first
    /// 2^(length - 1) entries, those are copied to the next 2^(length - 1) (a shorter code stands
    /// for both values of the new bit) and the `length`-bit codes are written once each. Entries
    /// that belong to longer codes are overwritten when those come (a prefix code never puts a
    /// longer code where a shorter one is). The codes are kept bit-reversed as they advance
    /// (``nextReversed(_:bits:)``), as the LSB-first stream indexes them.
    private static func fill(_ table: UnsafeMutableBufferPointer<UInt32>, _ layout: Layout,
                             counts: UnsafeMutableBufferPointer<Int>, sorted: UnsafeBufferPointer<UInt16>,
                             symbols: UnsafeBufferPointer<UInt32>, maxLength: Int) {
        let primaryBits = unsafe layout.primaryBits, subtableBits = unsafe layout.subtableBits
        let primarySize = 1 << primaryBits, subtableSize = 1 << subtableBits
        // The buffer holds the primary entries (the caller's layout) and the subtables (see `build`).
        let primary = unsafe UnsafeMutableBufferPointer(rebasing: table[layout.primaryStart..<layout.primaryStart + primarySize])
        let base = unsafe primary.baseAddress.unsafelyUnwrapped
        var reversed = 0, index = 0
        var linkedPrefix = -1, subtableStart = 0, nextSubtable = unsafe layout.subtableStart
        for length in 1...max(1, maxLength) {
            if length <= primaryBits {
                if length > 1 { unsafe (base + (1 << (length - 1))).update(from: base, count: 1 << (length - 1)) }
                for _ in unsafe 0..<counts[length] {
                    let symbol = unsafe Int(sorted[index])
                    unsafe primary[reversed] = symbols[symbol] &+ UInt32(length | length << 8)
                    // In bounds: the caller's buffer has a place for every symbol (see `build`).
                    unsafe layout.primaryCodes?[symbol] = UInt16(truncatingIfNeeded: reversed)
                    reversed = nextReversed(reversed, bits: length)
                    index += 1
                }
                continue
            }
            for _ in unsafe 0..<counts[length] {
                // Canonical codes in order have non-decreasing prefixes, so the codes sharing a
                // prefix come together: a new prefix starts the next subtable.
                let prefix = reversed & (primarySize - 1)
                if prefix != linkedPrefix {
                    linkedPrefix = prefix
                    subtableStart = nextSubtable
                    nextSubtable += subtableSize
                    unsafe primary[prefix] = UInt32(subtableStart) << 16 | exceptionalFlag | linkFlag
                        | UInt32(subtableBits << 8 | primaryBits)
                }
                let rest = length - primaryBits
                unsafe replicate(symbols[Int(sorted[index])] &+ UInt32(rest | rest << 8), into: table, start: subtableStart,
                          from: reversed >> primaryBits, step: 1 << rest, below: subtableSize)
                reversed = nextReversed(reversed, bits: length)
                index += 1
            }
        }
        // Codes all shorter than the primary width: double the rest of the way.
        var filled = 1 << min(max(1, maxLength), primaryBits)
        while filled < primarySize {
            unsafe (base + filled).update(from: base, count: filled)
            filled <<= 1
        }
    }

    /// The canonical code after `reversed` (a `bits`-bit code, bit-reversed), bit-reversed: adding
    /// one to a code clears its trailing ones and sets the zero above them, so the reversed code
    /// clears its leading ones and sets the highest zero. (After the last code, all ones, 0; a
    /// longer code that follows has the same reversed bits, a zero appended at the top.)
    @inline(__always)
    static func nextReversed(_ reversed: Int, bits: Int) -> Int {
        let zeros = ~reversed & ((1 << bits) - 1)
        guard zeros != 0 else { return 0 }
        let highest = 1 << (Int.bitWidth - 1 - zeros.leadingZeroBitCount)
        return reversed & (highest - 1) | highest
    }

    /// Stores `entry` at `start + i` for every `i` from `first` in steps of `step` below `limit`:
    /// every index whose low bits are the (reversed) code, whatever the bits after it.
    @inline(__always)
    private static func replicate(_ entry: UInt32, into table: UnsafeMutableBufferPointer<UInt32>, start: Int,
                                  from first: Int, step: Int, below limit: Int) {
        var index = first
        while index < limit {
            unsafe table[start + index] = entry
            index += step
        }
    }
}
