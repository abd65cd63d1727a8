/// Reconstructs macroblocks (prediction plus inverse transforms) into the row cache ``VP8Planes``.
///
/// Like libwebp it builds each macroblock in a small workspace with a 32-byte stride that also
/// holds the edges prediction reads: the unfiltered bottom row of the macroblock above (kept in
/// `aboveSamples`, because the planes get loop-filtered), the right column of the macroblock to
/// the left, and the fixed 127/129 values outside the image.
struct VP8MacroblockDecoder {
    private static let stride = VP8Transform.stride
    /// Workspace offsets of the three blocks: luma has 8 bytes of left margin, chroma sits below.
    private static let lumaOffset = stride + 8
    private static let uOffset = lumaOffset + 16 * stride + stride
    private static let vOffset = uOffset + 16
    private static let workspaceSize = stride * 17 + stride * 9

    let columns: Int
    var planes: VP8Planes
    private var workspace = [UInt8](repeating: 0, count: workspaceSize)
    /// Unfiltered last luma row (16), U row (8) and V row (8) of each macroblock of the row above.
    private var aboveSamples: [UInt8]

    init(macroblockColumns columns: Int) {
        self.columns = columns
        planes = VP8Planes(macroblockColumns: columns)
        aboveSamples = [UInt8](repeating: 0, count: columns * 32)
    }

    /// Raw pointers to everything one macroblock touches, valid during one ``reconstruct`` call.
    @unsafe private struct Pointers {
        /// The three blocks in the workspace.
        let luma, u, v: UnsafeMutablePointer<UInt8>
        /// This macroblock's entry in `aboveSamples`, and the next one's (nil on the last column).
        let above: UnsafeMutablePointer<UInt8>
        let nextAbove: UnsafeMutablePointer<UInt8>?
        /// The macroblock's top-left sample in each plane.
        let lumaPlane, uPlane, vPlane: UnsafeMutablePointer<UInt8>
        let lumaStride, chromaStride: Int
    }

