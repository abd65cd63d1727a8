/// The decoded Y, U and V planes of a frame, covering whole macroblocks (the visible picture is
/// the top-left `width × height` of the luma plane; chroma has half the resolution both ways).
struct VP8Planes: Sendable {
    let lumaStride: Int
    let chromaStride: Int
    var luma: [UInt8]
    var u: [UInt8]
    var v: [UInt8]

    /// Zeroed planes for `columns × rows` macroblocks (the caller has checked the size).
    init(macroblockColumns columns: Int, rows: Int) {
        lumaStride = columns * 16
        chromaStride = columns * 8
        luma = [UInt8](repeating: 0, count: lumaStride * rows * 16)
        u = [UInt8](repeating: 0, count: chromaStride * rows * 8)
        v = [UInt8](repeating: 0, count: chromaStride * rows * 8)
    }
}
