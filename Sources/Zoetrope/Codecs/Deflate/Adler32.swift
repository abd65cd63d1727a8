/// Adler-32 (RFC 1950), the checksum of zlib streams.
struct Adler32: Sendable {
    private var a: UInt32 = 1
    private var b: UInt32 = 0

    /// The checksum so far.
    var value: UInt32 { b << 16 | a }

    /// 16-byte chunks per block between modulo reductions: 512 × 16 = 8192 bytes, which keeps every
    /// 32-bit vector lane below 2³² (see ``addChunks(_:count:a:b:)``).
    static let chunksPerBlock = 512
    /// Chunks per group, summed in 16-bit lanes before widening (see ``addGroup(_:count:sums:prefix:)``).
    static let chunksPerGroup = 16

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
    /// Over the block, `a` gains the sum of the bytes, and `b` gains, for each chunk, 16 times the
    /// `a` before it plus the chunk's bytes weighted 16, 15, …, 1 by their lane. The weights need no
    /// multiply per chunk: the weighted bytes of all chunks are the lane sums weighted once at the
    /// end. So per lane the loop keeps only `sums`, the bytes so far, and `prefix`, the sum of
    /// `sums` before each chunk (the bytes each later chunk's 16 × `a` counts again): two adds.
    /// Lanes stay below 2³²: at most 512 × 255 in `sums`, 512² / 2 × 255 ≈ 33 million in `prefix`.
    @inline(__always)
    private static func addChunks(_ chunks: UnsafePointer<UInt8>, count: Int, a: UInt32, b: UInt32) -> (UInt32, UInt32) {
        var sums = Lanes(), prefix = Lanes()
        let raw = UnsafeRawPointer(chunks)
        var k = 0
        // Whole groups have a constant count, so their loop unrolls.
        while count &- k >= chunksPerGroup {
            addGroup(raw + k &* 16, count: chunksPerGroup, sums: &sums, prefix: &prefix)
            k &+= chunksPerGroup
        }
        if k < count { addGroup(raw + k &* 16, count: count &- k, sums: &sums, prefix: &prefix) }
        let a64 = UInt64(a), n = UInt64(count)
        let newA = (a64 + UInt64(sums.low.wrappedSum()) + UInt64(sums.high.wrappedSum())) % 65521
        // Lane sums in 64 bits: 16 lanes of `prefix` may add up past 2³².
        let prefixTotal = (0..<8).reduce(UInt64(0)) { $0 + UInt64(prefix.low[$1]) + UInt64(prefix.high[$1]) }
        let weighted = (sums.low &* SIMD8<UInt32>(16, 15, 14, 13, 12, 11, 10, 9)
            &+ sums.high &* SIMD8<UInt32>(8, 7, 6, 5, 4, 3, 2, 1)).wrappedSum()
        let newB = (UInt64(b) + 16 * n * a64 + 16 * prefixTotal + UInt64(weighted)) % 65521
        return (UInt32(newA), UInt32(newB))
    }

    /// Sixteen 32-bit lanes as two halves (widening 16-bit lanes half by half inlines; a 16-lane
    /// conversion was left as a call).
    private struct Lanes {
        var low = SIMD8<UInt32>(), high = SIMD8<UInt32>()
    }

    /// Adds `count` (≤ ``chunksPerGroup``) chunks at `chunks` to the block's lane `sums` and
    /// `prefix` (see ``addChunks(_:count:a:b:)``), first in 16-bit lanes: at most 16 × 255 bytes
    /// and 15 × 16 / 2 × 255 = 30,600 of prefix, below 2¹⁶.
    @inline(__always)
    private static func addGroup(_ chunks: UnsafeRawPointer, count: Int, sums: inout Lanes, prefix: inout Lanes) {
        var groupSums = SIMD16<UInt16>(), groupPrefix = SIMD16<UInt16>()
        for j in 0..<count {
            let chunk = chunks.loadUnaligned(fromByteOffset: j &* 16, as: SIMD16<UInt8>.self)
            groupPrefix &+= groupSums
            groupSums &+= SIMD16<UInt16>(lowHalf: SIMD8<UInt16>(truncatingIfNeeded: chunk.lowHalf),
                                         highHalf: SIMD8<UInt16>(truncatingIfNeeded: chunk.highHalf))
        }
        // Each chunk of the group also counts every byte before the group.
        let n = UInt32(truncatingIfNeeded: count)
        prefix.low &+= SIMD8<UInt32>(truncatingIfNeeded: groupPrefix.lowHalf) &+ sums.low &* n
        prefix.high &+= SIMD8<UInt32>(truncatingIfNeeded: groupPrefix.highHalf) &+ sums.high &* n
        sums.low &+= SIMD8<UInt32>(truncatingIfNeeded: groupSums.lowHalf)
        sums.high &+= SIMD8<UInt32>(truncatingIfNeeded: groupSums.highHalf)
    }

    /// Adds `bytes` to the checksum.
    mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { update($0) }
    }
}
