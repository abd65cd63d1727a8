/// Reads the DCT/WHT coefficient tokens of macroblocks (RFC 6386 section 13) and dequantises them.
///
/// Token probabilities depend on whether the neighbouring blocks above and to the left had
/// non-zero coefficients, so the decoder keeps one flag per 4×4 column above (4 luma, 2 + 2
/// chroma, 1 second-order DC per macroblock column) and the same for the macroblock to the left.
///
/// For each macroblock it fills 384 coefficients (16 luma blocks, then 4 U and 4 V, 16 each, in
/// row-major order within a block) and a code per block telling the reconstruction what is
/// needed, exactly as libwebp derives it: 0 nothing, 1 only a DC, 2 or 3 a full inverse DCT.
struct VP8ResidualDecoder {
    /// Flags per macroblock column: 0–3 luma columns, 4–5 U columns, 6–7 V columns, 8 Y2.
    private static let flagsPerMacroblock = 9
    /// Probabilities of one coefficient position: 3 contexts × 11 tree nodes.
    static let probabilitiesPerPosition = 33
    /// The frame's token probabilities re-indexed by coefficient position rather than band
    /// (`((type * 17 + position) * 3 + context) * 11 + node`; position 16 is a sentinel), so that
    /// the token loop needs no band lookup.
    private let positionProbabilities: [UInt8]
    private var aboveFlags: [UInt8]
    private var leftFlags = [UInt8](repeating: 0, count: 9)

    init(macroblockColumns: Int, probabilities: [UInt8]) {
        var byPosition = [UInt8](repeating: 0, count: 4 * 17 * Self.probabilitiesPerPosition)
        for type in 0..<4 {
            for position in 0...16 {
                let source = (type * 8 + VP8Tables.bands[position]) * Self.probabilitiesPerPosition
                let target = (type * 17 + position) * Self.probabilitiesPerPosition
                for i in 0..<Self.probabilitiesPerPosition { byPosition[target + i] = probabilities[source + i] }
            }
        }
        positionProbabilities = byPosition
        aboveFlags = [UInt8](repeating: 0, count: macroblockColumns * Self.flagsPerMacroblock)
    }

    /// Forgets the left neighbour at the start of a row.
    mutating func startRow() {
        for i in 0..<Self.flagsPerMacroblock { leftFlags[i] = 0 }
    }

    /// Updates the contexts for a macroblock whose skip flag says it has no coefficients. As in
    /// libwebp, the second-order flag is kept for 4×4-predicted macroblocks (they have none).
    mutating func skipMacroblock(column: Int, usesSubblocks: Bool) {
        let base = column * Self.flagsPerMacroblock
        for i in 0..<8 {
            aboveFlags[base + i] = 0
            leftFlags[i] = 0
        }
        if !usesSubblocks {
            aboveFlags[base + 8] = 0
            leftFlags[8] = 0
        }
    }

    /// Token probability types.
    private enum BlockType: Int {
        case lumaAfterSecondOrder = 0, secondOrder = 1, chroma = 2, lumaWithDC = 3
    }

    /// Pointers the token loop works with, valid during one ``decodeMacroblock`` call.
    @unsafe private struct Workspace {
        let probabilities: UnsafePointer<UInt8>
        let zigzag: UnsafePointer<Int>
        /// This macroblock column's flags above, and the left neighbour's flags.
        let above: UnsafeMutablePointer<UInt8>
        let left: UnsafeMutablePointer<UInt8>
        let coefficients: UnsafeMutablePointer<Int16>
        let blockCodes: UnsafeMutablePointer<UInt8>

        func table(_ type: BlockType) -> UnsafePointer<UInt8> {
            unsafe probabilities + type.rawValue * 17 * VP8ResidualDecoder.probabilitiesPerPosition
        }
    }

