/// CRC-32 (ISO 3309, as used by PNG chunks and gzip), eight bytes per step ("slicing-by-8").
struct CRC32: Sendable {
    /// `tables[k][n]`: the CRC of byte `n` followed by `k` zero bytes.
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for n in 0..<256 {
            var c = UInt32(n)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            tables[n] = c
        }
        for k in 1..<8 {
            for n in 0..<256 {
                let previous = tables[(k - 1) * 256 + n]
                tables[k * 256 + n] = tables[Int(previous & 0xFF)] ^ (previous >> 8)
            }
        }
        return tables
    }()

    private var crc: UInt32 = 0xFFFF_FFFF

    /// The checksum so far.
    var value: UInt32 { crc ^ 0xFFFF_FFFF }

    /// Adds `bytes` to the checksum.
    mutating func update<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { unsafe update($0) }
        if done == nil { update(Array(bytes)) }
    }

    /// Adds `bytes` to the checksum.
    mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
        var c = crc
        unsafe Self.tables.withUnsafeBufferPointer { t in
            var index = 0
            let count = bytes.count
            while index + 8 <= count {
                let low = unsafe c ^ (UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8
                    | UInt32(bytes[index + 2]) << 16 | UInt32(bytes[index + 3]) << 24)
                c = unsafe t[7 * 256 + Int(low & 0xFF)] ^ t[6 * 256 + Int((low >> 8) & 0xFF)]
                    ^ t[5 * 256 + Int((low >> 16) & 0xFF)] ^ t[4 * 256 + Int(low >> 24)]
                    ^ t[3 * 256 + Int(bytes[index + 4])] ^ t[2 * 256 + Int(bytes[index + 5])]
                    ^ t[256 + Int(bytes[index + 6])] ^ t[Int(bytes[index + 7])]
                index += 8
            }
            while index < count {
                c = unsafe t[Int((c ^ UInt32(bytes[index])) & 0xFF)] ^ (c >> 8)
                index += 1
            }
        }
        crc = c
    }

    /// The checksum of `bytes`.
    static func checksum<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt32 {
        var crc = CRC32()
        crc.update(bytes)
        return crc.value
    }
}
