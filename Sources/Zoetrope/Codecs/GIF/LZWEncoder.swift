/// GIF's variable-length-code LZW compressor: the exact inverse of ``LZWDecoder``.
///
/// The code width grows one code later than the table (the decoder learns each entry one code
/// late), and the stream always starts with a clear code and ends with the end code.
struct LZWEncoder {
    private let minimumCodeSize: Int
    private let clearCodes: GIFEncoder.ClearCodePolicy
    private var clearCode: Int { 1 << minimumCodeSize }

    private var table = LZWStringTable()

    private var output: [UInt8] = []
    private var bitBuffer: UInt64 = 0
    private var bitCount = 0
    private var width = 0
    private var nextCode = 0

    init(minimumCodeSize: Int, clearCodes: GIFEncoder.ClearCodePolicy) {
        self.minimumCodeSize = minimumCodeSize
        self.clearCodes = clearCodes
        width = minimumCodeSize + 1
    }

    /// Compresses `indices` (each below `1 << minimumCodeSize`) into LZW bytes, without sub-blocks.
    static func compress(_ indices: [UInt8], minimumCodeSize: Int, clearCodes: GIFEncoder.ClearCodePolicy) -> [UInt8] {
        var encoder = LZWEncoder(minimumCodeSize: minimumCodeSize, clearCodes: clearCodes)
        return encoder.run(indices)
    }

    private mutating func run(_ indices: [UInt8]) -> [UInt8] {
        output.reserveCapacity(indices.count / 2 + 16)
        emitClear()
        guard var prefix = indices.first.map(Int.init) else {
            write(clearCode + 1)
            return finish()
        }
        var codesSinceClear = 0
        for index in indices.dropFirst() {
            let key = LZWStringTable.key(prefix, index)
            let slot = table.slot(key)
            if let code = table.code(at: slot) {
                prefix = code
                continue
            }
            write(prefix)
            codesSinceClear += 1
            if nextCode < LZWDecoder.tableSize {
                table.insert(key, code: nextCode, at: slot)
                nextCode += 1
                if nextCode > 1 << width && width < LZWDecoder.maximumCodeWidth { width += 1 }
            }
            if shouldClear(codesSinceClear: codesSinceClear) {
                emitClear()
                codesSinceClear = 0
            }
            prefix = Int(index)
        }
        write(prefix)
        // The decoder adds an entry on this last code (unless it follows a clear) and may widen.
        if nextCode == 1 << width && width < LZWDecoder.maximumCodeWidth { width += 1 }
        write(clearCode + 1)
        return finish()
    }

    private func shouldClear(codesSinceClear: Int) -> Bool {
        switch clearCodes {
        case .whenTableFull: return nextCode == LZWDecoder.tableSize
        case .every(let codes): return codesSinceClear >= codes
        case .never: return false
        }
    }

    private mutating func emitClear() {
        write(clearCode)
        width = minimumCodeSize + 1
        nextCode = clearCode + 2
        table.removeAll()
    }

    private mutating func write(_ code: Int) {
        bitBuffer |= UInt64(code) << UInt64(bitCount)
        bitCount += width
        while bitCount >= 8 {
            output.append(UInt8(truncatingIfNeeded: bitBuffer))
            bitBuffer >>= 8
            bitCount -= 8
        }
    }

    private mutating func finish() -> [UInt8] {
        if bitCount > 0 { output.append(UInt8(truncatingIfNeeded: bitBuffer)) }
        return output
    }
}

/// A frame's indices already compressed (``LZWEncoder/compress(_:minimumCodeSize:clearCodes:)``,
/// clear codes when the table is full, rows in order), kept by whoever compressed them to choose
/// between two encodings so that the writer does not compress them again.
struct LZWStream: Sendable {
    let minimumCodeSize: Int
    let bytes: [UInt8]
}