    /// Decodes one macroblock's tokens into `coefficients` (zeroed first) and `blockCodes`
    /// (24 entries). Returns whether any block has something to add (libwebp's "not skipped").
    #if DEBUG
    mutating func decodeMacroblock(column: Int, usesSubblocks: Bool, quant: VP8QuantMatrix,
                                   reader: inout VP8BoolDecoder,
                                   coefficients: UnsafeMutablePointer<Int16>,
                                   blockCodes: UnsafeMutablePointer<UInt8>) -> Bool {
        // Unoptimised, each `withUnsafe…BufferPointer` costs hundreds of instructions per
        // macroblock: the arrays are passed as pointer arguments instead (see `decodeTwin`).
        unsafe Self.decodeTwin(positionProbabilities, VP8Tables.zigzag, &aboveFlags, &leftFlags, column: column,
                               usesSubblocks: usesSubblocks, quant: quant, reader: &reader,
                               coefficients: coefficients, blockCodes: blockCodes)
    }
    #else
    mutating func decodeMacroblock(column: Int, usesSubblocks: Bool, quant: VP8QuantMatrix,
                                   reader: inout VP8BoolDecoder,
                                   coefficients: UnsafeMutablePointer<Int16>,
                                   blockCodes: UnsafeMutablePointer<UInt8>) -> Bool {
        unsafe decodeMacroblockByBlocks(column: column, usesSubblocks: usesSubblocks, quant: quant, reader: &reader,
                                        coefficients: coefficients, blockCodes: blockCodes)
    }
    #endif

    /// ``decodeMacroblock(column:usesSubblocks:quant:reader:coefficients:blockCodes:)`` as optimised
    /// builds run it (debug builds' tests compare their twin with it).
    @inline(__always)
    mutating func decodeMacroblockByBlocks(column: Int, usesSubblocks: Bool, quant: VP8QuantMatrix,
                                           reader: inout VP8BoolDecoder,
                                           coefficients: UnsafeMutablePointer<Int16>,
                                           blockCodes: UnsafeMutablePointer<UInt8>) -> Bool {
        unsafe coefficients.update(repeating: 0, count: 384)
        let base = column * Self.flagsPerMacroblock
        // The token loop runs on raw pointers: it is the hottest code of the decoder.
        return unsafe positionProbabilities.withUnsafeBufferPointer { probabilities in
            unsafe VP8Tables.zigzag.withUnsafeBufferPointer { zigzag in
                unsafe aboveFlags.withUnsafeMutableBufferPointer { above in
                    unsafe leftFlags.withUnsafeMutableBufferPointer { left in
                        let workspace = unsafe Workspace(probabilities: probabilities.baseAddress!, zigzag: zigzag.baseAddress!,
                                                  above: above.baseAddress! + base, left: left.baseAddress!,
                                                  coefficients: coefficients, blockCodes: blockCodes)
                        return unsafe Self.decodeBlocks(workspace, usesSubblocks: usesSubblocks, quant: quant, reader: &reader)
                    }
                }
            }
        }
    }

    private static func decodeBlocks(_ w: Workspace, usesSubblocks: Bool, quant: VP8QuantMatrix,
                                     reader sharedReader: inout VP8BoolDecoder) -> Bool {
        // The 24 blocks in one loop with one inlined copy of the token loop, on a local reader.
        var reader = unsafe sharedReader
        defer { unsafe sharedReader = reader }
        var first = 0
        var table = unsafe w.table(.lumaWithDC)
        if !usesSubblocks {
            unsafe decodeSecondOrder(w, quant: quant, reader: &reader)
            first = 1
            unsafe table = w.table(.lumaAfterSecondOrder)
        }
        var dcFactor = quant.lumaDC, acFactor = quant.lumaAC, anyNonZero = false
        var block = 0
        while block < 24 {
            if block == 16 {
                unsafe table = w.table(.chroma)
                (first, dcFactor, acFactor) = (0, quant.chromaDC, quant.chromaAC)
            }
            let (above, beside) = Self.flags(of: block)
            let output = unsafe w.coefficients + block &* 16
            let count = unsafe readCoefficientsPerBit(&reader, table, zigzag: w.zigzag,
                                                      context: Int(w.above[above] &+ w.left[beside]),
                                                      dcFactor: dcFactor, acFactor: acFactor, first: first, into: output)
            let flag: UInt8 = count > first ? 1 : 0
            unsafe w.above[above] = flag
            unsafe w.left[beside] = flag
            let code = unsafe blockCode(count: count, dc: output[0])
            unsafe w.blockCodes[block] = code
            anyNonZero = anyNonZero || code != 0
            block &+= 1
        }
        return anyNonZero
    }

    /// Where block `block` (0–15 luma, 16–19 U, 20–23 V, each in rows of 2 or 4) keeps its flags:
    /// its column among the flags above (luma 0–3, U 4–5, V 6–7) and its row among the left ones.
    @_transparent
    private static func flags(of block: Int) -> (above: Int, beside: Int) {
        if block < 16 { return (block & 3, block &>> 2) }
        return (4 &+ ((block &- 16) &>> 1 & 2) &+ (block & 1), 4 &+ (block &- 16) &>> 1)
    }

