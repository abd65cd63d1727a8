/// Adler-32 (RFC 1950), the checksum of zlib streams.
struct Adler32: Sendable {
    private var a: UInt32 = 1
    private var b: UInt32 = 0

    /// The checksum so far.
    var value: UInt32 { b << 16 | a }

    /// 32-byte chunks per block: 173 × 32 = 5536 bytes, about zlib's run for 32-bit sums; here it
    /// keeps every vector lane below 2³² (see ``addChunks(_:count:a:b:)``).
    private static let chunksPerBlock = 173

    /// Adds `bytes` to the checksum.
    mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        var a = self.a, b = self.b
        var index = 0
        let count = bytes.count
        while count - index >= 32 {
            let chunks = min((count - index) / 32, Self.chunksPerBlock)
            // In bounds: `chunks` whole 32-byte chunks lie between `index` and `count`.
            (a, b) = Self.addChunks(base + index, count: chunks, a: a, b: b)
            index += chunks * 32
        }
        while index < count {
            a &+= UInt32(base[index])
            b &+= a
            index += 1
        }
        // Fewer than 32 bytes since the last reduction: the sums stay far below 2³².
        self.a = a % 65521
        self.b = b % 65521
    }

    /// Adds `count` (≤ ``chunksPerBlock``) 32-byte chunks at `chunks` to the reduced sums `a` and
    /// `b`; returns them reduced.
    ///
    /// Over the block, `a` gains the sum of the bytes and `b` gains, for each chunk, 32 times the
    /// `a` before it plus the chunk's bytes weighted 32, 31, …, 1. The loop keeps per-lane sums in
    /// vectors (bytes widened to 16 bits, so the weights are 16-bit multiplies; a lane's weighted
    /// bytes of one chunk are at most 255 × (32 + 24 + 16 + 8) = 20 400): `sums` the bytes so far,
    /// `prefix` the sum of `sums` before each chunk (the bytes every later chunk's 32 × `a` counts
    /// again), `weighted` the weighted bytes; lanes are added up once per block. At most 173
    /// chunks: a lane of `prefix` stays below 173² / 2 × 1020 ≈ 15 million.
    @inline(__always)
    private static func addChunks(_ chunks: UnsafePointer<UInt8>, count: Int, a: UInt32, b: UInt32) -> (UInt32, UInt32) {
        let weights = (SIMD8<UInt16>(32, 31, 30, 29, 28, 27, 26, 25), SIMD8<UInt16>(24, 23, 22, 21, 20, 19, 18, 17),
                       SIMD8<UInt16>(16, 15, 14, 13, 12, 11, 10, 9), SIMD8<UInt16>(8, 7, 6, 5, 4, 3, 2, 1))
        var sums = SIMD8<UInt32>(), prefix = SIMD8<UInt32>(), weighted = SIMD8<UInt32>()
        let raw = UnsafeRawPointer(chunks)
        for k in 0..<count {
            let first = raw.loadUnaligned(fromByteOffset: k &* 32, as: SIMD16<UInt8>.self)
            let second = raw.loadUnaligned(fromByteOffset: k &* 32 &+ 16, as: SIMD16<UInt8>.self)
            let q0 = SIMD8<UInt16>(truncatingIfNeeded: first.lowHalf), q1 = SIMD8<UInt16>(truncatingIfNeeded: first.highHalf)
            let q2 = SIMD8<UInt16>(truncatingIfNeeded: second.lowHalf), q3 = SIMD8<UInt16>(truncatingIfNeeded: second.highHalf)
            prefix &+= sums
            sums &+= SIMD8<UInt32>(truncatingIfNeeded: (q0 &+ q1) &+ (q2 &+ q3))
            let products = (q0 &* weights.0 &+ q1 &* weights.1) &+ (q2 &* weights.2 &+ q3 &* weights.3)
            weighted &+= SIMD8<UInt32>(truncatingIfNeeded: products)
        }
        let a64 = UInt64(a), n = UInt64(count)
        let newA = (a64 + UInt64(sums.wrappedSum())) % 65521
        let newB = (UInt64(b) + 32 * n * a64 + 32 * UInt64(prefix.wrappedSum()) + UInt64(weighted.wrappedSum())) % 65521
        return (UInt32(newA), UInt32(newB))
    }

    /// Adds `bytes` to the checksum.
    mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { update($0) }
    }
}
