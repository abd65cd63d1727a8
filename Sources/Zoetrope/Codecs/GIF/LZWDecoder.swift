/// GIF's variable-length-code LZW decompressor, writing colour indices.
///
/// Each table entry is the string of the previous code plus one index, and that string was just
/// written to the output contiguously. So instead of prefix chains the table keeps, per code, where
/// its string starts in the output and how long it is, and emitting a code is a forward copy from
/// earlier output (as in LZ77; the copy may overlap itself for the code being defined). The output
/// is one index per pixel (a byte for minimum code sizes up to 8, so string copies move a quarter
/// of the bytes RGBA would); ``GIFIndexPainter`` maps indices to colours.
enum LZWDecoder {
    /// LZW minimum code sizes accepted: the specification's 2–8, 1 (written by some encoders for
    /// two-colour images) and up to 11, which still leaves room for the 12-bit code limit.
    static let supportedMinimumCodeSizes = 1...11

    /// The largest code width and table size.
    static let maximumCodeWidth = 12
    static let tableSize = 1 << maximumCodeWidth

    /// Why decoding stopped.
    enum Stop: Equatable {
        /// Every pixel was written (data after it, if any, is ignored).
        case complete
        /// An end-of-information code came before the last pixel.
        case endCode
        /// The data ran out before the last pixel.
        case dataEnded
        /// A code that is not yet in the table.
        case invalidCode(code: Int, nextCode: Int)
    }

    struct Result {
        var pixelsWritten: Int
        var stop: Stop
        /// The byte of `data` being read when decoding stopped.
        var bytePosition: Int
    }

    /// Decodes `data` into `output`, one index (a literal code, below `1 << minimumCodeSize`) per
    /// pixel; `Index` must hold every literal code.
    /// Every loop is bounded: each code consumes at least two bits of `data`, and output is bounded
    /// by `output.count`.
    static func decode<Index: FixedWidthInteger & UnsignedInteger & BitwiseCopyable>(
        _ data: UnsafeBufferPointer<UInt8>, minimumCodeSize: Int, into output: UnsafeMutableBufferPointer<Index>
    ) -> Result {
        precondition(supportedMinimumCodeSizes.contains(minimumCodeSize) && minimumCodeSize <= Index.bitWidth
                     && output.count <= Int(UInt32.max))
        // Per code, two words: the string's first 8 bytes of indices (zero past its end), then its
        // output start (high 32 bits) and length (low 32 bits). Literal codes are stored (one index,
        // set up by ``CodeStream``), and the clear code has a length no string has; table codes are
        // not cleared: an entry is read only once defined (codes past the next free code are
        // refused, and the next free code is defined before it is read), and frames start after a
        // fresh table. 32 bits hold any pixel position or length (a frame has fewer than 2^32
        // pixels). One entry more than codes: ``CodeStream`` defines into it, never to be read, once
        // the table is full.
        return unsafe withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 2 * (tableSize + 1)) { entries in
            var decoder = unsafe CodeStream(reader: LSBBitReader(data), minimumCodeSize: minimumCodeSize,
                                     output: output, entries: entries)
            return unsafe decoder.run()
        }
    }
}

/// One LZW decode: the constants, and the state where ``run()`` stopped. Each loop keeps the
/// per-code state in locals, so that it stays in registers.
@unsafe private struct CodeStream<Index: FixedWidthInteger & UnsignedInteger & BitwiseCopyable> {
    var reader: LSBBitReader
    let minimumCodeSize: Int
    let clearCode: Int
    let output: UnsafeMutableBufferPointer<Index>
    /// Two words per code: the string's first chunk (8 bytes of indices, zero past its end), then
    /// its output start << 32 | its length (see ``LZWDecoder/decode(_:minimumCodeSize:into:)``).
    let entries: UnsafeMutableBufferPointer<UInt64>
    /// Pixels written.
    var position = 0
    /// The code width, and the next free code. After a clear code (and at the start) that is the
    /// end code, a slot no code reads as a string: the first code's entry (no previous string,
    /// plus a pixel) goes there harmlessly, no "defining?" state is kept, and any table code
    /// (> end code) is then above it, refused.
    var width: Int
    var nextCode: Int
    /// The previous code's string, as an entry's second word (start << 32 | length: the entry it
    /// implies is one more, and a literal's is a shift and an or, with no 64-bit constant kept
    /// live); after a clear code (and at the start) ``afterClear``.
    var previous: UInt64 = unsafe CodeStream.afterClear
    /// The previous code's string's first chunk (zero past its end).
    var previousChunk: UInt64 = 0