    /// libwebp's summary of a block: more than 3 coefficients read → 3, 2–3 → 2, else whether
    /// the DC is non-zero (which, after a second-order transform, may come from that transform).
    #if DEBUG
    @_transparent // unoptimised, no `memset` of each parameter and local per call (see VP8BoolDecoder.readBit)
    #else
    @inline(__always)
    #endif
    private static func blockCode(count: Int, dc: Int16) -> UInt8 {
        count > 3 ? 3 : count > 1 ? 2 : (dc != 0 ? 1 : 0)
    }

    /// Reads the second-order block and spreads its inverse WHT into the 16 luma DCs.
    private static func decodeSecondOrder(_ w: Workspace, quant: VP8QuantMatrix, reader: inout VP8BoolDecoder) {
        unsafe withUnsafeTemporaryAllocation(of: Int16.self, capacity: 16) { secondOrder in
            let dc = secondOrder.baseAddress!
            unsafe dc.update(repeating: 0, count: 16)
            let count = unsafe readCoefficients(&reader, w.table(.secondOrder), zigzag: w.zigzag, context: Int(w.above[8] &+ w.left[8]),
                                         dcFactor: quant.secondOrderDC, acFactor: quant.secondOrderAC, first: 0, into: dc)
            let hasCoefficients: UInt8 = count > 0 ? 1 : 0
            unsafe w.above[8] = hasCoefficients
            unsafe w.left[8] = hasCoefficients
            if count > 1 {
                unsafe VP8Transform.inverseWHT(dc, into: w.coefficients)
            } else {
                // Only a DC: every output of the transform is the same value.
                let value = unsafe Int16(truncatingIfNeeded: (Int(dc[0]) &+ 3) >> 3)
                for block in 0..<16 { unsafe w.coefficients[block * 16] = value }
            }
        }
    }
}

extension VP8ResidualDecoder {
    #if !DEBUG
    /// Reads the tokens of one 4×4 block starting at coefficient `first`, writing dequantised
    /// values (truncated to 16 bits as libwebp stores them) at their zigzag positions.
    ///
    /// `table` points at the position-indexed probabilities of the block's type. Returns
    /// libwebp's count: the index after the last token read, 16 if the block ran to its end (even
    /// through a run of zeros), or `first` for an immediately empty block.
    @inline(__always)
    static func readCoefficients(_ reader: inout VP8BoolDecoder, _ table: UnsafePointer<UInt8>, zigzag: UnsafePointer<Int>,
                                 context: Int, dcFactor: Int32, acFactor: Int32, first: Int,
                                 into block: UnsafeMutablePointer<Int16>) -> Int {
        unsafe readCoefficientsPerBit(&reader, table, zigzag: zigzag, context: context,
                                      dcFactor: dcFactor, acFactor: acFactor, first: first, into: block)
    }
    #endif

    /// ``readCoefficients(_:_:zigzag:context:dcFactor:acFactor:first:into:)`` with a call per
    /// bit, which optimised builds inline into one loop over a reader kept in registers.
    @inline(__always)
    static func readCoefficientsPerBit(_ sharedReader: inout VP8BoolDecoder, _ table: UnsafePointer<UInt8>, zigzag: UnsafePointer<Int>,
                                       context: Int, dcFactor: Int32, acFactor: Int32, first: Int,
                                       into block: UnsafeMutablePointer<Int16>) -> Int {
        // Work on a local copy (a plain value): an inout reader would be kept in memory, and its
        // state written and re-read around every bit.
        var reader = unsafe sharedReader
        defer { unsafe sharedReader = reader }
        var n = first
        // `row` points at position n's probabilities, `p` at those of its context.
        var row = unsafe table + n &* probabilitiesPerPosition
        var p = unsafe row + context &* 11
        while n < 16 {
            if unsafe !reader.readBit(p[0]) { return n } // end of block
            while unsafe !reader.readBit(p[1]) { // a zero coefficient
                n &+= 1
                if n == 16 { return 16 }
                unsafe row += probabilitiesPerPosition
                unsafe p = row
            }
            let magnitude: Int
            let nextContext: Int
            if unsafe !reader.readBit(p[2]) {
                magnitude = 1
                nextContext = 1
            } else {
                magnitude = unsafe readLargeMagnitude(&reader, p)
                nextContext = 2
            }
            let value = unsafe reader.applySign(to: magnitude)
            let factor = Int(n > 0 ? acFactor : dcFactor)
            unsafe block[zigzag[n]] = Int16(truncatingIfNeeded: value &* factor)
            n &+= 1
            unsafe row += probabilitiesPerPosition
            unsafe p = row + nextContext &* 11
        }
        return 16
    }

