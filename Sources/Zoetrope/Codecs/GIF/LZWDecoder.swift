/// GIF's variable-length-code LZW decompressor, writing pixels directly.
///
/// Each table entry is the string of the previous code plus one pixel, and that string was just
/// written to the output contiguously. So instead of prefix chains the table keeps, per code, where
/// its string starts in the output and how long it is, and emitting a code is a forward copy from
/// earlier output (as in LZ77; the copy may overlap itself for the code being defined). Literal
/// codes map through the frame's colour lookup, so the output is finished RGBA pixels.
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

    /// Decodes `data` into `output`, one packed pixel per decoded index.
    /// - Parameters:
    ///   - colors: one packed pixel per literal code (`1 << minimumCodeSize` entries).
    /// Every loop is bounded: each code consumes at least two bits of `data`, and output is bounded
    /// by `output.count`.
    static func decode(_ data: UnsafeBufferPointer<UInt8>, minimumCodeSize: Int,
                       colors: UnsafeBufferPointer<UInt32>,
                       into output: UnsafeMutableBufferPointer<UInt32>) -> Result {
        precondition(supportedMinimumCodeSizes.contains(minimumCodeSize) && colors.count == 1 << minimumCodeSize
                     && output.count <= Int(UInt32.max))
        // Output start and length of each table code's string (literals are not stored), on the
        // stack and not cleared: an entry is read only once defined (codes at or past the next
        // free code are refused or defined first), and frames start after a fresh table.
        // UInt32 holds any pixel position (a frame has fewer than 2^32 pixels).
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: tableSize) { starts in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: tableSize) { lengths in
                var decoder = CodeStream(reader: LSBBitReader(data), minimumCodeSize: minimumCodeSize, colors: colors,
                                         output: output, starts: starts, lengths: lengths)
                return decoder.run()
            }
        }
    }
}

/// The state of one LZW decode, held in a local variable so that its fields stay in registers.
private struct CodeStream {
    var reader: LSBBitReader
    let minimumCodeSize: Int
    let clearCode: Int
    let colors: UnsafeBufferPointer<UInt32>
    let output: UnsafeMutableBufferPointer<UInt32>
    let starts: UnsafeMutableBufferPointer<UInt32>
    let lengths: UnsafeMutableBufferPointer<UInt32>
    /// Pixels written.
    var position = 0
    var width: Int
    var nextCode: Int
    /// The previous code's string (none right after a clear code).
    var hasPrevious = false
    var previousStart = 0
    var previousLength = 0

    init(reader: LSBBitReader, minimumCodeSize: Int, colors: UnsafeBufferPointer<UInt32>,
         output: UnsafeMutableBufferPointer<UInt32>, starts: UnsafeMutableBufferPointer<UInt32>,
         lengths: UnsafeMutableBufferPointer<UInt32>) {
        self.reader = reader
        self.minimumCodeSize = minimumCodeSize
        self.clearCode = 1 << minimumCodeSize
        self.colors = colors
        self.output = output
        self.starts = starts
        self.lengths = lengths
        width = minimumCodeSize + 1
        nextCode = clearCode + 2
    }

    @inline(__always)
    private func result(_ stop: LZWDecoder.Stop) -> LZWDecoder.Result {
        LZWDecoder.Result(pixelsWritten: position, stop: stop, bytePosition: reader.byteOffset)
    }

    mutating func run() -> LZWDecoder.Result {
        while position < output.count {
            if reader.bitCount < width {
                reader.refill()
                if reader.bitCount < width { return result(.dataEnded) }
            }
            let code = Int(reader.peek(width))
            reader.consume(width)
            if code == clearCode {
                width = minimumCodeSize + 1
                nextCode = clearCode + 2
                hasPrevious = false
                continue
            }
            if code == clearCode + 1 { return result(.endCode) }
            guard defineEntry(before: code) else {
                return result(.invalidCode(code: code, nextCode: nextCode))
            }
            emit(code)
            if nextCode == 1 << width && width < LZWDecoder.maximumCodeWidth { width += 1 }
        }
        return result(.complete)
    }

    /// Defines the entry the previous code implies (previous string + first pixel of this one; for
    /// `code == nextCode` that is the string about to be emitted). `false` when `code` is not in
    /// the table even then.
    @inline(__always)
    private mutating func defineEntry(before code: Int) -> Bool {
        guard hasPrevious && nextCode < LZWDecoder.tableSize else { return code < nextCode }
        guard code <= nextCode else { return false }
        starts[nextCode] = UInt32(truncatingIfNeeded: previousStart)
        lengths[nextCode] = UInt32(truncatingIfNeeded: previousLength + 1)
        nextCode += 1
        return true
    }

    /// Writes `code`'s string (as much as fits) and makes it the previous string.
    @inline(__always)
    private mutating func emit(_ code: Int) {
        let start = position
        if code < clearCode {
            output[position] = colors[code]
            position += 1
        } else {
            // A string written earlier: an LZ77 copy from where it was written. The entry defined
            // just now (code == nextCode - 1) overlaps itself: its last pixel is its own first.
            let room = output.count - position
            let length = min(Int(lengths[code]), room)
            // `output` is not empty here (position < output.count).
            LZ77.copyMatch(output.baseAddress.unsafelyUnwrapped, at: position, distance: position - Int(starts[code]),
                           length: length, room: room)
            position += length
        }
        previousStart = start
        previousLength = position - start
        hasPrevious = true
    }
}
