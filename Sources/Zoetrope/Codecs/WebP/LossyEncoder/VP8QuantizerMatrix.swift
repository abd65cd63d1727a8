/// How one kind of block (luma, second-order luma DC, chroma) is quantised in one segment: the
/// step of each coefficient, a fixed-point reciprocal (17 fractional bits) and a rounding bias,
/// the magnitude below which a coefficient becomes zero, and a small boost of the high luma
/// frequencies that keeps textures from flattening at middle rates.
///
/// Everything is indexed by natural (row-major) coefficient position; position 0 is the DC.
struct VP8QuantizerMatrix: Sendable {
    /// What the matrix quantises; it sets the rounding biases and whether to sharpen.
    enum Kind: Int, Sendable {
        case luma = 0, secondOrder, chroma
    }

    static let fractionBits: UInt32 = 17

    var step: SIMD16<Int32>
    var reciprocal: SIMD16<UInt32>
    var bias: SIMD16<UInt32>
    var zeroThreshold: SIMD16<UInt32>
    var sharpening: SIMD16<Int32>

    /// Rounding biases (in 1/256 of a step) for the DC and the AC coefficients of each kind: a
    /// little under one half, so that values near a decision point round down.
    private static let biases: [(dc: UInt32, ac: UInt32)] = [(96, 110), (96, 108), (110, 115)]

    /// High-frequency luma boost, in 1/2048 of the step, by position.
    private static let sharpeningWeights: SIMD16<Int32> = [0, 30, 60, 90, 30, 60, 90, 90, 60, 90, 90, 90, 90, 90, 90, 90]

    init(dcStep: Int, acStep: Int, kind: Kind) {
        var step = SIMD16<Int32>(repeating: Int32(acStep))
        step[0] = Int32(dcStep)
        self.step = step
        reciprocal = (1 << Self.fractionBits) / SIMD16<UInt32>(truncatingIfNeeded: step)
        let (dcBias, acBias) = Self.biases[kind.rawValue]
        var bias = SIMD16<UInt32>(repeating: acBias << (Self.fractionBits - 8))
        bias[0] = dcBias << (Self.fractionBits - 8)
        self.bias = bias
        // The exact magnitude below which (magnitude · reciprocal + bias) >> 17 is zero.
        zeroThreshold = ((1 << Self.fractionBits) &- 1 &- bias) / reciprocal
        sharpening = kind == .luma ? (Self.sharpeningWeights &* step) &>> 11 : .zero
    }

    /// The mean step, rounded: what the rate–distortion multipliers are derived from.
    var averageStep: Int { (Int(step.wrappedSum()) + 8) >> 4 }

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
        let raw = UnsafeMutableRawPointer(coefficients)
        let input = SIMD16<Int32>(truncatingIfNeeded: raw.loadUnaligned(as: SIMD16<Int16>.self))
        let negative = input .< 0
        let magnitude = SIMD16<UInt32>(truncatingIfNeeded: input.replacing(with: 0 &- input, where: negative) &+ sharpening)
        var level = (magnitude &* reciprocal &+ bias) &>> Self.fractionBits
        level = level.replacing(with: 0, where: magnitude .<= zeroThreshold)
        level = level.replacing(with: UInt32(VP8CostTables.maximumLevel), where: level .> UInt32(VP8CostTables.maximumLevel))
        var signed = SIMD16<Int32>(truncatingIfNeeded: level)
        signed = signed.replacing(with: 0 &- signed, where: negative)
        raw.storeBytes(of: SIMD16<Int16>(truncatingIfNeeded: signed &* step), as: SIMD16<Int16>.self)
        let zigzagged = SIMD16<Int16>(truncatingIfNeeded: SIMD16<Int32>(
            signed[0], signed[1], signed[4], signed[8], signed[5], signed[2], signed[3], signed[6],
            signed[9], signed[12], signed[13], signed[10], signed[7], signed[11], signed[14], signed[15]))
        UnsafeMutableRawPointer(levels).storeBytes(of: zigzagged, as: SIMD16<Int16>.self)
        return level != .zero
    }
}