    /// Magnitudes of 2 and more: the token tree below DCT_2 and the extra bits of the categories.
    @inline(__always)
    private static func readLargeMagnitude(_ reader: inout VP8BoolDecoder, _ p: UnsafePointer<UInt8>) -> Int {
        if unsafe !reader.readBit(p[3]) {
            if unsafe !reader.readBit(p[4]) { return 2 }
            return unsafe 3 + (reader.readBit(p[5]) ? 1 : 0)
        }
        if unsafe !reader.readBit(p[6]) {
            if unsafe !reader.readBit(p[7]) { return unsafe 5 + (reader.readBit(159) ? 1 : 0) } // DCT_CAT1: 5–6
            let high = unsafe reader.readBit(165) ? 2 : 0 // DCT_CAT2: 7–10
            return unsafe 7 + high + (reader.readBit(145) ? 1 : 0)
        }
        let highBit = unsafe reader.readBit(p[8]) ? 1 : 0
        let lowBit = unsafe reader.readBit(p[9 + highBit]) ? 1 : 0
        let category = 2 * highBit + lowBit // DCT_CAT3 … DCT_CAT6
        let extraBitProbabilities: [UInt8]
        switch category {
        case 0: extraBitProbabilities = VP8Tables.category3
        case 1: extraBitProbabilities = VP8Tables.category4
        case 2: extraBitProbabilities = VP8Tables.category5
        default: extraBitProbabilities = VP8Tables.category6
        }
        var extra = 0
        for probability in extraBitProbabilities { extra = unsafe extra << 1 | (reader.readBit(probability) ? 1 : 0) }
        return extra + 3 + (8 << category)
    }
}

#if DEBUG
extension VP8ResidualDecoder {
    /// Debug builds' macroblock: the arrays come in as pointer arguments (unoptimised, a
    /// `withUnsafe…BufferPointer` costs hundreds of instructions), the 24 blocks are one counted
    /// loop (a `for` over a range is an iterator call per pass) with one copy of the token loop,
    /// and the second-order block is read into the first chroma block, still zero (no temporary
    /// allocation). The same coefficients, codes, flags and reader state as
    /// ``decodeMacroblockByBlocks(column:usesSubblocks:quant:reader:coefficients:blockCodes:)``,
    /// which the tests check.
    @_transparent
    private static func decodeTwin(_ probabilities: UnsafePointer<UInt8>, _ zigzag: UnsafePointer<Int>,
                                   _ aboveFlags: UnsafeMutablePointer<UInt8>, _ left: UnsafeMutablePointer<UInt8>,
                                   column: Int, usesSubblocks: Bool, quant: VP8QuantMatrix, reader: inout VP8BoolDecoder,
                                   coefficients: UnsafeMutablePointer<Int16>, blockCodes: UnsafeMutablePointer<UInt8>) -> Bool {
        // Unoptimised, `update(repeating:count:)` is a generic call with a witness call per
        // element: a counted loop instead, 16 coefficients a pass in four 64-bit words.
        unsafe coefficients.withMemoryRebound(to: UInt64.self, capacity: 96) { words in
            var word = unsafe words
            let end = unsafe words + 96
            while unsafe word < end {
                unsafe word[0] = 0
                unsafe word[1] = 0
                unsafe word[2] = 0
                unsafe word[3] = 0
                unsafe word += 4
            }
        }
        let w = unsafe Workspace(probabilities: probabilities, zigzag: zigzag, above: aboveFlags + column &* 9, // 9 flags each
                                 left: left, coefficients: coefficients, blockCodes: blockCodes)
        let typeStride = 17 &* probabilitiesPerPosition
        var table = unsafe probabilities + 3 &* typeStride, first = 0 // luma with its DC
        if !usesSubblocks {
            unsafe decodeSecondOrderTwin(w, quant: quant, reader: &reader)
            unsafe table = probabilities // luma after a second-order block
            first = 1
        }
        var dcFactor = quant.lumaDC, acFactor = quant.lumaAC, block = 0, anyNonZero = false
        var bits = unsafe reader.interval // taken once for the 24 blocks
        while block < 24 {
            if block == 16 {
                unsafe table = probabilities + 2 &* typeStride
                (first, dcFactor, acFactor) = (0, quant.chromaDC, quant.chromaAC)
            }
            let (above, beside) = flags(of: block)
            let output = unsafe coefficients + block &* 16
            let count = unsafe readCoefficients(&bits, &reader, table, zigzag: zigzag, context: Int(w.above[above] &+ left[beside]),
                                                dcFactor: dcFactor, acFactor: acFactor, first: first, into: output)
            let flag: UInt8 = count > first ? 1 : 0
            unsafe w.above[above] = flag
            unsafe left[beside] = flag
            let code = unsafe blockCode(count: count, dc: output[0])
            unsafe blockCodes[block] = code
            if code != 0 { anyNonZero = true } // no `||`: unoptimised, its right side is a closure
            block &+= 1
        }
        unsafe reader.interval = bits
        return anyNonZero
    }

