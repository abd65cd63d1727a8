/// CRC-32 (ISO 3309, as used by PNG chunks and gzip).
struct CRC32: Sendable {
    private static let table: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    private var crc: UInt32 = 0xFFFF_FFFF

    /// The checksum so far.
    var value: UInt32 { crc ^ 0xFFFF_FFFF }

    /// Adds `bytes` to the checksum.
    mutating func update<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        let table = Self.table
        for byte in bytes {
            crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
    }

    /// The checksum of `bytes`.
    static func checksum<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt32 {
        var crc = CRC32()
        crc.update(bytes)
        return crc.value
    }
}
