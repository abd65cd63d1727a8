/// The row cache the decoder works in: Y, U and V for the macroblock row being decoded, plus the
/// rows above it that are still needed (libwebp keeps such a cache too, rather than whole planes).
///
/// The current macroblock row always sits at the same place, below ``lumaRowsAbove`` luma rows
/// (``chromaRowsAbove`` chroma rows) carried over from the rows above: the four the loop filter
/// reads across the top edge, and those not yet converted to RGBA, which lags because the loop
/// filter of the next row still changes a few rows and the fancy upsampler needs the chroma row
/// below. ``advance()`` moves to the next macroblock row.
struct VP8Planes: Sendable {
    /// Luma rows kept above the current macroblock row.
    static let lumaRowsAbove = 10
    /// Chroma rows kept above the current macroblock row.
    static let chromaRowsAbove = 5

    let lumaStride: Int
    let chromaStride: Int
    var luma: [UInt8]
    var u: [UInt8]
    var v: [UInt8]
    /// The macroblock row being decoded.
    private(set) var macroblockRow = 0

    /// A cache for rows `columns` macroblocks wide.
    init(macroblockColumns columns: Int) {
        lumaStride = columns * 16
        chromaStride = columns * 8
        luma = [UInt8](repeating: 0, count: lumaStride * (Self.lumaRowsAbove + 16))
        u = [UInt8](repeating: 0, count: chromaStride * (Self.chromaRowsAbove + 8))
        v = [UInt8](repeating: 0, count: chromaStride * (Self.chromaRowsAbove + 8))
    }

    /// Index of the current macroblock row's first luma sample.
    var lumaRowOrigin: Int { Self.lumaRowsAbove * lumaStride }
    /// Index of the current macroblock row's first chroma sample.
    var chromaRowOrigin: Int { Self.chromaRowsAbove * chromaStride }

    /// Index of the first sample of image luma row `row`, which must be in the cache.
    func lumaIndex(row: Int) -> Int { (row - (16 * macroblockRow - Self.lumaRowsAbove)) * lumaStride }
    /// Index of the first sample of image chroma row `row`, which must be in the cache.
    func chromaIndex(row: Int) -> Int { (row - (8 * macroblockRow - Self.chromaRowsAbove)) * chromaStride }

    /// Moves to the next macroblock row: the bottom rows of this one become the rows above.
    mutating func advance() {
        Self.keepBottomRows(&luma, stride: lumaStride, rows: 16, kept: Self.lumaRowsAbove)
        Self.keepBottomRows(&u, stride: chromaStride, rows: 8, kept: Self.chromaRowsAbove)
        Self.keepBottomRows(&v, stride: chromaStride, rows: 8, kept: Self.chromaRowsAbove)
        macroblockRow += 1
    }

    /// Copies the last `kept` rows of the cache to its top.
    private static func keepBottomRows(_ plane: inout [UInt8], stride: Int, rows: Int, kept: Int) {
        unsafe plane.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            unsafe base.update(from: base + rows * stride, count: kept * stride)
        }
    }
}