    /// ``decodeSecondOrder(_:quant:reader:)`` reading into the first chroma block (zero until the
    /// chroma tokens are read, and zeroed again after).
    @_transparent
    private static func decodeSecondOrderTwin(_ w: Workspace, quant: VP8QuantMatrix, reader: inout VP8BoolDecoder) {
        let dc = unsafe w.coefficients + 256
        let count = unsafe readCoefficients(&reader, w.probabilities + 17 &* probabilitiesPerPosition, zigzag: w.zigzag,
                                            context: Int(w.above[8] &+ w.left[8]), dcFactor: quant.secondOrderDC,
                                            acFactor: quant.secondOrderAC, first: 0, into: dc)
        let flag: UInt8 = count > 0 ? 1 : 0
        unsafe w.above[8] = flag
        unsafe w.left[8] = flag
        if count > 1 {
            unsafe VP8Transform.inverseWHT(dc, into: w.coefficients)
        } else { // only a DC: every output of the transform is the same value
            let value = unsafe Int16(truncatingIfNeeded: (Int(dc[0]) &+ 3) &>> 3)
            var block = 0
            while block < 256 {
                unsafe w.coefficients[block] = value
                block &+= 16
            }
        }
        var i = 0
        while i < 16 {
            unsafe dc[i] = 0
            i &+= 1
        }
    }
}
#endif

#if DEBUG
extension VP8ResidualDecoder {
    /// Debug builds' ``readCoefficientsPerBit(_:_:zigzag:context:dcFactor:acFactor:first:into:)``:
    /// one loop that decodes a bit per pass with the reader's interval in local variables.
    /// Unoptimised, every call zeroes each of its parameters and locals with a `memset` call of
    /// its own (nine for ``VP8BoolDecoder/readBit(_:)``), so a call per bit cost more than the bit;
    /// here nothing is zeroed (see below). The same values, count and reader state as the optimised
    /// form, which the tests check in debug builds.
    ///
    /// `node` says what the pass reads: 0–10 a node of the token tree (RFC 6386 section 13.2), at
    /// probability `p[node]`; 32 + k the extra bit at k of the categories' probabilities; 64 the sign.
    ///
    /// `@_transparent` (as are its helpers): an unoptimised build gives a transparent function no
    /// debugger variables, so it neither zeroes its locals on entry nor keeps a copy of each in
    /// memory; and it inlines the function into its callers in this file.
    @_transparent
    static func readCoefficients(_ reader: inout VP8BoolDecoder, _ table: UnsafePointer<UInt8>, zigzag: UnsafePointer<Int>,
                                 context: Int, dcFactor: Int32, acFactor: Int32, first: Int,
                                 into block: UnsafeMutablePointer<Int16>) -> Int {
        var bits = unsafe reader.interval
        let count = unsafe readCoefficients(&bits, &reader, table, zigzag: zigzag, context: context,
                                            dcFactor: dcFactor, acFactor: acFactor, first: first, into: block)
        unsafe reader.interval = bits
        return count
    }

