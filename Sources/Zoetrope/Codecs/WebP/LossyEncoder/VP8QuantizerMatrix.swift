/// How one kind of block (luma, second-order luma DC, chroma) is quantised in one segment: the
/// step of each coefficient, a fixed-point reciprocal (17 fractional bits) and a rounding bias,
/// the magnitude below which a coefficient becomes zero, and a small boost of the high luma
/// frequencies that keeps textures from flattening at middle rates.
///
/// Everything is indexed by natural (row-major) coefficient position; position 0 is the DC. The
/// tables live in memory the object owns, so that the quantiser reads them without copies.
final class VP8QuantizerMatrix: @unchecked Sendable {
    /// What the matrix quantises; it sets the rounding biases and whether to sharpen.
    enum Kind: Int, Sendable {
        case luma = 0, secondOrder, chroma
    }

    static let fractionBits: UInt32 = 17

    /// Five tables of 16: step, reciprocal, bias, zero threshold, sharpening. Written only here.
    private let tables: UnsafeMutablePointer<UInt32>
    var step: UnsafePointer<UInt32> { UnsafePointer(tables) }
    var reciprocal: UnsafePointer<UInt32> { UnsafePointer(tables + 16) }
    var bias: UnsafePointer<UInt32> { UnsafePointer(tables + 32) }
    var zeroThreshold: UnsafePointer<UInt32> { UnsafePointer(tables + 48) }
    var sharpening: UnsafePointer<UInt32> { UnsafePointer(tables + 64) }

    /// Rounding biases (in 1/256 of a step) for the DC and the AC coefficients of each kind: a
    /// little under one half, so that values near a decision point round down.
    private static let biases: [(dc: UInt32, ac: UInt32)] = [(96, 110), (96, 108), (110, 115)]

    /// High-frequency luma boost, in 1/2048 of the step, by position.
    private static let sharpeningWeights: [UInt32] = [0, 30, 60, 90, 30, 60, 90, 90, 60, 90, 90, 90, 90, 90, 90, 90]

    init(dcStep: Int, acStep: Int, kind: Kind) {
        tables = .allocate(capacity: 80)
        let (dcBias, acBias) = Self.biases[kind.rawValue]
        for j in 0..<16 {
            let step = UInt32(j == 0 ? dcStep : acStep)
            let reciprocal = (1 << Self.fractionBits) / step
            let bias = (j == 0 ? dcBias : acBias) << (Self.fractionBits - 8)
            tables[j] = step
            tables[16 + j] = reciprocal
            tables[32 + j] = bias
            // The exact magnitude below which (magnitude · reciprocal + bias) >> 17 is zero.
            tables[48 + j] = ((1 << Self.fractionBits) - 1 - bias) / reciprocal
            tables[64 + j] = kind == .luma ? (Self.sharpeningWeights[j] * step) >> 11 : 0
        }
    }

    deinit { tables.deallocate() }

    /// The mean step, rounded: what the rate–distortion multipliers are derived from.
    var averageStep: Int { ((0..<16).reduce(0) { $0 + Int(step[$1]) } + 8) >> 4 }

    /// `(magnitude · reciprocal + bias) >> 17` for one coefficient.
    @inline(__always)
    func quantize(_ magnitude: UInt32, position: Int, bias: UInt32) -> Int {
        Int((magnitude &* reciprocal[position] &+ bias) >> Self.fractionBits)
    }
}

extension VP8QuantizerMatrix {
    /// Natural position of the `n`th coefficient in coding order.
    static let zigzag: [Int] = VP8Tables.zigzag

    /// Quantises the 16 coefficients at `coefficients` (natural order): writes the levels in
    /// coding (zigzag) order to `levels`, and replaces the coefficients by their dequantised
    /// values, as the decoder will see them. Returns whether any level is non-zero.
    @inline(__always)
    func quantizeBlock(_ coefficients: UnsafeMutablePointer<Int16>, levels: UnsafeMutablePointer<Int16>) -> Bool {
        let step = self.step, reciprocal = self.reciprocal, bias = self.bias
        let zeroThreshold = self.zeroThreshold, sharpening = self.sharpening
        var any: Int32 = 0
        @inline(__always) func one(_ n: Int, _ j: Int) {
            let value = Int32(coefficients[j])
            let sign = value &>> 31
            let magnitude = UInt32(bitPattern: (value ^ sign) &- sign) &+ sharpening[j]
            var level: Int32 = 0
            if magnitude > zeroThreshold[j] {
                level = Int32(min((magnitude &* reciprocal[j] &+ bias[j]) >> Self.fractionBits, UInt32(VP8CostTables.maximumLevel)))
                level = (level ^ sign) &- sign
            }
            coefficients[j] = Int16(truncatingIfNeeded: level &* Int32(bitPattern: step[j]))
            levels[n] = Int16(truncatingIfNeeded: level)
            any |= level
        }
        one(0, 0); one(1, 1); one(2, 4); one(3, 8); one(4, 5); one(5, 2); one(6, 3); one(7, 6)
        one(8, 9); one(9, 12); one(10, 13); one(11, 10); one(12, 7); one(13, 11); one(14, 14); one(15, 15)
        return any != 0
    }
}
