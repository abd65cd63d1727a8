/// Maps match lengths and distances to deflate's symbol codes (RFC 1951 §3.2.5).
struct DeflateSymbols: Sendable {
    private let lengthCodes: [UInt8]
    private let nearDistanceCodes: [UInt8]
    private let farDistanceCodes: [UInt8]

    /// The lookup tables, built once. Hot loops copy this value into a local first: every access
    /// to a global goes through its lazy-initialisation check.
    static let tables = DeflateSymbols()

    private init() {
        var lengths = [UInt8](repeating: 0, count: 259)
        for code in 0..<29 {
            let base = Int(HuffmanTable.lengthBases[code])
            let span = 1 << Int(HuffmanTable.lengthExtra[code])
            for length in base..<min(259, base + span) { lengths[length] = UInt8(code) }
        }
        lengths[258] = 28 // 258 has its own code, not the last of code 27's range
        lengthCodes = lengths
        nearDistanceCodes = (1...256).map { Self.slowDistanceCode($0) }
        farDistanceCodes = (0..<256).map { Self.slowDistanceCode($0 << 7 + 1) }
    }

    /// Length code (0–28, i.e. symbol 257 + code) for a match length 3…258.
    @inline(__always)
    func lengthCode(_ length: Int) -> Int { Int(lengthCodes[length]) }

    /// Distance code (0–29) for a distance 1…32768.
    @inline(__always)
    func distanceCode(_ distance: Int) -> Int {
        distance <= 256 ? Int(nearDistanceCodes[distance - 1]) : Int(farDistanceCodes[(distance - 1) >> 7])
    }

    private static func slowDistanceCode(_ distance: Int) -> UInt8 {
        var code = 29
        while Int(HuffmanTable.distanceBases[code]) > distance { code -= 1 }
        return UInt8(code)
    }
}
