/// Adler-32 (RFC 1950), the checksum of zlib streams.
struct Adler32: Sendable {
    private var a: UInt32 = 1
    private var b: UInt32 = 0

    /// The checksum so far.
    var value: UInt32 { b << 16 | a }

    /// 16-byte chunks per block: 347 × 16 = 5552 bytes, zlib's run for 32-bit sums; here it keeps
    /// every vector lane below 2³² (see ``addChunks(_:count:a:b:)``).
    private static let chunksPerBlock = 347

    /// Adds `bytes` to the checksum.
    mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        var a = self.a, b = self.b
        var index = 0
        let count = bytes.count
        while count - index >= 16 {
            let chunks = min((count - index) / 16, Self.chunksPerBlock)
            // In bounds: `chunks` whole 16-byte chunks lie between `index` and `count`.
            (a, b) = Self.addChunks(base + index, count: chunks, a: a, b: b)
            index += chunks * 16
        }
        while index < count {
            a &+= UInt32(base[index])
            b &+= a
            index += 1
        }
        // Fewer than 16 bytes since the last reduction: the sums stay far below 2³².
        self.a = a % 65521
        self.b = b % 65521
    }

    /// Adds `count` (≤ ``chunksPerBlock``) 16-byte chunks at `chunks` to the reduced sums `a` and
    /// `b`; returns them reduced.
    ///
    /// Over the block, `a` gains the sum of the bytes and `b` gains, for each chunk, 16 times the
    /// `a` before it plus the chunk's bytes weighted 16, 15, …, 1. Per lane (bytes widened to 16
    /// bits, so the weights are 16-bit multiplies) the loop keeps `sums`, the bytes so far;
    /// `prefix`, the sum of `sums` before each chunk (the bytes every later chunk's 16 × `a` counts
    /// again); and `weighted`, the weighted bytes. Groups of 8 chunks add up in 16-bit lanes (at
    /// most 8 × 510 bytes, 28 × 510 prefix and 8 × 6120 weighted: below 2¹⁶), then into 32-bit
    /// lanes; lanes are added up once per block. At most 347 chunks: a lane of `prefix` stays
    /// below 347² / 2 × 510 ≈ 31 million.
    @inline(__always)
    private static func addChunks(_ chunks: UnsafePointer<UInt8>, count: Int, a: UInt32, b: UInt32) -> (UInt32, UInt32) {
        let lowWeights = SIMD8<UInt16>(16, 15, 14, 13, 12, 11, 10, 9)
        let highWeights = SIMD8<UInt16>(8, 7, 6, 5, 4, 3, 2, 1)
        var sums = SIMD8<UInt32>(), prefix = SIMD8<UInt32>(), weighted = SIMD8<UInt32>()
        let raw = UnsafeRawPointer(chunks)
        var k = 0
        while k < count {
            let group = min(8, count &- k)
            var groupSums = SIMD8<UInt16>(), groupPrefix = SIMD8<UInt16>(), groupWeighted = SIMD8<UInt16>()
            for j in 0..<group {
                let chunk = raw.loadUnaligned(fromByteOffset: (k &+ j) &* 16, as: SIMD16<UInt8>.self)
                let low = SIMD8<UInt16>(truncatingIfNeeded: chunk.lowHalf)
                let high = SIMD8<UInt16>(truncatingIfNeeded: chunk.highHalf)
                groupPrefix &+= groupSums
                groupSums &+= low &+ high
                groupWeighted &+= low &* lowWeights &+ high &* highWeights
            }
            // Each chunk of the group also counts every byte before the group (a shift for the
            // full groups: SSE2 has no 32-bit lane multiply).
            let before = group == 8 ? sums &<< 3 : sums &* UInt32(truncatingIfNeeded: group)
            prefix &+= SIMD8<UInt32>(truncatingIfNeeded: groupPrefix) &+ before
            sums &+= SIMD8<UInt32>(truncatingIfNeeded: groupSums)
            weighted &+= SIMD8<UInt32>(truncatingIfNeeded: groupWeighted)
            k &+= group
        }
        let a64 = UInt64(a), n = UInt64(count)
        let newA = (a64 + UInt64(sums.wrappedSum())) % 65521
        let newB = (UInt64(b) + 16 * n * a64 + 16 * UInt64(prefix.wrappedSum()) + UInt64(weighted.wrappedSum())) % 65521
        return (UInt32(newA), UInt32(newB))
    }

    /// Adds `bytes` to the checksum.
    mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { update($0) }
    }
}
