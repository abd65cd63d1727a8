/// GIF's LZW decompressor for a frame that reaches outside the canvas: it writes only the pixels
/// inside a visible rectangle, into a buffer of that rectangle's size, so that the memory and
/// time a frame costs follow the canvas, not the rectangle a hostile header declares.
///
/// ``LZWDecoder`` copies each string from where it was written before, so it must keep the whole
/// frame. This one keeps the classic table instead (per code: the code of its prefix, its last
/// index, its first index and its length) and rebuilds a string only when part of it is visible;
/// strings that fall wholly outside cost nothing but their position. It reads the whole stream
/// and stops where ``LZWDecoder`` stops, with the same ``LZWDecoder/Result``, so damage is
/// reported the same way.
struct ClippedLZWDecoder {
    /// The frame's full size, in pixels.
    let frameWidth: Int
    let frameHeight: Int
    /// The visible part: columns `0..<visibleWidth` of the image rows `0..<visibleHeight`.
    let visibleWidth: Int
    let visibleHeight: Int
    /// The image row of each stored row (interlaced frames store rows in four passes).
    let rowOrder: [Int]?

    /// Decodes `data`, writing visible pixels (through `colors`) to `output`, which holds
    /// `visibleWidth × visibleHeight` packed pixels in image order.
    func decode(_ data: UnsafeBufferPointer<UInt8>, minimumCodeSize: Int, colors: UnsafeBufferPointer<UInt32>,
                into output: UnsafeMutableBufferPointer<UInt32>) -> LZWDecoder.Result {
        precondition(output.count == visibleWidth * visibleHeight)
        var table = CodeTable(minimumCodeSize: minimumCodeSize)
        var reader = unsafe LSBBitReader(data)
        var position = 0
        let total = frameWidth * frameHeight
        var stack = [UInt8](repeating: 0, count: LZWDecoder.tableSize)
        func result(_ stop: LZWDecoder.Stop) -> LZWDecoder.Result {
            unsafe LZWDecoder.Result(pixelsWritten: position, stop: stop, bytePosition: reader.byteOffset)
        }
        // Bounded: every code consumes at least two bits of `data`.
        while position < total {
            if unsafe reader.bitCount < table.width {
                unsafe reader.refill()
                if unsafe reader.bitCount < table.width { return result(.dataEnded) }
            }
            let code = unsafe Int(reader.peek(table.width))
            unsafe reader.consume(table.width)
            switch table.accept(code) {
            case .cleared: continue
            case .ended: return result(.endCode)
            case .invalid: return result(.invalidCode(code: code, nextCode: table.nextCode))
            case .emit:
                let length = min(table.length(of: code), total - position)
                if touchesVisible(from: position, count: length) {
                    table.spell(code, into: &stack)
                    unsafe write(stack, count: length, at: position, colors: colors, into: output)
                }
                position += length
            }
        }
        return result(.complete)
    }

    /// Whether any of the pixels `start..<start + count` (in stored order) is visible.
    private func touchesVisible(from start: Int, count: Int) -> Bool {
        var row = start / frameWidth
        let lastRow = (start + count - 1) / frameWidth
        while row <= lastRow {
            let imageRow = rowOrder?[row] ?? row
            if imageRow < visibleHeight {
                let rowStart = row * frameWidth
                let first = max(start, rowStart) - rowStart
                if first < visibleWidth { return true }
            }
            row += 1
        }
        return false
    }

    /// Writes the visible ones of `count` pixels whose indices are `indices[0..<count]`.
    private func write(_ indices: [UInt8], count: Int, at start: Int, colors: UnsafeBufferPointer<UInt32>,
                       into output: UnsafeMutableBufferPointer<UInt32>) {
        for offset in 0..<count {
            let stored = start + offset
            let column = stored % frameWidth
            guard column < visibleWidth else { continue }
            let row = rowOrder?[stored / frameWidth] ?? stored / frameWidth
            guard row < visibleHeight else { continue }
            unsafe output[row * visibleWidth + column] = colors[Int(indices[offset])]
        }
    }
}

/// The LZW string table with the same growth, clear and full-table rules as ``LZWDecoder``.
private struct CodeTable {
    enum Outcome { case cleared, ended, invalid, emit }

    let minimumCodeSize: Int
    let clearCode: Int
    private(set) var width: Int
    private(set) var nextCode: Int
    private var previous: Int?
    private var prefix = [UInt16](repeating: 0, count: LZWDecoder.tableSize)
    private var last = [UInt8](repeating: 0, count: LZWDecoder.tableSize)
    private var first = [UInt8](repeating: 0, count: LZWDecoder.tableSize)
    private var lengths = [UInt16](repeating: 1, count: LZWDecoder.tableSize)

    init(minimumCodeSize: Int) {
        self.minimumCodeSize = minimumCodeSize
        clearCode = 1 << minimumCodeSize
        width = minimumCodeSize + 1
        nextCode = clearCode + 2
        for literal in 0..<clearCode {
            last[literal] = UInt8(truncatingIfNeeded: literal)
            first[literal] = UInt8(truncatingIfNeeded: literal)
        }
    }

    func length(of code: Int) -> Int { Int(lengths[code]) }

    /// Applies `code` to the table: a clear, the end, an invalid code, or one to emit (after
    /// defining the entry the previous code implies, as ``LZWDecoder`` does).
    mutating func accept(_ code: Int) -> Outcome {
        if code == clearCode {
            width = minimumCodeSize + 1
            nextCode = clearCode + 2
            previous = nil
            return .cleared
        }
        if code == clearCode + 1 { return .ended }
        if let previous, nextCode < LZWDecoder.tableSize {
            guard code <= nextCode else { return .invalid }
            prefix[nextCode] = UInt16(previous)
            first[nextCode] = first[previous]
            // For code == nextCode the new string's last index is its own first.
            last[nextCode] = code == nextCode ? first[previous] : first[code]
            lengths[nextCode] = lengths[previous] &+ 1
            nextCode += 1
        } else if code >= nextCode {
            return .invalid
        }
        previous = code
        if nextCode == 1 << width && width < LZWDecoder.maximumCodeWidth { width += 1 }
        return .emit
    }

    /// Writes `code`'s string of indices to the front of `stack`, first index first.
    func spell(_ code: Int, into stack: inout [UInt8]) {
        var current = code
        var index = Int(lengths[code]) - 1
        while index >= 0 {
            stack[index] = last[current]
            current = Int(prefix[current])
            index -= 1
        }
    }
}
