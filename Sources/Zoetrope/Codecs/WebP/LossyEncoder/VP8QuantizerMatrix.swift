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
    /// Step, reciprocal and sharpening again in 16 bits (all fit), for the quantiser's lanes.
    private let narrowTables: UnsafeMutablePointer<UInt16>
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
        unsafe narrowTables = .allocate(capacity: 48)
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
            // Steps are at most 157·2 (second-order DC), reciprocals at most 2¹⁷ / 4.
            unsafe narrowTables[j] = UInt16(step)
            unsafe narrowTables[16 + j] = UInt16(reciprocal)
            unsafe narrowTables[32 + j] = UInt16(tables[64 + j])
        }
    }

    deinit {
        unsafe tables.deallocate()
        unsafe narrowTables.deallocate()
    }

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
    /// Eight coefficients at a time in 16-bit lanes, without branches: magnitudes (at most
    /// 2¹⁵ plus a small sharpening) and reciprocals (at most 2¹⁵) fit in 16 bits, their product
    /// and the bias are summed in 32 bits (x86: `pmullw` and `pmulhuw`), and the cap at the
    /// largest level is `q − max(q − 2047, 0)`. The dequantised value keeps the low 16 bits of
    /// level × step, as a 16-bit multiplication does (libwebp's too). Below the zero threshold
    /// the product is below one step anyway, so that table is not needed here.
    @inline(__always)
    func quantizeBlock(_ coefficients: UnsafeMutablePointer<Int16>, levels: UnsafeMutablePointer<Int16>) -> Bool {
        typealias Lanes = SIMD8<Int16>
        typealias Wide = SIMD8<UInt32>
        let narrow = unsafe UnsafeRawPointer(narrowTables), wide = unsafe UnsafeRawPointer(tables)
        let block = UnsafeMutableRawPointer(coefficients)
        @inline(__always) func half(_ offset: Int) -> Lanes {
            let value = unsafe block.loadUnaligned(fromByteOffset: offset, as: Lanes.self)
            let sign = value &>> 15
            let magnitude = unsafe unsafeBitCast((value ^ sign) &- sign, to: SIMD8<UInt16>.self)
                &+ narrow.loadUnaligned(fromByteOffset: 64 &+ offset, as: SIMD8<UInt16>.self)
            let product = unsafe Wide(zeroExtending: magnitude)
                &* Wide(zeroExtending: narrow.loadUnaligned(fromByteOffset: 32 &+ offset, as: SIMD8<UInt16>.self))
            let quotient = unsafe unsafeBitCast((product &+ wide.loadUnaligned(fromByteOffset: 128 &+ 2 &* offset, as: Wide.self))
                &>> Self.fractionBits, to: SIMD8<Int32>.self)
            let excess = quotient &- Int32(VP8CostTables.maximumLevel)
            let level = Lanes(truncating: quotient &- (excess & ~(excess &>> 31)))
            let signed = (level ^ sign) &- sign
            unsafe block.storeBytes(of: signed &* narrow.loadUnaligned(fromByteOffset: offset, as: Lanes.self),
                                    toByteOffset: offset, as: Lanes.self)
            return signed
        }
        let first = half(0), second = half(16)
        // Zigzag: natural positions 0 1 4 8 5 2 3 6 | 9 12 13 10 7 11 14 15.
        let out = UnsafeMutableRawPointer(levels)
        unsafe out.storeBytes(of: Lanes(first[0], first[1], first[4], second[0], first[5], first[2], first[3], first[6]), as: Lanes.self)
        unsafe out.storeBytes(of: Lanes(second[1], second[4], second[5], second[2], first[7], second[3], second[6], second[7]),
                              toByteOffset: 16, as: Lanes.self)
        let any = unsafe unsafeBitCast(first | second, to: SIMD2<UInt64>.self)
        return any[0] | any[1] != 0
    }
}
