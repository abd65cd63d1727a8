/// Reconstructs macroblocks (prediction plus inverse transforms) into ``VP8Planes``.
///
/// Like libwebp it builds each macroblock in a small workspace with a 32-byte stride that also
/// holds the edges prediction reads: the unfiltered bottom row of the macroblock above (kept in
/// `aboveSamples`, because the planes get loop-filtered), the right column of the macroblock to
/// the left, and the fixed 127/129 values outside the image.
final class VP8MacroblockDecoder {
    private static let stride = VP8Transform.stride
    /// Workspace offsets of the three blocks: luma has 8 bytes of left margin, chroma sits below.
    private static let lumaOffset = stride + 8
    private static let uOffset = lumaOffset + 16 * stride + stride
    private static let vOffset = uOffset + 16
    private static let workspaceSize = stride * 17 + stride * 9

    let columns: Int
    let rows: Int
    var planes: VP8Planes
    private var workspace = [UInt8](repeating: 0, count: workspaceSize)
    /// Unfiltered last luma row (16), U row (8) and V row (8) of each macroblock of the row above.
    private var aboveSamples: [UInt8]

    init(macroblockColumns columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        planes = VP8Planes(macroblockColumns: columns, rows: rows)
        aboveSamples = [UInt8](repeating: 0, count: columns * 32)
    }