    /// The length in the clear and end codes' entries: no string's (strings are at most tableSize
    /// long), so the fast loop tells those codes from strings by the length it loads anyway.
    static var specialLength: UInt64 { 0xFFFF_FFFF }
    /// ``previous`` after a clear code: the entry it implies, which the next code defines at the
    /// end code's slot, has ``specialLength``.
    static var afterClear: UInt64 { unsafe specialLength &- 1 }

    init(reader: LSBBitReader, minimumCodeSize: Int,
         output: UnsafeMutableBufferPointer<Index>, entries: UnsafeMutableBufferPointer<UInt64>) {
        unsafe self.reader = reader
        unsafe self.minimumCodeSize = minimumCodeSize
        unsafe self.clearCode = 1 << minimumCodeSize
        unsafe self.output = output
        unsafe self.entries = entries
        unsafe self.width = minimumCodeSize + 1
        unsafe self.nextCode = (1 << minimumCodeSize) + 1
        // Literal codes are strings of one index; the clear and end codes have the special length.
        // (`entries` holds 2 × (tableSize + 1) words, and clearCode + 1 < tableSize.)
        let words = unsafe entries.baseAddress.unsafelyUnwrapped, clearCode = 1 << minimumCodeSize
        for code in 0..<clearCode {
            unsafe words[2 &* code] = UInt64(truncatingIfNeeded: code)
            unsafe words[2 &* code &+ 1] = 1
        }
        unsafe words[2 &* clearCode &+ 1] = Self.specialLength
        unsafe words[2 &* clearCode &+ 3] = Self.specialLength
    }

    /// Decodes until the output is full or the stream stops: most of a large frame in the
    /// unchecked ``fastCodes(checked:)``, the rest of it (and small frames) in the checked one, and
    /// the codes in the last 8 bytes of input in ``decodeCodes()``.
    mutating func run() -> LZWDecoder.Result {
        let stop = unsafe fastCodes(checked: false) ?? checkedCodes() ?? decodeCodes()
        return unsafe LZWDecoder.Result(pixelsWritten: position, stop: stop, bytePosition: reader.byteOffset)
    }

    /// The checked ``fastCodes(checked:)``, in a function of its own: inlined into ``run()`` its
    /// extra live values made the unchecked loop there keep more of its state on the stack
    /// (callgrind, gif-chat-480x270-48f: 10 % more instructions in the LZW loop).
    @inline(never)
    private mutating func checkedCodes() -> LZWDecoder.Stop? {
        unsafe fastCodes(checked: true)
    }

