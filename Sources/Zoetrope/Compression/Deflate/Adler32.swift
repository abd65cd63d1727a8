/// Adler-32 (RFC 1950), the checksum of zlib streams.
struct Adler32: Sendable {
    private var a: UInt32 = 1
    private var b: UInt32 = 0

    /// The checksum so far.
    var value: UInt32 { b << 16 | a }

    /// 16-byte chunks per block between modulo reductions: 512 × 16 = 8192 bytes, which keeps every
    /// 32-bit vector lane below 2³¹ (see ``BlockSums``).
    static let chunksPerBlock = 512
    /// Chunks per group, summed in 16-bit lanes before widening (see ``addGroup(_:count:to:)``).
    static let chunksPerGroup = 16

    /// Adds `bytes` to the checksum.
    mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
        // Unoptimised, the vector code runs lane by lane through generic calls, several times
        // slower than a plain loop; the tests check that both give the same sums in either build.
        #if DEBUG
        unsafe updateInBytes(bytes)
        #else
        unsafe updateInVectors(bytes)
        #endif
    }

    /// The largest number of bytes whose sums stay below 2³² from reduced ones (zlib's NMAX).
    private static let bytesBetweenReductions = 5552

    /// ``update(_:)`` a byte at a time, eight to a pass, for debug builds: no call per byte.
    mutating func updateInBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard var p = bytes.baseAddress else { return }
        var a = self.a, b = self.b
        var remaining = bytes.count
        while remaining > 0 {
            var n = remaining < Self.bytesBetweenReductions ? remaining : Self.bytesBetweenReductions
            remaining &-= n
            while n >= 8 {
                unsafe a &+= UInt32(p[0]); b &+= a
                unsafe a &+= UInt32(p[1]); b &+= a
                unsafe a &+= UInt32(p[2]); b &+= a
                unsafe a &+= UInt32(p[3]); b &+= a
                unsafe a &+= UInt32(p[4]); b &+= a
                unsafe a &+= UInt32(p[5]); b &+= a
                unsafe a &+= UInt32(p[6]); b &+= a
                unsafe a &+= UInt32(p[7]); b &+= a
                unsafe p += 8
                n &-= 8
            }
            while n > 0 {
                unsafe a &+= UInt32(p[0]); b &+= a
                unsafe p += 1
                n &-= 1
            }
            a %= 65521
            b %= 65521
        }
        self.a = a
        self.b = b
    }

    /// ``update(_:)`` in 16-byte vectors (optimised builds).
    mutating func updateInVectors(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        var a = self.a, b = self.b
        var index = 0
        let count = bytes.count
        while count - index >= 16 {
            let chunks = min((count - index) / 16, Self.chunksPerBlock)
            // In bounds: `chunks` whole 16-byte chunks lie between `index` and `count`.
            (a, b) = unsafe Self.addChunks(base + index, count: chunks, a: a, b: b)
            index += chunks * 16
        }
        while index < count {
            unsafe a &+= UInt32(base[index])
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
    /// `a` before it plus the chunk's bytes weighted 16, 15, …, 1 by their position. So the block
    /// keeps three sums (``BlockSums``): its bytes, their weighted sum, and the bytes before each
    /// chunk summed over the chunks (`prefix`, which each chunk's 16 × `a` counts again).
    @inline(__always)
    private static func addChunks(_ chunks: UnsafePointer<UInt8>, count: Int, a: UInt32, b: UInt32) -> (UInt32, UInt32) {
        var sums = BlockSums()
        let raw = unsafe UnsafeRawPointer(chunks)
        var k = 0
        // Whole groups have a constant count, so their loop unrolls.
        while count &- k >= chunksPerGroup {
            let group = unsafe raw + k &* 16
            if unsafe isZero(group) {
                // Only each chunk's 16 × `a` counts a group of zeros (filtered flat areas of images).
                sums.prefix &+= sums.bytes &* Int32(chunksPerGroup)
            } else {
                unsafe addGroup(group, count: chunksPerGroup, to: &sums)
            }
            k &+= chunksPerGroup
        }
        if k < count { unsafe addGroup(raw + k &* 16, count: count &- k, to: &sums) }
        let a64 = UInt64(a), n = UInt64(count)
        let newA = (a64 + sums.bytes.total / 3) % 65521
        let newB = (UInt64(b) + 16 * n * a64 + 16 * (sums.prefix.total / 3) + sums.weighted.total) % 65521
        return (UInt32(newA), UInt32(newB))
    }

    /// Whether the group of ``chunksPerGroup`` chunks at `group` is all zeros. Its first chunk is
    /// tested alone first, so that other data pays one test a group.
    @inline(__always)
    private static func isZero(_ group: UnsafeRawPointer) -> Bool {
        let first = unsafe group.loadUnaligned(as: SIMD2<UInt64>.self)
        guard first[0] | first[1] == 0 else { return false }
        var any = first
        for j in 1..<chunksPerGroup { unsafe any |= group.loadUnaligned(fromByteOffset: j &* 16, as: SIMD2<UInt64>.self) }
        // (Lane by lane: `==` on vectors compiles to a loop over the lanes.)
        return any[0] | any[1] == 0
    }

    /// A block's sums, each in four 32-bit lanes (their total is the sum), `bytes` and `prefix`
    /// three times over (``plainWeights``). Lanes stay below 2³¹ over a block of 512 chunks: at
    /// most 3 × 522,240 in `bytes`, 8.4 million in `weighted`, and 3 × 272 million in `prefix`
    /// (32 groups, each adding 16 × `bytes` and its own prefix).
    private struct BlockSums {
        var bytes = SIMD4<Int32>(), weighted = SIMD4<Int32>(), prefix = SIMD4<Int32>()
    }

    /// Adds `count` (≤ ``chunksPerGroup``) chunks at `chunks` to a block's `sums` (see
    /// ``addChunks(_:count:a:b:)``).
    ///
    /// Each chunk is read as eight 16-bit lanes, each holding two bytes, `low + 256 × high`, and
    /// added whole, without widening its bytes: the loop keeps the wrapped sum of the lanes
    /// (`total`) and the sum of their high bytes (`high`, one shift), and the same two for the
    /// prefix. Modulo 2¹⁶, the low bytes' sum is then `total - 256 × high`, which is exact as long as
    /// it stays below 2¹⁶: at most 16 × 255 per group, and 15 × 16 / 2 × 255 = 30,600 for its prefix.
    /// Those also stay below 2¹⁵, as ``multiplyAdd(_:_:)`` needs, which is what limits a group to
    /// 16 chunks (17 would give a prefix of up to 34,680).
    /// Then one multiply-add of 16-bit lanes (``multiplyAdd(_:_:)``) weights and widens each.
    @inline(__always)
    private static func addGroup(_ chunks: UnsafeRawPointer, count: Int, to sums: inout BlockSums) {
        var total = SIMD8<UInt16>(), high = SIMD8<UInt16>()
        var totalPrefix = SIMD8<UInt16>(), highPrefix = SIMD8<UInt16>()
        for j in 0..<count {
            let lanes = unsafe chunks.loadUnaligned(fromByteOffset: j &* 16, as: SIMD8<UInt16>.self)
            totalPrefix &+= total
            highPrefix &+= high
            total &+= lanes
            high &+= lanes &>> 8
        }
        let low = total &- (high &<< 8), lowPrefix = totalPrefix &- (highPrefix &<< 8)
        // A lane's low byte is the chunk's even byte (weights 16, 14, …) on little-endian machines,
        // its odd byte (15, 13, …) on big-endian ones.
        #if _endian(little)
        let (lowWeights, highWeights) = (evenWeights, oddWeights)
        #else
        let (lowWeights, highWeights) = (oddWeights, evenWeights)
        #endif
        // Every chunk of the group also counts the bytes before the group.
        sums.prefix &+= multiplyAdd(lowPrefix, plainWeights) &+ multiplyAdd(highPrefix, plainWeights)
            &+ sums.bytes &* Int32(truncatingIfNeeded: count)
        sums.weighted &+= multiplyAdd(low, lowWeights) &+ multiplyAdd(high, highWeights)
        sums.bytes &+= multiplyAdd(low &+ high, plainWeights)
    }

    /// The weight of the plain sums (`bytes` and `prefix`): 3, not 1, because LLVM folds a
    /// multiply by one away and then widens the lanes with shuffles, four times the instructions
    /// of the one multiply-add it makes otherwise. Those sums are divided by it at the end.
    private static var plainWeights: SIMD8<UInt16> { SIMD8(repeating: 3) }

    private static var evenWeights: SIMD8<UInt16> { SIMD8(16, 14, 12, 10, 8, 6, 4, 2) }
    private static var oddWeights: SIMD8<UInt16> { SIMD8(15, 13, 11, 9, 7, 5, 3, 1) }

    /// The products of `x` and `y`'s lanes, added in pairs into 32-bit lanes: on x86 one
    /// instruction, `pmaddwd`, which LLVM makes of this pattern. The lanes must be below 2¹⁵ (the
    /// instruction multiplies signed lanes).
    @inline(__always)
    private static func multiplyAdd(_ x: SIMD8<UInt16>, _ y: SIMD8<UInt16>) -> SIMD4<Int32> {
        let products = SIMD8<Int32>(truncatingIfNeeded: SIMD8<Int16>(truncatingIfNeeded: x))
            &* SIMD8<Int32>(truncatingIfNeeded: SIMD8<Int16>(truncatingIfNeeded: y))
        return products.evenHalf &+ products.oddHalf
    }

    /// Adds `bytes` to the checksum.
    mutating func update(_ bytes: [UInt8]) {
        unsafe bytes.withUnsafeBufferPointer { unsafe update($0) }
    }
}

private extension SIMD4<Int32> {
    /// The sum of the lanes, which are not negative.
    var total: UInt64 { UInt64(self[0]) + UInt64(self[1]) + UInt64(self[2]) + UInt64(self[3]) }
}
