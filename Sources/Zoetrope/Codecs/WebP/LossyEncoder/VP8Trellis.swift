/// Trellis quantisation: for each coefficient of a block, the level rounded down or up,
/// whichever path through the block gives the lowest rate·λ + distortion, where the rate of each
/// level depends on the level before it (its context) and the block may end early.
///
/// The distortion of a coefficient is weighted by frequency (low frequencies count most). Only
/// coefficients up to the last whose square exceeds a quarter step² (and one more) are searched.
enum VP8Trellis {
    /// Distortion weights by natural position (30, 27, 19, 11 / 27, 24, 17, 10 / 19, 17, 12, 8 /
    /// 11, 10, 8, 6), a byte each in two constants: a global array would cost a lazy-initialisation
    /// check and a bounds check at every coefficient.
    @inline(__always)
    private static func weight(_ j: Int) -> Int {
        Int(truncatingIfNeeded: ((j < 8 ? 0x0a11_181b_0b13_1b1e : 0x0608_0a0b_080c_1113) as UInt64) >> UInt64(truncatingIfNeeded: (j & 7) &* 8)) & 0xff
    }

    /// Natural position of the `n`th coefficient in coding order (``VP8Tables/zigzag``), four bits each.
    @inline(__always)
    static func zigzag(_ n: Int) -> Int {
        Int(truncatingIfNeeded: (0xfeb7_adc9_6325_8410 as UInt64) >> UInt64(truncatingIfNeeded: n &* 4)) & 15
    }
    private static let unreachable = 0x7f_ffff_ffff_ffff

    /// Quantises the block at `coefficients` (natural order; replaced by the dequantised values)
    /// into `levels` (coding order). `type` is the token type (0: luma after second-order, whose
    /// DC at position 0 is left alone), `context` the neighbours' context. Returns whether any
    /// level is non-zero.
    static func quantize(_ coefficients: UnsafeMutablePointer<Int16>, levels: UnsafeMutablePointer<Int16>,
                         type: Int, context: Int, matrix: VP8QuantizerMatrix, lambda: Int, model: VP8TokenModel) -> Bool {
        let first = type == 0 ? 1 : 0
        let firstNode = unsafe model.probabilities[VP8TokenModel.nodeIndex(type: type, band: first, context: context)]
        let last = unsafe searchEnd(coefficients, first: first, matrix: matrix)
        return unsafe withUnsafeTemporaryAllocation(of: Int.self, capacity: 16 * 2 + 8) { storage in
            let nodes = storage.baseAddress!, scores = unsafe nodes + 32, tables = unsafe nodes + 36
            var best = (score: lambda * model.bitCost(false, firstNode), end: -1, node: 0, previous: 0)
            for m in 0..<2 {
                unsafe scores[m] = context == 0 ? lambda * model.bitCost(true, firstNode) : 0
                unsafe tables[m] = VP8TokenModel.tableIndex(type: type, position: first, context: context)
            }
            var n = first
            while n <= last {
                unsafe step(n, coefficients, matrix: matrix, lambda: lambda, type: type, model: model,
                     nodes: nodes, scores: scores, tables: tables, best: &best)
                n += 1
            }
            for i in first..<16 { unsafe coefficients[zigzag(i)] = 0 }
            unsafe levels.update(repeating: 0, count: 16)
            guard best.end >= 0 else { return false }
            return unsafe unwind(best, first: first, nodes: nodes, coefficients: coefficients, levels: levels, matrix: matrix)
        }
    }

    /// The last position worth searching.
    private static func searchEnd(_ coefficients: UnsafePointer<Int16>, first: Int, matrix: VP8QuantizerMatrix) -> Int {
        let threshold = unsafe Int(matrix.step[1]) * Int(matrix.step[1]) / 4
        var last = first - 1
        for n in stride(from: 15, through: first, by: -1) {
            let value = unsafe Int(coefficients[zigzag(n)])
            if value * value > threshold {
                last = n
                break
            }
        }
        return last < 15 ? last + 1 : last
    }

