/// The dequantisation factors of one segment (RFC 6386 section 14.1), as libwebp derives them.
struct VP8QuantMatrix: Sendable, Equatable {
    /// Luma coefficients: DC (when there is no second-order block) and AC.
    var lumaDC: Int32, lumaAC: Int32
    /// The second-order (Walsh–Hadamard) luma DC block.
    var secondOrderDC: Int32, secondOrderAC: Int32
    /// Chroma coefficients.
    var chromaDC: Int32, chromaAC: Int32

    /// The factors for quantiser index `index` (any value: it is clamped) and the header's deltas.
    init(index: Int, deltas: VP8QuantDeltas) {
        lumaDC = Self.dc(index &+ deltas.lumaDC, max: 127)
        lumaAC = Self.ac(index, max: 127)
        secondOrderDC = Self.dc(index &+ deltas.secondOrderDC, max: 127) &* 2
        // x·155/100 computed as libwebp does, (x·101581) >> 16, which is equal for every table value.
        secondOrderAC = max(8, (Self.ac(index &+ deltas.secondOrderAC, max: 127) &* 101_581) >> 16)
        chromaDC = Self.dc(index &+ deltas.chromaDC, max: 117)
        chromaAC = Self.ac(index &+ deltas.chromaAC, max: 127)
    }

    private static func clamp(_ index: Int, max: Int) -> Int { index < 0 ? 0 : index > max ? max : index }
    private static func dc(_ index: Int, max: Int) -> Int32 { Int32(dcTable[clamp(index, max: max)]) }
    private static func ac(_ index: Int, max: Int) -> Int32 { Int32(acTable[clamp(index, max: max)]) }

    /// DC dequantisation factor for each quantiser index (RFC 6386 section 14.1).
    static let dcTable: [UInt16] = [
        4, 5, 6, 7, 8, 9, 10, 10, 11, 12, 13, 14, 15, 16, 17, 17,
        18, 19, 20, 20, 21, 21, 22, 22, 23, 23, 24, 25, 25, 26, 27, 28,
        29, 30, 31, 32, 33, 34, 35, 36, 37, 37, 38, 39, 40, 41, 42, 43,
        44, 45, 46, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58,
        59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74,
        75, 76, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89,
        91, 93, 95, 96, 98, 100, 101, 102, 104, 106, 108, 110, 112, 114, 116, 118,
        122, 124, 126, 128, 130, 132, 134, 136, 138, 140, 143, 145, 148, 151, 154, 157,
    ]

    /// AC dequantisation factor for each quantiser index.
    static let acTable: [UInt16] = [
        4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
        20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35,
        36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51,
        52, 53, 54, 55, 56, 57, 58, 60, 62, 64, 66, 68, 70, 72, 74, 76,
        78, 80, 82, 84, 86, 88, 90, 92, 94, 96, 98, 100, 102, 104, 106, 108,
        110, 112, 114, 116, 119, 122, 125, 128, 131, 134, 137, 140, 143, 146, 149, 152,
        155, 158, 161, 164, 167, 170, 173, 177, 181, 185, 189, 193, 197, 201, 205, 209,
        213, 217, 221, 225, 229, 234, 239, 245, 249, 254, 259, 264, 269, 274, 279, 284,
    ]
}

/// The frame header's adjustments of the quantiser index per coefficient kind.
struct VP8QuantDeltas: Sendable, Equatable {
    var lumaDC = 0, secondOrderDC = 0, secondOrderAC = 0, chromaDC = 0, chromaAC = 0
}
