/// What the encoder keeps between macroblocks, as the decoder does: the reconstructed (not yet
/// loop-filtered) samples bordering the next macroblocks, the "has coefficients" flags that
/// select token probabilities, and the 4×4 modes that select mode probabilities.
///
/// Outside the image the samples above are 127 and those to the left 129 (the above-left is 127
/// on the first row), flags are 0 and modes are DC.
struct VP8MacroblockContext {
    let columns: Int
    /// Bottom rows of the macroblock row above: 16 luma, 8 U and 8 V samples per column.
    private(set) var topLuma: [UInt8]
    private(set) var topU: [UInt8]
    private(set) var topV: [UInt8]
    /// Right columns of the macroblock to the left; element 0 is the above-left sample.
    private(set) var leftLuma = [UInt8](repeating: 129, count: 17)
    private(set) var leftU = [UInt8](repeating: 129, count: 9)
    private(set) var leftV = [UInt8](repeating: 129, count: 9)
    /// Per column: luma columns 0–3, U 4–5, V 6–7, second-order 8 (the decoder's layout).
    var topNonZero: [UInt8]
    /// Luma rows 0–3, U 4–5, V 6–7, second-order 8.
    var leftNonZero = [UInt8](repeating: 0, count: 9)
    /// Bottom 4×4 modes of the row above (4 per column) and right modes of the left neighbour.
    var topModes: [UInt8]
    var leftModes: [UInt8] = [0, 0, 0, 0]

    init(columns: Int) {
        self.columns = columns
        topLuma = [UInt8](repeating: 127, count: columns * 16)
        topU = [UInt8](repeating: 127, count: columns * 8)
        topV = [UInt8](repeating: 127, count: columns * 8)
        topNonZero = [UInt8](repeating: 0, count: columns * 9)
        topModes = [UInt8](repeating: 0, count: columns * 4)
    }

    /// Resets the left neighbour for the first macroblock of row `y`.
    mutating func startRow(_ y: Int) {
        for i in 1..<17 { leftLuma[i] = 129 }
        for i in 1..<9 {
            leftU[i] = 129
            leftV[i] = 129
        }
        let corner: UInt8 = y > 0 ? 129 : 127
        leftLuma[0] = corner
        leftU[0] = corner
        leftV[0] = corner
        for i in 0..<9 { leftNonZero[i] = 0 }
        for i in 0..<4 { leftModes[i] = 0 }
    }

    /// Writes the edges of macroblock column `x` around a luma block at `block` (stride 32): the
    /// above-left, the 16 samples above, the 4 above-right ones if `aboveRight`, and the left column.
    func loadLumaEdges(x: Int, into block: UnsafeMutablePointer<UInt8>, aboveRight: Bool) {
        let stride = VP8EncoderWorkspace.stride
        unsafe block[-stride - 1] = leftLuma[0]
        unsafe topLuma.withUnsafeBufferPointer { top in
            unsafe (block - stride).update(from: top.baseAddress! + x * 16, count: 16)
            if aboveRight {
                if x + 1 < columns {
                    unsafe (block - stride + 16).update(from: top.baseAddress! + x * 16 + 16, count: 4)
                } else {
                    unsafe (block - stride + 16).update(repeating: top[x * 16 + 15], count: 4)
                }
            }
        }
        for row in 0..<16 { unsafe block[row * stride - 1] = leftLuma[row + 1] }
    }

    /// Writes the edges of macroblock column `x` around a U block at `block` and a V block 16
    /// columns to its right.
    func loadChromaEdges(x: Int, into block: UnsafeMutablePointer<UInt8>) {
        unsafe Self.loadChromaEdges(x: x, into: block, top: topU, left: leftU)
        unsafe Self.loadChromaEdges(x: x, into: block + 16, top: topV, left: leftV)
    }

    @inline(__always)
    private static func loadChromaEdges(x: Int, into plane: UnsafeMutablePointer<UInt8>, top: [UInt8], left: [UInt8]) {
        let stride = VP8EncoderWorkspace.stride
        unsafe plane[-stride - 1] = left[0]
        unsafe top.withUnsafeBufferPointer { unsafe (plane - stride).update(from: $0.baseAddress! + x * 8, count: 8) }
        for row in 0..<8 { unsafe plane[row * stride - 1] = left[row + 1] }
    }

    /// Keeps the borders of the reconstructed macroblock (`x`, `y`) in `output` (a macroblock
    /// buffer) for its right and lower neighbours.
    mutating func saveBoundary(x: Int, y: Int, rows: Int, output: UnsafePointer<UInt8>) {
        let stride = VP8EncoderWorkspace.stride
        if x < columns - 1 {
            leftLuma[0] = topLuma[x * 16 + 15]
            leftU[0] = topU[x * 8 + 7]
            leftV[0] = topV[x * 8 + 7]
            for row in 0..<16 { leftLuma[row + 1] = unsafe output[row * stride + 15] }
            for row in 0..<8 {
                leftU[row + 1] = unsafe output[row * stride + 23]
                leftV[row + 1] = unsafe output[row * stride + 31]
            }
        }
        if y < rows - 1 {
            for i in 0..<16 { topLuma[x * 16 + i] = unsafe output[15 * stride + i] }
            for i in 0..<8 {
                topU[x * 8 + i] = unsafe output[7 * stride + 16 + i]
                topV[x * 8 + i] = unsafe output[7 * stride + 24 + i]
            }
        }
    }
}
