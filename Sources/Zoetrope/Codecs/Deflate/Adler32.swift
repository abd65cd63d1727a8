/// Adler-32 (RFC 1950), the checksum of zlib streams.
struct Adler32: Sendable {
    private var a: UInt32 = 1
    private var b: UInt32 = 0

    private static let weights = SIMD16<UInt32>(16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)

    /// The checksum so far.
    var value: UInt32 { b << 16 | a }

    /// Adds `bytes` to the checksum.
    mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
        // 5552 is the largest run for which the sums cannot overflow 32 bits before the modulo.
        var a = self.a, b = self.b
        var index = 0
        let count = bytes.count
        while index < count {
            let end = min(index + 5552, count)
            // 16 bytes at a time: b gains 16·a plus each byte weighted by how many sums it enters
            // (16 for the first, 1 for the last). The loop bound keeps every load inside `bytes`.
            if let base = bytes.baseAddress {
                let weights = Self.weights
                while index + 16 <= end {
                    let chunk = SIMD16<UInt32>(truncatingIfNeeded: UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self))
                    b &+= a &* 16 &+ (chunk &* weights).wrappedSum()
                    a &+= chunk.wrappedSum()
                    index += 16
                }
            }
            while index + 4 <= end {
                a &+= UInt32(bytes[index]); b &+= a
                a &+= UInt32(bytes[index + 1]); b &+= a
                a &+= UInt32(bytes[index + 2]); b &+= a
                a &+= UInt32(bytes[index + 3]); b &+= a
                index += 4
            }
            while index < end {
                a &+= UInt32(bytes[index])
                b &+= a
                index += 1
            }
            a %= 65521
            b %= 65521
        }
        self.a = a
        self.b = b
    }

    /// Adds `bytes` to the checksum.
    mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { update($0) }
    }
}
