/// Maps match lengths and distances to deflate's symbol codes (RFC 1951 §3.2.5).
enum DeflateSymbols {
    /// Length code (0–28, i.e. symbol 257 + code) for a match length 3…258.
    static func lengthCode(_ length: Int) -> Int { Int(lengthCodes[length]) }

    /// Distance code (0–29) for a distance 1…32768.
    static func distanceCode(_ distance: Int) -> Int {
        distance <= 256 ? Int(nearDistanceCodes[distance - 1]) : Int(farDistanceCodes[(distance - 1) >> 7])
    }

    private static let lengthCodes: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 259)
        for code in 0..<29 {
            let base = Int(HuffmanTable.lengthBases[code])
            let span = 1 << Int(HuffmanTable.lengthExtra[code])
            for length in base..<min(259, base + span) { table[length] = UInt8(code) }
        }
        table[258] = 28 // 258 has its own code, not the last of code 27's range
        return table
    }()

    private static func slowDistanceCode(_ distance: Int) -> UInt8 {
        var code = 29
        while Int(HuffmanTable.distanceBases[code]) > distance { code -= 1 }
        return UInt8(code)
    }

    private static let nearDistanceCodes: [UInt8] = (1...256).map { slowDistanceCode($0) }
    private static let farDistanceCodes: [UInt8] = (0..<256).map { slowDistanceCode($0 << 7 + 1) }
}