    /// ``readCoefficients(_:_:zigzag:context:dcFactor:acFactor:first:into:)`` on the interval
    /// `bits` taken from `reader` (which refills it), so that a caller reading many blocks takes
    /// the interval and hands it back once (each of those is a call and a `memcpy` of the reader
    /// unoptimised).
    @_transparent
    private static func readCoefficients(_ bits: inout VP8BoolDecoder.Interval, _ reader: inout VP8BoolDecoder,
                                         _ table: UnsafePointer<UInt8>, zigzag: UnsafePointer<Int>,
                                         context: Int, dcFactor: Int32, acFactor: Int32, first: Int,
                                         into block: UnsafeMutablePointer<Int16>) -> Int {
        let stride = probabilitiesPerPosition
        var n = first, node = 0, magnitude = 0, extraEnd = 0, bit = false, split: UInt32 = 0, range: UInt32 = 0
        var p = unsafe table + (n &* stride &+ context &* 11)
        while true { // one exit, below: unoptimised, a `defer` or a return is more code per call
            if bits.bitCount < 0 { unsafe reader.refill(&bits) }
            let position = UInt64(truncatingIfNeeded: bits.bitCount)
            if node == 64 { // libwebp's VP8GetSigned, as VP8BoolDecoder.applySign (`range` is the mask)
                split = bits.range &>> 1
                range = UInt32(bitPattern: Int32(bitPattern: split &- UInt32(truncatingIfNeeded: bits.value &>> position)) &>> 31)
                bit = range != 0
                bits.value &-= UInt64((split &+ 1) & range) &<< position
                bits.range = (bits.range &+ range) | 1
                bits.bitCount &-= 1
            } else { // VP8BoolDecoder.readBit
                split = (bits.range &* UInt32(node < 16 ? unsafe p[node] : categoryProbability(node &- 32))) &>> 8
                bit = UInt32(truncatingIfNeeded: bits.value &>> position) > split
                if bit { // one branch rather than two conditional values (each stored and reloaded)
                    range = bits.range &- split
                    bits.value &-= UInt64(split &+ 1) &<< position
                } else {
                    range = split &+ 1
                }
                let shift = range.leadingZeroBitCount ^ 24
                bits.range = (range &<< UInt32(truncatingIfNeeded: shift)) &- 1
                bits.bitCount &-= shift
            }
            if node < 16 {
                // Each node's children for a 0 and a 1 bit, 5 bits each: below 16 a node; 16 end of
                // block, 17 a zero, 18–21 magnitudes 1–4, 22–27 the categories 1–6.
                node = (bit ? 0x6f_2aba_2a53_0c41 : 0x6b_09b1_e932_4a30) &>> (node &* 5) & 31
                if node < 16 { continue }
                if node == 16 { break } // end of block
                if node == 17 { // a zero: the next token has no end-of-block branch, and context 0
                    n &+= 1
                    if n == 16 { break }
                    unsafe p = table + n &* stride
                    node = 1
                    continue
                }
                magnitude = node < 22 ? node &- 17 : 3 &+ 1 &<< (node &- 21)
                (node, extraEnd) = node < 22 ? (64, 0) : extraBits(category: node &- 21)
            } else if node < 64 {
                magnitude &+= (bit ? 1 : 0) &<< (extraEnd &- node &- 1)
                node &+= 1
                if node == extraEnd { node = 64 }
            } else {
                unsafe block[zigzag[n]] = Int16(truncatingIfNeeded: (bit ? 0 &- magnitude : magnitude) &* Int(n > 0 ? acFactor : dcFactor))
                n &+= 1
                if n == 16 { break }
                unsafe p = table + (n &* stride &+ (magnitude == 1 ? 11 : 22))
                node = 0
            }
        }
        return n
    }

    /// Where the extra bits of category `category` (1–6) start and end, as `node` counts them in
    /// ``readCoefficients(_:_:zigzag:context:dcFactor:acFactor:first:into:)``.
    @_transparent
    private static func extraBits(category: Int) -> (start: Int, end: Int) {
        let offsets = 0x1a_0f0a_0603_0100
        return (32 &+ offsets &>> ((category &- 1) &* 8) & 0xff, 32 &+ offsets &>> (category &* 8) & 0xff)
    }

    /// The probability of the extra bit at `k` in the categories' lists (RFC 6386 section 13.2:
    /// categories 1–6 in turn, 1, 2, 3, 4, 5 and 11 bits), packed eight to a word.
    @_transparent
    private static func categoryProbability(_ k: Int) -> UInt8 {
        let word: UInt64 = k < 8 ? 0x9bb0_8c94_ad91_a59f : k < 16 ? 0xfe82_868d_9db4_878c : k < 24 ? 0x858c_99b1_c4e6_f3fe : 0x8182
        return UInt8(truncatingIfNeeded: word &>> UInt64(truncatingIfNeeded: (k & 7) &* 8))
    }
}
#endif
