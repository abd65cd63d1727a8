/// GIF's variable-length-code LZW decompressor, writing colour indices.
///
/// Each table entry is the string of the previous code plus one index, and that string was just
/// written to the output contiguously. So instead of prefix chains the table keeps, per code, where
/// its string starts in the output and how long it is, and emitting a code is a forward copy from
/// earlier output (as in LZ77; the copy may overlap itself for the code being defined). Literal
/// codes are strings too, one index long, written once per frame into a room before the output.
/// The output is one index per pixel (a byte for minimum code sizes up to 8, so string copies move a quarter
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

    /// Elements that ``decode(_:minimumCodeSize:into:)`` writes before a frame's indices: one per
    /// literal code, its one-index string, so that a literal is copied like any other string (no
    /// branch telling them apart, which the processor mispredicted where literals are frequent).
    static func literalRoom(minimumCodeSize: Int) -> Int { 1 << minimumCodeSize }

    /// Decodes `data` into `buffer`: ``literalRoom(minimumCodeSize:)`` elements of literal strings,
    /// then one index (a literal code, below `1 << minimumCodeSize`) per pixel; `Index` must hold
    /// every literal code. ``Result/pixelsWritten`` counts indices after the literal room.
    /// Every loop is bounded: each code consumes at least two bits of `data`, and output is bounded
    /// by `buffer.count`.
    static func decode<Index: FixedWidthInteger & UnsignedInteger & BitwiseCopyable>(
        _ data: UnsafeBufferPointer<UInt8>, minimumCodeSize: Int, into buffer: UnsafeMutableBufferPointer<Index>
    ) -> Result {
        precondition(supportedMinimumCodeSizes.contains(minimumCodeSize) && minimumCodeSize <= Index.bitWidth)
        let room = literalRoom(minimumCodeSize: minimumCodeSize)
        precondition(buffer.count >= room && buffer.count - room <= Int(UInt32.max))
        let output = unsafe UnsafeMutableBufferPointer(rebasing: buffer[room...])
        // Per code, its string's output start (high 32 bits, signed: a literal's lies in the room,
        // before the output) and length (low 32 bits), one word so that one load and one store
        // serve both; table codes' entries are not cleared: an entry is read only once defined
        // (codes past the next free code are refused, and the next free code is defined before it
        // is read), and frames start after a fresh table. 32 bits hold any pixel position or
        // length (a frame has fewer than 2^32 pixels). One entry more than codes: ``CodeStream``
        // defines into it, never to be read, once the table is full.
        return unsafe withUnsafeTemporaryAllocation(of: UInt64.self, capacity: tableSize + 1) { entries in
            for code in 0..<room {
                unsafe buffer[code] = Index(truncatingIfNeeded: code)
                unsafe entries[code] = UInt64(bitPattern: Int64(code &- room) &<< 32) | 1
            }
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
    let entries: UnsafeMutableBufferPointer<UInt64>
    /// Pixels written.
    var position = 0
    /// The code width, and the next free code. After a clear code (and at the start) that is the
    /// end code, a slot no code reads: the first code's entry (no previous string, plus a pixel)
    /// goes there harmlessly, no "defining?" state is kept, and any table code (> end code) is
    /// then above it, refused.
    var width: Int
    var nextCode: Int
    /// The previous code's string, as an entry (start << 32 | length: the entry it implies is one
    /// more, and a literal's is a shift and an or, with no 64-bit constant kept live).
    var previous: UInt64 = 0
    /// Set when ``fastCodes(checked:full:)`` stopped to hand over between the growing and the full
    /// table (the table just filled, or a clear code emptied it).
    var switched = false

    init(reader: LSBBitReader, minimumCodeSize: Int,
         output: UnsafeMutableBufferPointer<Index>, entries: UnsafeMutableBufferPointer<UInt64>) {
        unsafe self.reader = reader
        unsafe self.minimumCodeSize = minimumCodeSize
        unsafe self.clearCode = 1 << minimumCodeSize
        unsafe self.output = output
        unsafe self.entries = entries
        unsafe self.width = minimumCodeSize + 1
        unsafe self.nextCode = (1 << minimumCodeSize) + 1
    }

    /// Decodes until the output is full or the stream stops: most of a large frame in the
    /// unchecked ``fastCodes(checked:full:)``, the rest of it (and small frames) in the checked
    /// one, and the codes in the last 8 bytes of input in ``decodeCodes()``.
    mutating func run() -> LZWDecoder.Result {
        let stop = unsafe codes(checked: false) ?? codes(checked: true) ?? decodeCodes()
        return unsafe LZWDecoder.Result(pixelsWritten: position, stop: stop, bytePosition: reader.byteOffset)
    }

    /// ``fastCodes(checked:full:)`` with the growing table's loop or the full table's, handing
    /// over between them until it stops or leaves the rest to the next loop (`nil`).
    @inline(__always)
    private mutating func codes(checked: Bool) -> LZWDecoder.Stop? {
        while true {
            unsafe switched = false
            let full = unsafe nextCode == LZWDecoder.tableSize
            let stop = unsafe checked ? (full ? fullChecked() : growingChecked())
                                      : (full ? fullUnchecked() : fastCodes(checked: false, full: false))
            if unsafe stop != nil || !switched { return stop }
        }
    }

    // The other three loops, in functions of their own: inlined into ``run()`` their extra live
    // values made the unchecked growing loop there (the bulk of most frames) keep more of its state
    // on the stack (callgrind, gif-chat-480x270-48f: 10 % more instructions in the LZW loop).
    @inline(never) private mutating func growingChecked() -> LZWDecoder.Stop? { unsafe fastCodes(checked: true, full: false) }
    @inline(never) private mutating func fullChecked() -> LZWDecoder.Stop? { unsafe fastCodes(checked: true, full: true) }
    @inline(never) private mutating func fullUnchecked() -> LZWDecoder.Stop? { unsafe fastCodes(checked: false, full: true) }

    /// The code loop while 8 bytes of input are left. Unchecked (for the bulk of a large frame),
    /// it runs while a whole string (at most tableSize indices) and its slack fit after `position`,
    /// so that it checks no room per code; checked, to the end of the output, each table code's
    /// string checked against the room left (an exact copy when its chunks would not fit).
    /// `checked` and `full` are constants at each call, so each copy keeps only its own work: while
    /// the table grows (`full` false) it defines the next free code before looking at the code,
    /// and stops (`switched`) when the table fills; with the table full it defines nothing, checks
    /// no code against the next free one (every code is defined), and stops (`switched`) at a
    /// clear code. Returns `nil` when it leaves the rest to another loop (its state saved).
    /// Unlike ``decodeCodes()`` it copies a string that ends with its own first index (the code
    /// just defined) as a chunk too.
    ///
    /// Unchecked, it runs up to where any string and its slack fit: a string is at most tableSize
    /// indices, and at most position + 1 (an entry is a string written before it plus one index),
    /// so a small frame's first half runs unchecked too. A string's chunks end less than ``slack``
    /// indices after it: checked, a string fits them when it ends by `slackEnd`.
    ///
    /// One function on purpose: it is the decoder's hot loop, and its state (bit buffer, count,
    /// position, next code) must stay in registers across codes; split into calls, or with its steps
    /// in helpers the optimiser inlines differently, the register allocation changed and the chat
    /// file's LZW instructions rose by 10 % (see the commit that made the checked copy). Only the
    /// copies, `@_transparent`, are apart.
    @inline(__always)
    private mutating func fastCodes(checked: Bool, full: Bool) -> LZWDecoder.Stop? {
        let endCode = unsafe clearCode &+ 1, count = unsafe output.count
        let limit = unsafe checked ? count : max(count &- LZWDecoder.tableSize &- Self.slack &+ 1, (count &- Self.slack) / 2)
        let slackEnd = unsafe count &- Self.slack &+ 1
        guard unsafe position < limit, let out = unsafe output.baseAddress else { return nil }
        var reader = unsafe self.reader, position = unsafe self.position, width = unsafe self.width
        var nextCode = unsafe self.nextCode, previous = unsafe self.previous, mask = (1 &<< width) &- 1
        let entries = unsafe self.entries.baseAddress.unsafelyUnwrapped
        defer {
            unsafe self.reader = reader; unsafe self.position = position; unsafe self.width = width
            unsafe self.nextCode = nextCode; unsafe self.previous = previous
        }
        while position < limit {
            if unsafe reader.bitCount < width {
                guard unsafe reader.hasWordAhead else { return nil }
                unsafe reader.refillWord()
            }
            // `mask` is at most 4095 (width ≤ 12), so the code is below tableSize.
            let code = unsafe Int(truncatingIfNeeded: reader.bits) & mask
            unsafe reader.consume(width)
            let slot = nextCode
            if !full {
                // Below tableSize here: the loop stops when nextCode reaches it.
                unsafe entries[slot] = previous &+ 1
                nextCode &+= 1
            }
            if UInt(bitPattern: code &- endCode &+ 1) > 1 {
                // Not the clear or end code: a literal (its one-index string in the literal room),
                // or a table code, defined or (growing) the one just defined, code == slot.
                if !full && code > slot { return .invalidCode(code: code, nextCode: max(slot, endCode &+ 1)) }
                let entry = unsafe entries[code], start = Int(truncatingIfNeeded: Int64(bitPattern: entry) &>> 32)
                var length = Int(truncatingIfNeeded: UInt32(truncatingIfNeeded: entry))
                previous = UInt64(truncatingIfNeeded: position) &<< 32 | UInt64(truncatingIfNeeded: length)
                if checked && length > slackEnd &- position {
                    length = unsafe Self.copyExactly(from: start, length: length, to: position, out: out, count: count)
                } else {
                    unsafe Self.copyString(from: start, length: length, to: position, out: out, endsWithFirst: !full && code == slot)
                }
                position &+= length
            } else if code == endCode &- 1 {
                width = unsafe minimumCodeSize + 1
                mask = (1 &<< width) &- 1
                nextCode = endCode
                if full { unsafe switched = true; return nil }
                continue // (no growth check: see decodeCodes())
            } else {
                return .endCode
            }
            if !full && nextCode > mask {
                // At the greatest width the table is now full: the full table's loop goes on.
                if width == LZWDecoder.maximumCodeWidth { unsafe switched = true; return nil }
                width &+= 1
                mask = (1 &<< width) &- 1
            }
        }
        return nil
    }

    /// Copies a string near the end of the output exactly, clipped to the `count` indices of
    /// `out` (a literal from its room), and returns how many indices it wrote.
    @_transparent
    private static func copyExactly(from start: Int, length: Int, to position: Int, out: UnsafeMutablePointer<Index>,
                                    count: Int) -> Int {
        let length = min(length, count &- position)
        if start < 0 {
            unsafe out[position] = out[start]
        } else {
            unsafe LZ77.copyMatch(out, at: position, distance: position &- start, length: length, room: count &- position)
        }
        return length
    }

    /// ``copy(from:length:to:out:endsWithFirst:)``, or in debug builds its twin, ``copyTwin(from:count:to:bytes:)``.
    @_transparent
    private static func copyString(from start: Int, length: Int, to position: Int, out: UnsafeMutablePointer<Index>,
                                   endsWithFirst: Bool) {
        #if DEBUG
        let stride = MemoryLayout<Index>.stride, bytes = unsafe UnsafeMutableRawPointer(out).assumingMemoryBound(to: UInt8.self)
        unsafe copyTwin(from: start &* stride, count: length &* stride, to: position &* stride, bytes: bytes)
        #else
        unsafe copy(from: start, length: length, to: position, out: out, endsWithFirst: endsWithFirst)
        #endif
    }

    /// Indices that ``copy(from:length:to:out:endsWithFirst:)`` may write past a string's end, plus
    /// one: it writes the string rounded up to 16 bytes, at least 16.
    private static var slack: Int { 16 / MemoryLayout<Index>.stride }

    #if DEBUG
    /// ``copy(from:length:to:out:endsWithFirst:)`` as debug builds run it: byte by byte through a
    /// byte pointer (unoptimised, raw chunk loads and stores and copies of a generic `Index` are
    /// generic calls), forwards, so that a string ending with its own first index reads that
    /// index where it was just written, or as one bulk copy when it is long and lies wholly before
    /// `position`; `@_transparent`, as a call would clear a stack frame per code. Offsets and
    /// `count` are in bytes.
    @_transparent
    private static func copyTwin(from start: Int, count: Int, to position: Int, bytes: UnsafeMutablePointer<UInt8>) {
        if count > 32 && position &- start >= count {
            // A long string wholly before `position`: one bulk copy (a byte costs about 15
            // unoptimised instructions).
            unsafe (bytes + position).update(from: bytes + start, count: count)
            return
        }
        var offset = 0
        while offset < count {
            unsafe bytes[position &+ offset] = bytes[start &+ offset]
            offset &+= 1
        }
    }
    #endif

    /// Writes the string of `length` (≥ 2) indices at `start` to `position` in 8-byte chunks,
    /// covering its first 16 bytes whatever its length, then 16 bytes at a time: the indices past
    /// its end (fewer than ``slack``, which later output overwrites) need room after `position`.
    /// A fixed first 16 bytes leaves no branch on the length for strings of up to 16 bytes (most of
    /// them): mispredicted, that branch cost more than the copy (gif-large-1024x768-40f: the
    /// LZW loop 24 % faster without it). When `endsWithFirst` (the code just defined), `length` is
    /// `position - start + 1`: the string is the one before `position` plus its own first index;
    /// otherwise it lies wholly before `position`.
    @inline(__always)
    private static func copy(from start: Int, length: Int, to position: Int, out: UnsafeMutablePointer<Index>,
                             endsWithFirst: Bool) {
        let stride = MemoryLayout<Index>.stride, perChunk = 8 / stride
        let raw = UnsafeMutableRawPointer(out), to = unsafe raw + position &* stride, from = start &* stride
        // Both chunks are loaded before either is stored: a second chunk read after the first was
        // stored would overlap that store whenever the string starts less than 8 bytes back (a
        // quarter of the strings in a small sticker), and wait for it (the processor cannot
        // forward part of a store). The first chunk's first `length - 1` indices come from before
        // `position`, and the second's are final for a string longer than a chunk (position -
        // start ≥ length - 1 ≥ perChunk); past a shorter string it is junk. A string that ends with
        // its first index gets that index set here, in the register of the chunk that holds it.
        var chunk = unsafe UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: from, as: UInt64.self))
        var second = unsafe UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: from &+ 8, as: UInt64.self))
        if endsWithFirst {
            let element: UInt64 = stride == 1 ? 0xFF : 0xFFFF, first = chunk & element
            if length <= perChunk {
                let shift = UInt64(truncatingIfNeeded: (length &- 1) &* 8 &* stride)
                chunk = chunk & ~(element &<< shift) | first &<< shift
            } else if length <= 2 &* perChunk {
                let shift = UInt64(truncatingIfNeeded: (length &- 1 &- perChunk) &* 8 &* stride)
                second = second & ~(element &<< shift) | first &<< shift
            }
        }
        unsafe to.storeBytes(of: chunk.littleEndian, as: UInt64.self)
        unsafe to.storeBytes(of: second.littleEndian, toByteOffset: 8, as: UInt64.self)
        guard length > 2 &* perChunk else { return }
        // A longer string starts at least 16 bytes back (position - start ≥ length - 1), so each
        // chunk's source is final before it is read.
        let back = (position &- start) &* stride, bytes = length &* stride
        var k = 16
        repeat {
            unsafe to.storeBytes(of: to.loadUnaligned(fromByteOffset: k &- back, as: UInt64.self), toByteOffset: k, as: UInt64.self)
            unsafe to.storeBytes(of: to.loadUnaligned(fromByteOffset: k &+ 8 &- back, as: UInt64.self),
                                 toByteOffset: k &+ 8, as: UInt64.self)
            k &+= 16
        } while k < bytes
    }

    /// The `nextCode` at which a code width grows: `1 << width`, or `2 * tableSize` (never reached,
    /// as `nextCode ≤ tableSize`) at the greatest width, 12 (a minimum code size of 11 starts there).
    @inline(__always)
    private static func widthLimit(_ width: Int) -> Int {
        width < LZWDecoder.maximumCodeWidth ? 1 << width : 2 * LZWDecoder.tableSize
    }

    /// The code loop from where ``fastCodes(checked:full:)`` stopped (fewer than 8 bytes of input
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
        unsafe entries[nextCode] = previous &+ 1
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
        let entry = unsafe entries[code]
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
