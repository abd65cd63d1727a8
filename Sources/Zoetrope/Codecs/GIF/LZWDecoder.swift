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
        // Per table code (literals are not stored), its string's output start (high 32 bits) and
        // length (low 32 bits), one word so that one load and one store serve both; not cleared:
        // an entry is read only once defined (codes at or past the next free code are refused or
        // defined first), and frames start after a fresh table. 32 bits hold any pixel position
        // or length (a frame has fewer than 2^32 pixels).
        return unsafe withUnsafeTemporaryAllocation(of: UInt64.self, capacity: tableSize) { entries in
            var decoder = unsafe CodeStream(reader: LSBBitReader(data), minimumCodeSize: minimumCodeSize,
                                     output: output, entries: entries)
            return unsafe decoder.run()
        }
    }
}

/// One LZW decode: the constants, and the position and reader where ``run()`` stopped. The loop
/// keeps its per-code state in locals, so that it stays in registers.
@unsafe private struct CodeStream<Index: FixedWidthInteger & UnsignedInteger & BitwiseCopyable> {
    var reader: LSBBitReader
    let minimumCodeSize: Int
    let clearCode: Int
    let output: UnsafeMutableBufferPointer<Index>
    let entries: UnsafeMutableBufferPointer<UInt64>
    /// Pixels written.
    var position = 0

    init(reader: LSBBitReader, minimumCodeSize: Int,
         output: UnsafeMutableBufferPointer<Index>, entries: UnsafeMutableBufferPointer<UInt64>) {
        unsafe self.reader = reader
        unsafe self.minimumCodeSize = minimumCodeSize
        unsafe self.clearCode = 1 << minimumCodeSize
        unsafe self.output = output
        unsafe self.entries = entries
    }

    /// Decodes until the output is full or the stream stops.
    mutating func run() -> LZWDecoder.Result {
        let stop = unsafe decodeCodes()
        return unsafe LZWDecoder.Result(pixelsWritten: position, stop: stop, bytePosition: reader.byteOffset)
    }

    /// The `nextCode` at which a code width grows: `1 << width`, or `2 * tableSize` (never reached,
    /// as `nextCode ≤ tableSize`) at the greatest width, 12 (a minimum code size of 11 starts there).
    @inline(__always)
    private static func widthLimit(_ width: Int) -> Int {
        width < LZWDecoder.maximumCodeWidth ? 1 << width : 2 * LZWDecoder.tableSize
    }

    /// The code loop. It stays whole so that its per-code state stays in registers; literal codes,
    /// most of the codes of dithered frames, take the first branch: no table read and no copy.
    @inline(__always)
    private mutating func decodeCodes() -> LZWDecoder.Stop {
        let count = unsafe output.count, clearCode = unsafe self.clearCode, endCode = clearCode + 1
        var reader = unsafe self.reader, position = 0, width = unsafe minimumCodeSize + 1
        // The next free code. After a clear code (and at the start) it is `endCode`, a slot no code
        // reads: the first code's entry (no previous string, plus a pixel) goes there harmlessly,
        // no "defining?" state is kept, and any table code (> endCode) is then above it, refused.
        var widthLimit = unsafe Self.widthLimit(width), nextCode = endCode
        // The previous code's string, as an entry (start << 32 | length: the entry it implies is
        // one more, and a literal's is a shift and an or, with no 64-bit constant kept live).
        var previous: UInt64 = 0
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