    /// Sets the workspace edges for the first macroblock of row `y`: left columns are 129; the
    /// above row is 127 on the first row (above-left too), else the above-left is 129.
    mutating func startRow(_ y: Int) {
        unsafe workspace.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            let luma = unsafe base + Self.lumaOffset, u = unsafe base + Self.uOffset, v = unsafe base + Self.vOffset
            for row in 0..<16 { unsafe luma[row * Self.stride - 1] = 129 }
            for row in 0..<8 {
                unsafe u[row * Self.stride - 1] = 129
                unsafe v[row * Self.stride - 1] = 129
            }
            if y > 0 {
                unsafe luma[-1 - Self.stride] = 129
                unsafe u[-1 - Self.stride] = 129
                unsafe v[-1 - Self.stride] = 129
            } else {
                unsafe (luma - Self.stride - 1).update(repeating: 127, count: 16 + 4 + 1)
                unsafe (u - Self.stride - 1).update(repeating: 127, count: 8 + 1)
                unsafe (v - Self.stride - 1).update(repeating: 127, count: 8 + 1)
            }
        }
    }

    /// Predicts and reconstructs macroblock (`x`, `y`) and stores it in the current row of the cache.
    /// `coefficients` and `blockCodes` come from ``VP8ResidualDecoder`` (all-zero codes for a
    /// macroblock without coefficients); `subblockModes` holds the row's 4×4 modes.
    #if DEBUG
    mutating func reconstruct(x: Int, y: Int, modes: VP8MacroblockModes, subblockModes: ArraySlice<VP8PredictionMode>,
                              coefficients: UnsafePointer<Int16>, blockCodes: UnsafePointer<UInt8>) {
        // Unoptimised, each `withUnsafe…BufferPointer` below costs about a thousand instructions
        // per macroblock: the arrays are passed as pointer arguments instead.
        // (The row origins computed here: unoptimised, reading a computed property of `planes`
        // copies the planes, retaining and releasing their three arrays.)
        let strides = (planes.lumaStride, planes.chromaStride)
        let origins = (VP8Planes.lumaRowsAbove &* strides.0 &+ x &* 16, VP8Planes.chromaRowsAbove &* strides.1 &+ x &* 8)
        unsafe Self.reconstructTwin(&workspace, &aboveSamples, &planes.luma, &planes.u, &planes.v, x: x, y: y, columns: columns,
                                    strides: strides, origins: origins, modes: modes, subblockModes: subblockModes,
                                    coefficients: coefficients, blockCodes: blockCodes)
    }

    /// ``reconstruct(x:y:modes:subblockModes:coefficients:blockCodes:)`` on the storage of the
    /// workspace, `aboveSamples` and the three planes.
    private static func reconstructTwin(_ work: UnsafeMutablePointer<UInt8>, _ above: UnsafeMutablePointer<UInt8>,
                                        _ luma: UnsafeMutablePointer<UInt8>, _ u: UnsafeMutablePointer<UInt8>,
                                        _ v: UnsafeMutablePointer<UInt8>, x: Int, y: Int, columns: Int,
                                        strides: (luma: Int, chroma: Int), origins: (luma: Int, chroma: Int),
                                        modes: VP8MacroblockModes, subblockModes: ArraySlice<VP8PredictionMode>,
                                        coefficients: UnsafePointer<Int16>, blockCodes: UnsafePointer<UInt8>) {
        let aboveBase = unsafe above + x &* 32
        let pointers = unsafe Pointers(
            luma: work + lumaOffset, u: work + uOffset, v: work + vOffset,
            above: aboveBase, nextAbove: x == columns &- 1 ? nil : aboveBase + 32,
            lumaPlane: luma + origins.luma, uPlane: u + origins.chroma, vPlane: v + origins.chroma,
            lumaStride: strides.luma, chromaStride: strides.chroma)
        unsafe reconstruct(pointers, hasLeft: x > 0, hasAbove: y > 0, modes: modes,
                           subblockModes: subblockModes, coefficients: coefficients, blockCodes: blockCodes)
    }
    #else
    mutating func reconstruct(x: Int, y: Int, modes: VP8MacroblockModes, subblockModes: ArraySlice<VP8PredictionMode>,
                              coefficients: UnsafePointer<Int16>, blockCodes: UnsafePointer<UInt8>) {
        let lumaStride = planes.lumaStride, chromaStride = planes.chromaStride, isLastColumn = x == columns - 1
        let lumaOrigin = planes.lumaRowOrigin + x * 16, chromaOrigin = planes.chromaRowOrigin + x * 8
        // Hot path: all block work happens on raw pointers (workspace, edges, planes).
        unsafe workspace.withUnsafeMutableBufferPointer { work in
            unsafe aboveSamples.withUnsafeMutableBufferPointer { above in
                unsafe planes.luma.withUnsafeMutableBufferPointer { lumaPlane in
                    unsafe planes.u.withUnsafeMutableBufferPointer { uPlane in
                        unsafe planes.v.withUnsafeMutableBufferPointer { vPlane in
                            let base = work.baseAddress!, aboveBase = unsafe above.baseAddress! + x * 32
                            let pointers = unsafe Pointers(
                                luma: base + Self.lumaOffset, u: base + Self.uOffset, v: base + Self.vOffset,
                                above: aboveBase, nextAbove: isLastColumn ? nil : aboveBase + 32,
                                lumaPlane: lumaPlane.baseAddress! + lumaOrigin,
                                uPlane: uPlane.baseAddress! + chromaOrigin, vPlane: vPlane.baseAddress! + chromaOrigin,
                                lumaStride: lumaStride, chromaStride: chromaStride)
                            unsafe Self.reconstruct(pointers, hasLeft: x > 0, hasAbove: y > 0, modes: modes,
                                             subblockModes: subblockModes, coefficients: coefficients, blockCodes: blockCodes)
                        }
                    }
                }
            }
        }
    }
    #endif

    private static func reconstruct(_ p: Pointers, hasLeft: Bool, hasAbove: Bool, modes: VP8MacroblockModes,
                                    subblockModes: ArraySlice<VP8PredictionMode>,
                                    coefficients: UnsafePointer<Int16>, blockCodes: UnsafePointer<UInt8>) {
        unsafe loadEdges(p, hasLeft: hasLeft, hasAbove: hasAbove)
        #if DEBUG
        unsafe addLumaTwin(p, hasLeft: hasLeft, hasAbove: hasAbove, modes: modes, subblockModes: subblockModes,
                           coefficients: coefficients, blockCodes: blockCodes)
        #else
        if modes.usesSubblocks {
            unsafe setAboveRight(p, hasAbove: hasAbove)
            var index = subblockModes.startIndex
            for pair in 0..<8 {
                let block = pair &* 2, codes = unsafe (blockCodes[block], blockCodes[block + 1])
                let target = unsafe p.luma + (block >> 2) * 4 * stride + (block & 3) * 4
                // Each block's prediction needs its left neighbour reconstructed, but its residual
                // does not: when either needs the full transform, both run as one in all eight lanes.
                let zero = VP8Transform.Lanes()
                let residual = unsafe codes.0 == 3 || codes.1 == 3
                    ? VP8Transform.inverseDCT16Lanes(coefficients + block * 16, pair: true) : (zero, zero, zero, zero)
                for k in 0..<2 {
                    let code = k == 0 ? codes.0 : codes.1, output = unsafe target + k * 4
                    unsafe VP8IntraPredictor.predictSubblock(subblockModes[index + k], output)
                    if code == 3 {
                        unsafe VP8Transform.addResidual(residual, second: k == 1, to: output)
                    } else {
                        unsafe addResidual(code: code, coefficients + (block + k) * 16, to: output)
                    }
                }
                index += 2
            }
        } else {
            unsafe VP8IntraPredictor.predictWholeBlock(modes.lumaMode, size: 16, p.luma, hasAbove: hasAbove, hasLeft: hasLeft)
            for pair in 0..<8 { // unoptimised, a `stride` loop costs a few hundred instructions a pass
                let block = pair &* 2
                let target = unsafe p.luma + (block >> 2) * 4 * stride + (block & 3) * 4
                unsafe addResiduals(codes: blockCodes + block, coefficients + block * 16, to: target)
            }
        }
        #endif
        for plane in 0..<2 { // U, then V
            let origin = unsafe plane == 0 ? p.u : p.v, first = 16 + 4 * plane
            unsafe VP8IntraPredictor.predictWholeBlock(modes.chromaMode, size: 8, origin, hasAbove: hasAbove, hasLeft: hasLeft)
            unsafe addChromaResiduals(blockCodes + first, coefficients + first * 16, to: origin)
        }
        unsafe store(p)
    }

    #if DEBUG
    /// The luma part of ``reconstruct(_:hasLeft:hasAbove:modes:subblockModes:coefficients:blockCodes:)``
    /// as debug builds run it: counted loops (unoptimised, a range iterator is a call per pass) and
    /// the workspace stride as a literal (each read of the static constant is a call).
    /// `@_transparent`: no stack clearing per macroblock.
    @_transparent
    private static func addLumaTwin(_ p: Pointers, hasLeft: Bool, hasAbove: Bool, modes: VP8MacroblockModes,
                                    subblockModes: ArraySlice<VP8PredictionMode>,
                                    coefficients: UnsafePointer<Int16>, blockCodes: UnsafePointer<UInt8>) {
        var block = 0
        if modes.usesSubblocks {
            unsafe setAboveRight(p, hasAbove: hasAbove)
            var index = subblockModes.startIndex
            while block < 16 {
                let offset = (block &>> 2) &* 128 &+ (block & 3) &* 4 // 128: four rows of 32
                let target = unsafe p.luma + offset
                unsafe VP8IntraPredictor.predictSubblock(subblockModes[index], target)
                unsafe addResidual(code: blockCodes[block], coefficients + block &* 16, to: target)
                index &+= 1
                block &+= 1
            }
        } else {
            unsafe VP8IntraPredictor.predictWholeBlock(modes.lumaMode, size: 16, p.luma, hasAbove: hasAbove, hasLeft: hasLeft)
            while block < 16 { // two blocks side by side a pass
                let offset = (block &>> 2) &* 128 &+ (block & 3) &* 4
                let target = unsafe p.luma + offset
                unsafe addResiduals(codes: blockCodes + block, coefficients + block &* 16, to: target)
                block &+= 2
            }
        }
    }
    #endif

    /// Adds one luma block's residual the way libwebp on x86 does: the full transform in 16-bit
    /// lanes (code 3), the three-coefficient transform (code 2) and the DC-only one (code 1) in
    /// 32-bit arithmetic. The two differ only on coefficients no encoder writes.
    #if DEBUG
    @_transparent // unoptimised, no `memset` of each parameter and local per call (see VP8BoolDecoder.readBit)
    #else
    @inline(__always)
    #endif
    private static func addResidual(code: UInt8, _ coefficients: UnsafePointer<Int16>, to target: UnsafeMutablePointer<UInt8>) {
        if code == 3 {
            unsafe VP8Transform.addInverseDCT16(coefficients, to: target)
        } else if code == 2 {
            unsafe VP8Transform.addInverseAC3(coefficients, to: target)
        } else if code == 1 {
            unsafe VP8Transform.addInverseDC(coefficients[0], to: target)
        }
    }

    /// Adds the residuals of two horizontally adjacent luma blocks of a whole-block prediction.
    /// When each needs the full transform or has no coefficients (whose transform adds nothing),
    /// both go through it at once; otherwise one by one, as ``addResidual(code:_:to:)``.
    #if DEBUG
    @_transparent // unoptimised, no `memset` of each parameter and local per call (see VP8BoolDecoder.readBit)
    #else
    @inline(__always)
    #endif
    private static func addResiduals(codes: UnsafePointer<UInt8>, _ coefficients: UnsafePointer<Int16>,
                                     to target: UnsafeMutablePointer<UInt8>) {
        let first = unsafe codes[0], second = unsafe codes[1]
        let fullOrEmpty = (first == 3 || first == 0) && (second == 3 || second == 0)
        if fullOrEmpty && first | second != 0 {
            unsafe VP8Transform.addInverseDCT16Pair(coefficients, to: target)
        } else {
            unsafe addResidual(code: first, coefficients, to: target)
            unsafe addResidual(code: second, coefficients + 16, to: target + 4)
        }
    }

    /// Adds the residuals of one 8×8 chroma plane (four blocks, two side by side at a time). As
    /// in libwebp, a plane with any AC coefficient goes through the full 16-bit transform for
    /// every block (a block without coefficients is left as it is); otherwise each DC is added alone.
    #if DEBUG
    @_transparent // unoptimised, no `memset` of each parameter and local per call (see VP8BoolDecoder.readBit)
    #else
    @inline(__always)
    #endif
    private static func addChromaResiduals(_ codes: UnsafePointer<UInt8>, _ coefficients: UnsafePointer<Int16>,
                                           to origin: UnsafeMutablePointer<UInt8>) {
        let hasAC = unsafe codes[0] >= 2 || codes[1] >= 2 || codes[2] >= 2 || codes[3] >= 2
        for row in 0..<2 where unsafe codes[2 * row] | codes[2 * row + 1] != 0 {
            let target = unsafe origin + row * 4 * stride, blocks = unsafe coefficients + row * 32
            if hasAC {
                unsafe VP8Transform.addInverseDCT16Pair(blocks, to: target)
            } else {
                unsafe VP8Transform.addInverseDCPair(blocks[0], blocks[16], to: target)
            }
        }
    }

    /// Brings in the left edge (shifting the previous macroblock's right columns, above row
    /// included) and the unfiltered row above.
    private static func loadEdges(_ p: Pointers, hasLeft: Bool, hasAbove: Bool) {
        #if DEBUG
        unsafe loadEdgesTwin(p, hasLeft: hasLeft, hasAbove: hasAbove)
        #else
        if hasLeft {
            for row in -1..<16 { unsafe (p.luma + row * stride - 4).update(from: p.luma + row * stride + 12, count: 4) }
            for row in -1..<8 {
                unsafe (p.u + row * stride - 4).update(from: p.u + row * stride + 4, count: 4)
                unsafe (p.v + row * stride - 4).update(from: p.v + row * stride + 4, count: 4)
            }
        }
        guard hasAbove else { return }
        unsafe (p.luma - stride).update(from: p.above, count: 16)
        unsafe (p.u - stride).update(from: p.above + 16, count: 8)
        unsafe (p.v - stride).update(from: p.above + 24, count: 8)
        #endif
    }

    /// The four samples above and to the right of the macroblock, which 4×4 prediction reads for
    /// the blocks of the right column (repeated on rows 3, 7 and 11 for the lower blocks). On the
    /// last column they repeat the last sample above; on the first row they stay 127.
    private static func setAboveRight(_ p: Pointers, hasAbove: Bool) {
        let aboveRight = unsafe p.luma - stride + 16
        if hasAbove {
            if let nextAbove = unsafe p.nextAbove {
                unsafe aboveRight.update(from: nextAbove, count: 4)
            } else {
                unsafe aboveRight.update(repeating: p.above[15], count: 4)
            }
        }
        // Beside rows 3, 7 and 11 of the block (written out: unoptimised, a `stride` loop is slow).
        unsafe (aboveRight + 4 * stride).update(from: aboveRight, count: 4)
        unsafe (aboveRight + 8 * stride).update(from: aboveRight, count: 4)
        unsafe (aboveRight + 12 * stride).update(from: aboveRight, count: 4)
    }

    /// Saves the bottom rows for the next macroblock row and copies the block into the planes.
    private static func store(_ p: Pointers) {
        #if DEBUG
        unsafe storeTwin(p)
        #else
        unsafe p.above.update(from: p.luma + 15 * stride, count: 16)
        unsafe (p.above + 16).update(from: p.u + 7 * stride, count: 8)
        unsafe (p.above + 24).update(from: p.v + 7 * stride, count: 8)
        for row in 0..<16 { unsafe (p.lumaPlane + row * p.lumaStride).update(from: p.luma + row * stride, count: 16) }
        for row in 0..<8 {
            unsafe (p.uPlane + row * p.chromaStride).update(from: p.u + row * stride, count: 8)
            unsafe (p.vPlane + row * p.chromaStride).update(from: p.v + row * stride, count: 8)
        }
        #endif
    }
}