    /// The code loop while 8 bytes of input are left. Unchecked (for the bulk of a large frame),
    /// it runs while a whole string (at most tableSize indices) and a chunk fit after `position`,
    /// so that it checks no room per code; checked, to the end of the output, each string checked
    /// against the room left (an exact copy when its chunks would not fit).
    /// `checked` is a constant at both calls, so each copy keeps only its own checks.
    /// Returns `nil` when it leaves the rest to the next loop (its state saved).
    ///
    /// Every code, a literal too, is one entry load: a string's first chunk comes from the table,
    /// not from the output (which would be reading bytes stored moments before, in pieces the
    /// processor cannot forward), so a string of up to a chunk is one store and no output read, and
    /// there is no literal-or-string branch. Unlike ``decodeCodes()`` it defines the next free code
    /// (into the spare entry once the table is full) before using the code's entry, and the code
    /// being defined takes that entry from registers.
    ///
    /// One function on purpose: it is the decoder's hot loop, and its state (bit buffer, count,
    /// position, next code) must stay in registers across codes; split into calls, or with its steps
    /// in helpers the optimiser inlines differently, the register allocation changed and the chat
    /// file's LZW instructions rose by 10 % (see the commit that made the checked copy).
    @inline(__always)
    private mutating func fastCodes(checked: Bool) -> LZWDecoder.Stop? {
        let endCode = unsafe clearCode &+ 1, count = unsafe output.count
        // Unchecked, up to where any string and a chunk fit. A string's chunks end at most a chunk
        // less one index after it: checked, a string fits them when it ends by `slackEnd`.
        let limit = unsafe checked ? count : count &- LZWDecoder.tableSize &- Self.perChunk &+ 1
        let slackEnd = unsafe count &- Self.perChunk &+ 1
        guard unsafe position < limit, let out = unsafe output.baseAddress else { return nil }
        #if DEBUG
        let stride = MemoryLayout<Index>.stride, bytes = unsafe UnsafeMutableRawPointer(out).assumingMemoryBound(to: UInt8.self)
        #endif
        // Codes are read straight from the input at bit `bit` (one register, no refill branch), an
        // 8-byte load at its byte while one fits (a code and its bit offset take at most 19 bits).
        guard let input = unsafe reader.bytes.baseAddress, unsafe reader.bitCount >= 0 else { return nil }
        let lastWord = unsafe reader.end &- 8
        var bit = unsafe reader.bitsConsumed, position = unsafe self.position, width = unsafe self.width
        var nextCode = unsafe self.nextCode, previous = unsafe self.previous, mask = (1 &<< width) &- 1
        var chunk = unsafe previousChunk
        let entries = unsafe self.entries.baseAddress.unsafelyUnwrapped
        defer {
            unsafe reader.rewind(to: LSBBitReader.State(position: bit &>> 3, bits: 0, bitCount: 0))
            _ = unsafe reader.read(bit & 7)
            unsafe self.position = position; unsafe self.width = width
            unsafe self.nextCode = nextCode; unsafe self.previous = previous; unsafe previousChunk = chunk
        }
        while position < limit {
            let byte = bit &>> 3
            guard byte <= lastWord else { return nil }
            let word = unsafe UInt64(littleEndian: UnsafeRawPointer(input + byte).loadUnaligned(as: UInt64.self))
            // `mask` is at most 4095 (width ≤ 12), so the code is below tableSize.
            let code = Int(truncatingIfNeeded: word &>> UInt64(truncatingIfNeeded: bit & 7)) & mask
            bit &+= width
            let slot = nextCode
            nextCode &+= slot < LZWDecoder.tableSize ? 1 : 0
            guard code <= slot else { return .invalidCode(code: code, nextCode: max(slot, endCode &+ 1)) }
            // The new entry: the previous string plus this code's first index (the previous
            // string's own first when this code is the one being defined, whose chunk, not yet
            // written, is not used then). Its second word is stored before this code's is loaded,
            // so that the code being defined reads it back with no select (one on a load became a
            // branch around it, mispredicted for those codes).
            let isNew = code == slot, newInfo = previous &+ 1
            unsafe entries[2 &* slot &+ 1] = newInfo
            let loadedChunk = unsafe entries[2 &* code], info = unsafe entries[2 &* code &+ 1]
            let previousLength = Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: previous))
            let first = unsafe (isNew ? chunk : loadedChunk) & Self.indexMask
            // At index `previousLength` of the chunk; past it (a long previous string, or none after
            // a clear code) nothing: two shifts, the second by up to 56 bits, move it out.
            let shift = unsafe UInt64(truncatingIfNeeded: min(previousLength, Self.perChunk) &- 1) &* UInt64(Self.indexBits)
            let newChunk = unsafe chunk | (first &<< UInt64(Self.indexBits)) &<< shift
            unsafe entries[2 &* slot] = newChunk
            chunk = isNew ? newChunk : loadedChunk
            var length = Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: info))
            previous = UInt64(truncatingIfNeeded: position) &<< 32 | UInt64(truncatingIfNeeded: length)
            if unsafe UInt(bitPattern: length &- 1) < UInt(Self.perChunk) && (!checked || length <= slackEnd &- position) {
                // Up to a chunk: the chunk itself (junk past the string is overwritten later).
                #if DEBUG
                unsafe Self.storeTwin(chunk, count: length &* stride, at: position &* stride, bytes: bytes)
                #else
                unsafe UnsafeMutableRawPointer(out + position).storeBytes(of: chunk.littleEndian, as: UInt64.self)
                #endif
            } else if length <= LZWDecoder.tableSize {
                let start = Int(truncatingIfNeeded: info &>> 32)
                if checked && length > slackEnd &- position {
                    // Near the end: an exact copy, clipped to the output; a string of up to a chunk
                    // from the chunk (a literal's entry has no output start).
                    length = min(length, count &- position)
                    if unsafe length <= Self.perChunk {
                        unsafe Self.store(chunk, count: length, at: out + position)
                    } else {
                        unsafe LZ77.copyMatch(out, at: position, distance: position &- start, length: length,
                                              room: count &- position)
                    }
                } else {
                    #if DEBUG
                    unsafe Self.copyTwin(from: start &* stride, count: length &* stride, to: position &* stride, bytes: bytes)
                    #else
                    unsafe Self.copy(chunk, from: start, length: length, to: position, out: out)
                    #endif
                }
            } else if code == endCode &- 1 {
                width = unsafe minimumCodeSize + 1
                mask = (1 &<< width) &- 1
                nextCode = endCode
                previous = unsafe Self.afterClear
                continue // (no growth check: see decodeCodes())
            } else {
                return .endCode
            }
            position &+= length
            if _slowPath(nextCode > mask && width < LZWDecoder.maximumCodeWidth) { (width, mask) = unsafe Self.grown(width) }
        }
        return nil
    }

    /// The code width (below 12) one bit wider, and its mask: a call of its own, taken a few
    /// times a table (inlined, the optimiser made the test branch-free, computing the wider mask
    /// for every code).
    @inline(never)
    private static func grown(_ width: Int) -> (width: Int, mask: Int) {
        (width &+ 1, (1 &<< (width &+ 1)) &- 1)
    }

    /// Indices per 8-byte chunk: 8 bytes, 4 of 16 bits.
    private static var perChunk: Int { 8 / MemoryLayout<Index>.stride }
    /// Bits per index in a chunk, and one index's mask.
    private static var indexBits: Int { 8 &* MemoryLayout<Index>.stride }
    private static var indexMask: UInt64 { MemoryLayout<Index>.stride == 1 ? 0xFF : 0xFFFF }

    /// Stores the first `count` (≤ perChunk) indices of `chunk` one by one, at the end of a frame.
    @inline(never)
    private static func store(_ chunk: UInt64, count: Int, at to: UnsafeMutablePointer<Index>) {
        var index = 0
        while index < count {
            unsafe to[index] = Index(truncatingIfNeeded: chunk &>> UInt64(truncatingIfNeeded: index &* indexBits))
            index &+= 1
        }
    }

    #if DEBUG
    /// ``copy(_:from:length:to:out:)`` as debug builds run it: byte by byte through a byte pointer
    /// (unoptimised, raw chunk loads and stores and copies of a generic `Index` are generic calls),
    /// forwards, so that a string ending with its own first index reads that index where it was
    /// just written; `@_transparent`, as a call would clear a stack frame per code. Offsets and
    /// `count` are in bytes.
    @_transparent
    private static func copyTwin(from start: Int, count: Int, to position: Int, bytes: UnsafeMutablePointer<UInt8>) {
        var offset = 0
        while offset < count {
            unsafe bytes[position &+ offset] = bytes[start &+ offset]
            offset &+= 1
        }
    }

    /// The first `count` bytes of `chunk` (little-endian) at byte `position`, byte by byte: the
    /// chunk store as debug builds run it.
    @_transparent
    private static func storeTwin(_ chunk: UInt64, count: Int, at position: Int, bytes: UnsafeMutablePointer<UInt8>) {
        var offset = 0
        while offset < count {
            unsafe bytes[position &+ offset] = UInt8(truncatingIfNeeded: chunk &>> UInt64(truncatingIfNeeded: offset &* 8))
            offset &+= 1
        }
    }
    #endif

    /// Writes a string of `length` (> perChunk) indices whose first chunk is `chunk` and which
    /// starts at `start` in the output, to `position`, in 8-byte chunks, covering up to a chunk less
    /// one index past it (which later output overwrites): room for that follows `position`. The
    /// string lies wholly before `position`, or (the code just defined) is the one before
    /// `position` plus its own first index, `position - start` = `length - 1` ≥ perChunk back.
    /// A call of its own: inlined, the copy loop (vectorised by the optimiser) took registers the
    /// code loop's state then lost to the stack.
    @inline(never)
    private static func copy(_ chunk: UInt64, from start: Int, length: Int, to position: Int,
                             out: UnsafeMutablePointer<Index>) {
        let stride = MemoryLayout<Index>.stride
        let to = unsafe UnsafeMutableRawPointer(out + position)
        unsafe to.storeBytes(of: chunk.littleEndian, as: UInt64.self)
        // The rest from the output: each chunk's source lies at least a chunk back, so it is final
        // before it is read; one that ends with its first index reads it back from where this copy
        // wrote it.
        let back = (position &- start) &* stride, bytes = length &* stride
        var k = 8
        repeat {
            unsafe to.storeBytes(of: to.loadUnaligned(fromByteOffset: k &- back, as: UInt64.self), toByteOffset: k, as: UInt64.self)
            k &+= 8
        } while k < bytes
    }

    /// The `nextCode` at which a code width grows: `1 << width`, or `2 * tableSize` (never reached,
    /// as `nextCode ≤ tableSize`) at the greatest width, 12 (a minimum code size of 11 starts there).
    @inline(__always)
    private static func widthLimit(_ width: Int) -> Int {
        width < LZWDecoder.maximumCodeWidth ? 1 << width : 2 * LZWDecoder.tableSize
    }

    /// The code loop from where ``fastCodes(checked:)`` stopped (fewer than 8 bytes of input
    /// left), to the end. It stays whole so that its per-code state stays in registers; literal
    /// codes take the first branch: no table read and no copy.
    @inline(__always)
    private mutating func decodeCodes() -> LZWDecoder.Stop {
        let count = unsafe output.count, clearCode = unsafe self.clearCode, endCode = clearCode + 1
        var reader = unsafe self.reader, position = unsafe self.position, width = unsafe self.width
        var widthLimit = unsafe Self.widthLimit(width), nextCode = unsafe self.nextCode
        var previous = unsafe self.previous
        defer { unsafe self.reader = reader; unsafe self.position = position }
        // Base addresses in locals, so that stores through them do not make the loop reload them.
        // `entries` holds tableSize entries; an empty `output` has nothing to decode.
        guard count > 0, let out = unsafe output.baseAddress else { return .complete }
        let entries = unsafe self.entries.baseAddress.unsafelyUnwrapped
        let bytes = unsafe Self.debugBytePointer(out)
        while position < count {
            if unsafe reader.bitCount < width {
                unsafe reader.refill()
                if unsafe reader.bitCount < width { return .dataEnded }
            }
            // `widthLimit - 1` is the width's mask (8191 at width 12, cut to 4095 by the second
            // mask), so the code is below tableSize, the size of `entries`.
            let code = unsafe Int(truncatingIfNeeded: reader.bits) & (widthLimit &- 1) & (LZWDecoder.tableSize - 1)
            unsafe reader.consume(width)
            if code < clearCode {
                // A literal (below 1 << minimumCodeSize, which `Index` holds): the new entry is the
                // previous string plus this pixel.
                nextCode = unsafe Self.define(previous, at: nextCode, in: entries)
                if let bytes = unsafe bytes { unsafe bytes[position] = UInt8(truncatingIfNeeded: code) } else { unsafe out[position] = Index(truncatingIfNeeded: code) }
                previous = UInt64(truncatingIfNeeded: position) &<< 32 | 1
                position &+= 1
            } else if UInt(bitPattern: code &- clearCode) > 1 { // code > endCode, endCode not kept live
                // A table code: defined (below nextCode), or the one about to be defined, whose
                // string is the previous one plus its own first pixel.
                guard code <= nextCode else {
                    return .invalidCode(code: code, nextCode: max(nextCode, endCode + 1))
                }
                nextCode = unsafe Self.define(previous, at: nextCode, in: entries)
                let start = position
                position = unsafe Self.emitString(code, at: position, count: count, out: out, entries: entries)
                previous = UInt64(truncatingIfNeeded: start) &<< 32 | UInt64(truncatingIfNeeded: position &- start)
            } else if code == clearCode {
                width = unsafe minimumCodeSize + 1
                widthLimit = unsafe Self.widthLimit(width)
                nextCode = clearCode &+ 1
                // No growth check here: it follows the first code after the clear, which moves
                // nextCode to endCode + 1 (this matters only for a minimum code size of 1, where
                // that is already 1 << width).
                continue
            } else {
                return .endCode
            }
            if nextCode == widthLimit {
                width += 1
                widthLimit = unsafe Self.widthLimit(width)
            }
        }
        return .complete
    }

    /// `out` as bytes in debug builds when the indices are bytes, else `nil` (always in optimised
    /// builds, where the branch on it goes away): unoptimised, a store through the generic `out`
    /// converts and copies through generic calls, and one through a byte pointer does not.
    @inline(__always)
    private static func debugBytePointer(_ out: UnsafeMutablePointer<Index>) -> UnsafeMutablePointer<UInt8>? {
        #if DEBUG
        unsafe Index.self == UInt8.self ? UnsafeMutableRawPointer(out).assumingMemoryBound(to: UInt8.self) : nil
        #else
        nil
        #endif
    }

    /// Defines entry `nextCode` as the previous code's string plus one pixel (`previous + 1`, the
    /// length being the low half) while the table has room, returning the next free code; at
    /// tableSize (at most) nothing is defined until a clear code.
    @inline(__always)
    private static func define(_ previous: UInt64, at nextCode: Int, in entries: UnsafeMutablePointer<UInt64>) -> Int {
        guard nextCode < LZWDecoder.tableSize else { return nextCode }
        unsafe entries[2 &* nextCode &+ 1] = previous &+ 1
        return nextCode &+ 1
    }

    /// Writes table code `code`'s string at `position` (as much of it as fits in `count`),
    /// returning the position after it. `position < count`, and `code` is a defined table code.
    @inline(__always)
    private static func emitString(_ code: Int, at position: Int, count: Int, out: UnsafeMutablePointer<Index>,
                                   entries: UnsafePointer<UInt64>) -> Int {
        // A string written earlier: an LZ77 copy from where it was written. The entry defined just
        // now (code == nextCode - 1) overlaps itself: its last pixel is its own first.
        // Defined entries start before `position` and have a length of at least 2.
        let entry = unsafe entries[2 &* code &+ 1]
        let length = Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: entry))
        let distance = position &- Int(truncatingIfNeeded: entry &>> 32)
        let room = count &- position
        // Indices per 8-byte chunk: 8 bytes, 4 for 16-bit indices. (Strings are short, a few
        // indices: one chunk covers most of them.)
        #if !DEBUG
        // (Debug builds take the plain copy below: unoptimised, each chunk here is several generic
        // calls, and the copy a few bulk copies; see ``LZ77/copyInBlocks(_:distance:length:)``.)
        let perChunk = 8 / MemoryLayout<Index>.stride
        if (distance >= perChunk || length <= distance) && length &+ perChunk <= room {
            // 8-byte chunks, the first unconditionally, the rest while the string goes on. The
            // first chunk's first `length` indices come from before `position` (`length` ≤
            // distance), the rest are junk past the string; a second chunk is needed only when
            // `length` > perChunk, and then each chunk's source lies `distance` ≥ perChunk indices
            // back, so it is final output before it is read. The chunks cover the string rounded
            // up to a chunk, at most
            // `length + perChunk - 1` < room indices, inside `output`; the indices written past the
            // string's end are overwritten by later output.
            let raw = unsafe UnsafeMutableRawPointer(out + position), back = distance &* MemoryLayout<Index>.stride
            unsafe raw.storeBytes(of: raw.loadUnaligned(fromByteOffset: 0 &- back, as: UInt64.self), as: UInt64.self)
            guard length > perChunk else { return position &+ length }
            let bytes = length &* MemoryLayout<Index>.stride
            var k = 8
            while k < bytes {
                unsafe raw.storeBytes(of: raw.loadUnaligned(fromByteOffset: k &- back, as: UInt64.self),
                               toByteOffset: k, as: UInt64.self)
                k &+= 8
            }
            return position &+ length
        }
        #endif
        let clipped = length < room ? length : room
        unsafe LZ77.copyMatch(out, at: position, distance: distance, length: clipped, room: room)
        return position &+ clipped
    }
}
