/// How one kind of block (luma, second-order luma DC, chroma) is quantised in one segment: the
/// step of each coefficient, a fixed-point reciprocal (17 fractional bits) and a rounding bias,
/// the magnitude below which a coefficient becomes zero, and a small boost of the high luma
/// frequencies that keeps textures from flattening at middle rates.
///
/// Everything is indexed by natural (row-major) coefficient position; position 0 is the DC. The
/// tables live in memory the object owns, so that the quantiser reads them without copies.
@safe final class VP8QuantizerMatrix: @unchecked Sendable {
    /// What the matrix quantises; it sets the rounding biases and whether to sharpen.
    enum Kind: Int, Sendable {
        case luma = 0, secondOrder, chroma
    }

    static let fractionBits: UInt32 = 17

    /// Five tables of 16: step, reciprocal, bias, zero threshold, sharpening. Written only here.
    private let tables: UnsafeMutablePointer<UInt32>
    var step: UnsafePointer<UInt32> { unsafe UnsafePointer(tables) }
    var reciprocal: UnsafePointer<UInt32> { unsafe UnsafePointer(tables + 16) }
    var bias: UnsafePointer<UInt32> { unsafe UnsafePointer(tables + 32) }
    var zeroThreshold: UnsafePointer<UInt32> { unsafe UnsafePointer(tables + 48) }
    var sharpening: UnsafePointer<UInt32> { unsafe UnsafePointer(tables + 64) }

    /// Rounding biases (in 1/256 of a step) for the DC and the AC coefficients of each kind: a
    /// little under one half, so that values near a decision point round down.
    private static let biases: [(dc: UInt32, ac: UInt32)] = [(96, 110), (96, 108), (110, 115)]

    /// High-frequency luma boost, in 1/2048 of the step, by position.
    private static let sharpeningWeights: [UInt32] = [0, 30, 60, 90, 30, 60, 90, 90, 60, 90, 90, 90, 90, 90, 90, 90]

    init(dcStep: Int, acStep: Int, kind: Kind) {
        unsafe tables = .allocate(capacity: 80)
        let (dcBias, acBias) = Self.biases[kind.rawValue]
        for j in 0..<16 {
            let step = UInt32(j == 0 ? dcStep : acStep)
            let reciprocal = (1 << Self.fractionBits) / step
            let bias = (j == 0 ? dcBias : acBias) << (Self.fractionBits - 8)
            unsafe tables[j] = step
            unsafe tables[16 + j] = reciprocal
            unsafe tables[32 + j] = bias
            // The exact magnitude below which (magnitude · reciprocal + bias) >> 17 is zero.
            unsafe tables[48 + j] = ((1 << Self.fractionBits) - 1 - bias) / reciprocal
            unsafe tables[64 + j] = kind == .luma ? (Self.sharpeningWeights[j] * step) >> 11 : 0
        }
    }

    deinit { unsafe tables.deallocate() }

    /// The mean step, rounded: what the rate–distortion multipliers are derived from.
    var averageStep: Int { ((0..<16).reduce(0) { unsafe $0 + Int(step[$1]) } + 8) >> 4 }

    /// `(magnitude · reciprocal + bias) >> 17` for one coefficient.
    @inline(__always)
    func quantize(_ magnitude: UInt32, position: Int, bias: UInt32) -> Int {
        unsafe Int((magnitude &* reciprocal[position] &+ bias) >> Self.fractionBits)
    }
}

extension VP8QuantizerMatrix {
    /// Natural position of the `n`th coefficient in coding order.
    static let zigzag: [Int] = VP8Tables.zigzag

    /// Quantises the 16 coefficients at `coefficients` (natural order): writes the levels in
    /// coding (zigzag) order to `levels`, and replaces the coefficients by their dequantised
    /// values, as the decoder will see them. Returns whether any level is non-zero.
    ///
    /// A row of four coefficients at a time in 32-bit lanes, without branches: below the zero
    /// threshold the product is below one step anyway, and the cap at the largest level is
    /// `q − max(q − 2047, 0)`. The levels go through a natural-order scratch to be reordered.
    @inline(__always)
    func quantizeBlock(_ coefficients: UnsafeMutablePointer<Int16>, levels: UnsafeMutablePointer<Int16>) -> Bool {
        typealias Quad = SIMD4<UInt32>
        let table = unsafe UnsafeRawPointer(tables), block = UnsafeMutableRawPointer(coefficients)
        var any = SIMD4<Int32>.zero, natural = SIMD16<Int16>.zero
        unsafe withUnsafeMutableBytes(of: &natural) { natural in
            for row in 0..<4 {
                let offset = row &* 16
                let value = unsafe SIMD4<Int32>(truncatingIfNeeded: block.loadUnaligned(fromByteOffset: row &* 8, as: SIMD4<Int16>.self))
                let sign = value &>> 31
                let magnitude = unsafe Quad(truncatingIfNeeded: (value ^ sign) &- sign)
                    &+ table.loadUnaligned(fromByteOffset: 256 &+ offset, as: Quad.self)
                let quotient = unsafe (magnitude &* table.loadUnaligned(fromByteOffset: 64 &+ offset, as: Quad.self)
                    &+ table.loadUnaligned(fromByteOffset: 128 &+ offset, as: Quad.self)) &>> Self.fractionBits
                let unclamped = SIMD4<Int32>(truncatingIfNeeded: quotient)
                let excess = unclamped &- Int32(VP8CostTables.maximumLevel)
                var level = unclamped &- (excess & ~(excess &>> 31))
                level = (level ^ sign) &- sign
                any |= level
                let step = unsafe SIMD4<Int32>(truncatingIfNeeded: table.loadUnaligned(fromByteOffset: offset, as: Quad.self))
                unsafe block.storeBytes(of: SIMD4<Int16>(truncatingIfNeeded: level &* step), toByteOffset: row &* 8, as: SIMD4<Int16>.self)
                unsafe natural.storeBytes(of: SIMD4<Int16>(truncatingIfNeeded: level), toByteOffset: row &* 8, as: SIMD4<Int16>.self)
            }
        }
        unsafe levels[0] = natural[0]; unsafe levels[1] = natural[1]; unsafe levels[2] = natural[4]; unsafe levels[3] = natural[8]
        unsafe levels[4] = natural[5]; unsafe levels[5] = natural[2]; unsafe levels[6] = natural[3]; unsafe levels[7] = natural[6]
        unsafe levels[8] = natural[9]; unsafe levels[9] = natural[12]; unsafe levels[10] = natural[13]; unsafe levels[11] = natural[10]
        unsafe levels[12] = natural[7]; unsafe levels[13] = natural[11]; unsafe levels[14] = natural[14]; unsafe levels[15] = natural[15]
        return any != .zero
    }
}