    /// Sets the workspace edges for the first macroblock of row `y`: left columns are 129; the
    /// above row is 127 on the first row (above-left too), else the above-left is 129.
    func startRow(_ y: Int) {
        workspace.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            let luma = base + Self.lumaOffset, u = base + Self.uOffset, v = base + Self.vOffset
            for row in 0..<16 { luma[row * Self.stride - 1] = 129 }
            for row in 0..<8 {
                u[row * Self.stride - 1] = 129
                v[row * Self.stride - 1] = 129
            }
            if y > 0 {
                luma[-1 - Self.stride] = 129
                u[-1 - Self.stride] = 129
                v[-1 - Self.stride] = 129
            } else {
                (luma - Self.stride - 1).update(repeating: 127, count: 16 + 4 + 1)
                (u - Self.stride - 1).update(repeating: 127, count: 8 + 1)
                (v - Self.stride - 1).update(repeating: 127, count: 8 + 1)
            }
        }
    }

    /// Predicts and reconstructs macroblock (`x`, `y`) and stores it in the planes.
    /// `coefficients` and `blockCodes` come from ``VP8ResidualDecoder`` (all-zero codes for a
    /// macroblock without coefficients); `subblockModes` holds the row's 4×4 modes.
    func reconstruct(x: Int, y: Int, modes: VP8MacroblockModes, subblockModes: ArraySlice<VP8PredictionMode>,
                     coefficients: UnsafePointer<Int16>, blockCodes: UnsafePointer<UInt8>) {
        // Hot path: all block work happens on raw pointers into the workspace.
        workspace.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            let luma = base + Self.lumaOffset, u = base + Self.uOffset, v = base + Self.vOffset
            loadEdges(x: x, y: y, luma: luma, u: u, v: v)
            if modes.usesSubblocks {
                setAboveRight(x: x, y: y, luma: luma)
                var index = subblockModes.startIndex
                for block in 0..<16 {
                    let target = luma + (block >> 2) * 4 * Self.stride + (block & 3) * 4
                    VP8IntraPredictor.predictSubblock(subblockModes[index], target)
                    Self.addResidual(code: blockCodes[block], coefficients + block * 16, to: target)
                    index += 1
                }
            } else {
                VP8IntraPredictor.predictWholeBlock(modes.lumaMode, size: 16, luma, hasAbove: y > 0, hasLeft: x > 0)
                for block in 0..<16 {
                    let target = luma + (block >> 2) * 4 * Self.stride + (block & 3) * 4
                    Self.addResidual(code: blockCodes[block], coefficients + block * 16, to: target)
                }
            }
            for (plane, first) in [(u, 16), (v, 20)] {
                VP8IntraPredictor.predictWholeBlock(modes.chromaMode, size: 8, plane, hasAbove: y > 0, hasLeft: x > 0)
                for block in 0..<4 {
                    let target = plane + (block >> 1) * 4 * Self.stride + (block & 1) * 4
                    Self.addResidual(code: blockCodes[first + block], coefficients + (first + block) * 16, to: target)
                }
            }
            storeMacroblock(x: x, y: y, luma: luma, u: u, v: v)
        }
    }

    @inline(__always)
    private static func addResidual(code: UInt8, _ coefficients: UnsafePointer<Int16>, to target: UnsafeMutablePointer<UInt8>) {
        if code >= 2 {
            VP8Transform.addInverseDCT(coefficients, to: target)
        } else if code == 1 {
            VP8Transform.addInverseDC(coefficients[0], to: target)
        }
    }

    /// Brings in the left edge (shifting the previous macroblock's right columns, above row
    /// included) and the unfiltered row above.
    private func loadEdges(x: Int, y: Int, luma: UnsafeMutablePointer<UInt8>,
                           u: UnsafeMutablePointer<UInt8>, v: UnsafeMutablePointer<UInt8>) {
        if x > 0 {
            for row in -1..<16 { (luma + row * Self.stride - 4).update(from: luma + row * Self.stride + 12, count: 4) }
            for row in -1..<8 {
                (u + row * Self.stride - 4).update(from: u + row * Self.stride + 4, count: 4)
                (v + row * Self.stride - 4).update(from: v + row * Self.stride + 4, count: 4)
            }
        }
        guard y > 0 else { return }
        aboveSamples.withUnsafeBufferPointer { above in
            let samples = above.baseAddress! + x * 32
            (luma - Self.stride).update(from: samples, count: 16)
            (u - Self.stride).update(from: samples + 16, count: 8)
            (v - Self.stride).update(from: samples + 24, count: 8)
        }
    }

    /// The four samples above and to the right of the macroblock, which 4×4 prediction reads for
    /// the blocks of the right column (repeated on rows 3, 7 and 11 for the lower blocks). On the
    /// last column they repeat the last sample above; on the first row they stay 127.
    private func setAboveRight(x: Int, y: Int, luma: UnsafeMutablePointer<UInt8>) {
        let aboveRight = luma - Self.stride + 16
        if y > 0 {
            aboveSamples.withUnsafeBufferPointer { above in
                if x >= columns - 1 {
                    aboveRight.update(repeating: above[x * 32 + 15], count: 4)
                } else {
                    aboveRight.update(from: above.baseAddress! + (x + 1) * 32, count: 4)
                }
            }
        }
        for row in [3, 7, 11] { (aboveRight + (row + 1) * Self.stride).update(from: aboveRight, count: 4) }
    }

    /// Saves the bottom rows for the next macroblock row and copies the block into the planes.
    private func storeMacroblock(x: Int, y: Int, luma: UnsafeMutablePointer<UInt8>,
                                 u: UnsafeMutablePointer<UInt8>, v: UnsafeMutablePointer<UInt8>) {
        aboveSamples.withUnsafeMutableBufferPointer { above in
            let samples = above.baseAddress! + x * 32
            samples.update(from: luma + 15 * Self.stride, count: 16)
            (samples + 16).update(from: u + 7 * Self.stride, count: 8)
            (samples + 24).update(from: v + 7 * Self.stride, count: 8)
        }
        let lumaStride = planes.lumaStride, chromaStride = planes.chromaStride
        planes.luma.withUnsafeMutableBufferPointer { plane in
            let origin = plane.baseAddress! + y * 16 * lumaStride + x * 16
            for row in 0..<16 { (origin + row * lumaStride).update(from: luma + row * Self.stride, count: 16) }
        }
        for (source, isU) in [(u, true), (v, false)] {
            let copy = { (plane: inout UnsafeMutableBufferPointer<UInt8>) in
                let origin = plane.baseAddress! + y * 8 * chromaStride + x * 8
                for row in 0..<8 { (origin + row * chromaStride).update(from: source + row * Self.stride, count: 8) }
            }
            if isU { planes.u.withUnsafeMutableBufferPointer(copy) } else { planes.v.withUnsafeMutableBufferPointer(copy) }
        }
    }
}
