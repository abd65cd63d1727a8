/// The colour cache (RFC 9649 §3.6.2.3): recently seen ARGB colours, addressed by a
/// multiplicative hash, which a stream can refer to with a short code.
struct VP8LColorCache: Sendable {
    /// The hash multiplier of the format: index = (0x1e35a7bd × argb) >> (32 − bits).
    static let hashMultiplier: UInt32 = 0x1e35_a7bd
    /// Valid cache sizes are 2^1 ... 2^11 entries.
    static let bitRange = 1...11

    /// Index width in bits.
    let bits: Int
    /// The colours, all transparent black at first.
    var colors: [UInt32]

    /// An empty cache of 2^`bits` entries (`bits` in ``bitRange``).
    init(bits: Int) {
        self.bits = bits
        colors = [UInt32](repeating: 0, count: 1 << bits)
    }

    /// The slot `argb` is stored in.
    @inline(__always)
    static func index(of argb: UInt32, bits: Int) -> Int {
        Int((argb &* hashMultiplier) >> UInt32(32 - bits))
    }
}