    /// Extends the two paths (level rounded down, rounded up) by coefficient `n`: `scores` holds
    /// the score of the best path ending in each, `tables` the level-cost table each continues
    /// with, and `nodes` each node's level, sign and predecessor.
    @inline(__always)
    private static func step(_ n: Int, _ coefficients: UnsafePointer<Int16>, matrix: VP8QuantizerMatrix, lambda: Int,
                             type: Int, model: VP8TokenModel, nodes: UnsafeMutablePointer<Int>,
                             scores: UnsafeMutablePointer<Int>, tables: UnsafeMutablePointer<Int>,
                             best: inout (score: Int, end: Int, node: Int, previous: Int)) {
        let j = zigzag(n)
        let value = unsafe Int(coefficients[j])
        let magnitude = unsafe abs(value) + Int(matrix.sharpening[j])
        let product = unsafe UInt32(truncatingIfNeeded: magnitude) &* matrix.reciprocal[j]
        let level0 = min(Int(product >> VP8QuantizerMatrix.fractionBits), VP8CostTables.maximumLevel)
        let roundedUp = min(Int((product &+ (0x80 << 9)) >> VP8QuantizerMatrix.fractionBits), VP8CostTables.maximumLevel)
        let previousScores = unsafe (scores[0], scores[1]), previousTables = unsafe (tables[0], tables[1])
        let costs = unsafe model.levelCosts
        for m in 0..<2 {
            let level = level0 + m
            unsafe tables[m] = n + 1 < 16 ? VP8TokenModel.tableIndex(type: type, position: n + 1, context: min(level, 2)) : 0
            guard level <= roundedUp else {
                unsafe scores[m] = unreachable
                continue
            }
            let error = unsafe magnitude - level * Int(matrix.step[j])
            let distortion = weight(j) * (error * error - magnitude * magnitude)
            let fixed = unsafe Int(model.fixedCosts[level]), column = min(level, 67)
            let fromFirst = unsafe previousScores.0 + lambda * (fixed + Int(costs[previousTables.0 + column]))
            let fromSecond = unsafe previousScores.1 + lambda * (fixed + Int(costs[previousTables.1 + column]))
            let previous = fromSecond < fromFirst ? 1 : 0
            let score = min(fromFirst, fromSecond) + 256 * distortion
            unsafe nodes[n * 2 + m] = level | (value < 0 ? 1 << 12 : 0) | previous << 13
            unsafe scores[m] = score
            guard level != 0, score < best.score else { continue }
            let endCost = unsafe n < 15
                ? model.bitCost(false, model.probabilities[VP8TokenModel.nodeIndex(
                    type: type, band: model.bands[n + 1], context: min(level, 2))])
                : 0
            if score + lambda * endCost < best.score { best = (score + lambda * endCost, n, m, previous) }
        }
    }

    /// Writes the levels of the best path, ending at `best.end`, and their dequantised values.
    private static func unwind(_ best: (score: Int, end: Int, node: Int, previous: Int), first: Int,
                               nodes: UnsafeMutablePointer<Int>, coefficients: UnsafeMutablePointer<Int16>,
                               levels: UnsafeMutablePointer<Int16>, matrix: VP8QuantizerMatrix) -> Bool {
        var m = best.node
        var anyNonZero = false
        var n = best.end
        while n >= first {
            // The path into the end node is the one that ended there, not the best continuing one.
            let node = unsafe nodes[n * 2 + m]
            let level = node & 0xfff, negative = node & (1 << 12) != 0
            let signed = negative ? -level : level
            unsafe levels[n] = Int16(signed)
            unsafe coefficients[zigzag(n)] = Int16(truncatingIfNeeded: signed * Int(matrix.step[zigzag(n)]))
            anyNonZero = anyNonZero || level != 0
            m = n == best.end ? best.previous : (node >> 13) & 1
            n -= 1
        }
        return anyNonZero
    }
}