#if DEBUG
extension VP8MacroblockDecoder {
    /// Debug builds' ``loadEdges(_:hasLeft:hasAbove:)``: unoptimised, `update(from:count:)` is a
    /// generic call, a range loop calls its iterator and each read of a static constant goes
    /// through a one-time-initialisation call; here a word or two per row (``copyRowsTwin``), from
    /// one stride read. The same bytes (the corpus tests compare the decoder's output with libwebp's).
    private static func loadEdgesTwin(_ p: Pointers, hasLeft: Bool, hasAbove: Bool) {
        let stride = Self.stride
        if hasLeft { // rows −1 … 15 (−1 … 7 in chroma): the right 4 columns become the left 4
            unsafe copyRowsTwin(p.luma - stride - 4, from: p.luma - stride + 12, rows: 17, count: 4, strides: (stride, stride))
            unsafe copyRowsTwin(p.u - stride - 4, from: p.u - stride + 4, rows: 9, count: 4, strides: (stride, stride))
            unsafe copyRowsTwin(p.v - stride - 4, from: p.v - stride + 4, rows: 9, count: 4, strides: (stride, stride))
        }
        guard hasAbove else { return }
        unsafe copyRowsTwin(p.luma - stride, from: p.above, rows: 1, count: 16, strides: (0, 0))
        unsafe copyRowsTwin(p.u - stride, from: p.above + 16, rows: 1, count: 8, strides: (0, 0))
        unsafe copyRowsTwin(p.v - stride, from: p.above + 24, rows: 1, count: 8, strides: (0, 0))
    }

