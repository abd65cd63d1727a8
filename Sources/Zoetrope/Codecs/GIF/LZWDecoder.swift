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
        precondition(supportedMinimumCodeSizes.contains(minimumCodeSize) && colors.count == 1 << minimumCodeSize)
        let clearCode = 1 << minimumCodeSize
        let endCode = clearCode + 1
        let pixelCount = output.count

        // Output start and length of each table code's string (literals are not stored).
        var starts = [Int](repeating: 0, count: tableSize)
        var lengths = [Int](repeating: 0, count: tableSize)

        var width = minimumCodeSize + 1
        var nextCode = clearCode + 2
        var hasPrevious = false
        var previousStart = 0
        var previousLength = 0
        var position = 0

        var bitBuffer: UInt64 = 0
        var bitCount = 0
        var byteIndex = 0
        let byteCount = data.count

        return starts.withUnsafeMutableBufferPointer { starts in
            lengths.withUnsafeMutableBufferPointer { lengths in
                while position < pixelCount {
                    if bitCount < width {
                        while bitCount <= 56 && byteIndex < byteCount {
                            bitBuffer |= UInt64(data[byteIndex]) << UInt64(bitCount)
                            byteIndex += 1
                            bitCount += 8
                        }
                        if bitCount < width {
                            return Result(pixelsWritten: position, stop: .dataEnded, bytePosition: byteCount)
                        }
                    }
                    let code = Int(bitBuffer & ((1 << UInt64(width)) - 1))
                    bitBuffer >>= UInt64(width)
                    bitCount -= width

                    if code == clearCode {
                        width = minimumCodeSize + 1
                        nextCode = clearCode + 2
                        hasPrevious = false
                        continue
                    }
                    if code == endCode {
                        return Result(pixelsWritten: position, stop: .endCode, bytePosition: byteIndex)
                    }
                    // Define the entry the previous code implies (previous string + first pixel of
                    // this one); for code == nextCode that is the string about to be emitted.
                    if hasPrevious && nextCode < tableSize {
                        guard code <= nextCode else {
                            return Result(pixelsWritten: position, stop: .invalidCode(code: code, nextCode: nextCode),
                                          bytePosition: byteIndex)
                        }
                        starts[nextCode] = previousStart
                        lengths[nextCode] = previousLength + 1
                        nextCode += 1
                    } else if code >= nextCode {
                        return Result(pixelsWritten: position, stop: .invalidCode(code: code, nextCode: nextCode),
                                      bytePosition: byteIndex)
                    }

                    let start = position
                    if code < clearCode {
                        output[position] = colors[code]
                        position += 1
                    } else {
                        let source = starts[code]
                        let length = min(lengths[code], pixelCount - position)
                        if length > 8 && source + length <= position, let base = output.baseAddress {
                            // A long string written earlier: one block copy.
                            (base + position).update(from: base + source, count: length)
                        } else {
                            // Short strings, and the entry defined just now (code == nextCode - 1),
                            // whose last pixel is its own first: forward copy one pixel at a time.
                            for offset in 0..<length {
                                output[position + offset] = output[source + offset]
                            }
                        }
                        position += length
                    }
                    previousStart = start
                    previousLength = position - start
                    hasPrevious = true
                    if nextCode == 1 << width && width < maximumCodeWidth { width += 1 }
                }
                return Result(pixelsWritten: position, stop: .complete, bytePosition: byteIndex)
            }
        }
    }
}
