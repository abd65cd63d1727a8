/// Builds length-limited canonical Huffman codes from symbol frequencies, for the deflate and VP8L
/// encoders (both send codes bit-reversed into an LSB-first stream, as ``PrefixCodeTable`` reads
/// them).
enum HuffmanCodeBuilder {
    /// Code lengths (0 for unused symbols) that minimise the coded size of `frequencies`, none
    /// longer than `maxBits`. At least two symbols get a code, as inflaters expect a proper tree.
    static func lengths(for frequencies: [Int], maxBits: Int) -> [UInt8] {
        var counts = frequencies
        var used = counts.indices.filter { counts[$0] > 0 }
        // Two codes at least: a single-symbol code would have length 0, which deflate cannot express.
        var filler = 0
        while used.count < 2 && filler < counts.count {
            if counts[filler] == 0 { counts[filler] = 1; used.append(filler) }
            filler += 1
        }
        while true {
            let result = unlimitedLengths(counts, symbols: used)
            if result.max() ?? 0 <= UInt8(maxBits) { return result }
            // Flatten the distribution and retry: halving keeps order and converges to a balanced tree.
            for symbol in used { counts[symbol] = (counts[symbol] + 1) / 2 }
        }
    }

    /// Huffman's algorithm with two queues (sorted leaves, then merged nodes in creation order).
    private static func unlimitedLengths(_ counts: [Int], symbols: [Int]) -> [UInt8] {
        var lengths = [UInt8](repeating: 0, count: counts.count)
        let leaves = symbols.sorted { (counts[$0], $0) < (counts[$1], $1) }
        let leafCount = leaves.count
        // Nodes 0..<leafCount are leaves; merged nodes follow.
        var weight = leaves.map { counts[$0] }
        var parent = [Int](repeating: -1, count: 2 * leafCount)
        weight.reserveCapacity(2 * leafCount)
        var nextLeaf = 0, nextMerged = leafCount
        func takeSmallest() -> Int {
            if nextLeaf < leafCount && (nextMerged >= weight.count || weight[nextLeaf] <= weight[nextMerged]) {
                nextLeaf += 1
                return nextLeaf - 1
            }
            nextMerged += 1
            return nextMerged - 1
        }
        for _ in 0..<(leafCount - 1) {
            let a = takeSmallest(), b = takeSmallest()
            let node = weight.count
            weight.append(weight[a] + weight[b])
            parent[a] = node
            parent[b] = node
        }
        var depth = [Int](repeating: 0, count: weight.count)
        if weight.count >= 2 {
            for node in stride(from: weight.count - 2, through: 0, by: -1) {
                depth[node] = depth[parent[node]] + 1
            }
        }
        for (leaf, symbol) in leaves.enumerated() { lengths[symbol] = UInt8(depth[leaf]) }
        return lengths
    }

    /// Canonical codes for `lengths`, bit-reversed so they can be written least-significant bit first.
    static func reversedCodes(for lengths: [UInt8]) -> [UInt32] {
        var counts = [Int](repeating: 0, count: 16)
        for length in lengths where length > 0 { counts[Int(length)] += 1 }
        var nextCode = [Int](repeating: 0, count: 16)
        var code = 0
        for bits in 1...15 {
            nextCode[bits] = code
            code = (code + counts[bits]) << 1
        }
        return lengths.map { length in
            guard length > 0 else { return 0 }
            let value = nextCode[Int(length)]
            nextCode[Int(length)] += 1
            return UInt32(PrefixCodeTable.reverse(value, bits: Int(length)))
        }
    }
}