    /// Debug builds' ``store(_:)``, copying as ``loadEdgesTwin(_:hasLeft:hasAbove:)`` does.
    private static func storeTwin(_ p: Pointers) {
        let stride = Self.stride
        unsafe copyRowsTwin(p.above, from: p.luma + 15 &* stride, rows: 1, count: 16, strides: (0, 0))
        unsafe copyRowsTwin(p.above + 16, from: p.u + 7 &* stride, rows: 1, count: 8, strides: (0, 0))
        unsafe copyRowsTwin(p.above + 24, from: p.v + 7 &* stride, rows: 1, count: 8, strides: (0, 0))
        unsafe copyRowsTwin(p.lumaPlane, from: p.luma, rows: 16, count: 16, strides: (p.lumaStride, stride))
        unsafe copyRowsTwin(p.uPlane, from: p.u, rows: 8, count: 8, strides: (p.chromaStride, stride))
        unsafe copyRowsTwin(p.vPlane, from: p.v, rows: 8, count: 8, strides: (p.chromaStride, stride))
    }

    /// Copies `rows` rows of `count` bytes (4, 8 or 16) from `source` to `target`, the rows
    /// `strides.target` and `strides.source` apart, as 32-bit words (`count` 4) or 64-bit words:
    /// unoptimised, cheaper than a `copyMemory` call per row (a call to `memmove` behind a call).
    /// Every row copied here starts on a multiple of its word size: the workspace, `aboveSamples`
    /// and the planes start on multiples of 8 and their strides and block offsets are multiples of
    /// 8, and the 4-byte edge columns start 4 or 12 bytes into a block row. `@_transparent`: an
    /// unoptimised build gives it no locals to zero.
    @_transparent
    static func copyRowsTwin(_ target: UnsafeMutablePointer<UInt8>, from source: UnsafePointer<UInt8>, rows: Int, count: Int,
                             strides: (target: Int, source: Int)) {
        var to = UnsafeMutableRawPointer(target), from = unsafe UnsafeRawPointer(source), row = 0
        while row < rows {
            if count == 4 {
                unsafe to.assumingMemoryBound(to: UInt32.self)[0] = from.assumingMemoryBound(to: UInt32.self)[0]
            } else {
                let words = unsafe to.assumingMemoryBound(to: UInt64.self), sourceWords = unsafe from.assumingMemoryBound(to: UInt64.self)
                unsafe words[0] = sourceWords[0]
                if count == 16 { unsafe words[1] = sourceWords[1] }
            }
            unsafe to += strides.target
            unsafe from += strides.source
            row &+= 1
        }
    }
}
#endif
