/// Bit costs for the lossy encoder's rate estimates, in 1/256 bit, all derived from the
/// bitstream's probabilities (RFC 6386): the cost of one boolean, the fixed part of coding a
/// coefficient level (sign and category extra bits), and the costs of the prediction modes.
enum VP8CostTables {
    /// `entropy[p]`: the cost of a `false` whose probability is `p / 256`, that is
    /// −log₂(p / 256)·256 rounded (a probability of 0 counts as 1).
    static let entropy: [UInt16] = (0..<256).map { p in
        UInt16((-binaryLogarithm(Double(max(p, 1)) / 256) * 256).rounded())
    }

    /// The cost of coding `bit` at `probability`.
    @inline(__always)
    static func bitCost(_ bit: Bool, _ probability: UInt8) -> Int {
        Int(entropy[Int(bit ? 255 - probability : probability)])
    }

    /// Levels at and above this one share the token tree's cost (DCT_CAT6).
    static let maximumVariableLevel = 67
    /// The largest level the encoder codes (the category 6 extra bits hold 11 bits: 67 + 2047).
    static let maximumLevel = 2047

    /// The extra-bit probabilities of each coefficient category and the first level it codes.
    static let categories: [(first: Int, probabilities: [UInt8])] = [
        (5, [159]), (7, [165, 145]), (11, VP8Tables.category3), (19, VP8Tables.category4),
        (35, VP8Tables.category5), (67, VP8Tables.category6),
    ]

    /// `levelFixedCost[v]`: the part of coding level `v` that does not depend on the frame's
    /// token probabilities: the sign bit and the category's extra bits.
    static let levelFixedCost: [UInt16] = (0...maximumLevel).map { level in
        guard level > 0 else { return 0 }
        var cost = bitCost(false, 128) // the sign
        if let category = categories.last(where: { $0.first <= level }) {
            let value = level - category.first, count = category.probabilities.count
            for (index, probability) in category.probabilities.enumerated() {
                cost += bitCost((value >> (count - 1 - index)) & 1 == 1, probability)
            }
        }
        return UInt16(cost)
    }

    /// The token-tree part of coding level `v` (≥ 1) after the "not end of block" and "not zero"
    /// decisions, with the eleven node probabilities `p` of its position and context.
    static func treeCost(level: Int, _ p: UnsafePointer<UInt8>) -> Int {
        guard level > 1 else { return unsafe bitCost(false, p[2]) }
        var cost = unsafe bitCost(true, p[2])
        if level <= 4 {
            unsafe cost += bitCost(false, p[3])
            unsafe cost += level == 2 ? bitCost(false, p[4]) : bitCost(true, p[4]) + bitCost(level == 4, p[5])
        } else if level <= 10 {
            unsafe cost += bitCost(true, p[3]) + bitCost(false, p[6]) + bitCost(level > 6, p[7])
        } else {
            unsafe cost += bitCost(true, p[3]) + bitCost(true, p[6])
            let category = level < 19 ? 0 : level < 35 ? 1 : level < 67 ? 2 : 3
            unsafe cost += bitCost(category >= 2, p[8]) + bitCost(category & 1 == 1, p[category >= 2 ? 10 : 9])
        }
        return cost
    }

    // MARK: Modes

    /// Cost of a 16×16 luma mode (DC, TM, V, H), including the "not 4×4" bit.
    static let lumaModeCost: [Int] = [
        bitCost(true, 145) + bitCost(false, 156) + bitCost(false, 163), // DC
        bitCost(true, 145) + bitCost(true, 156) + bitCost(true, 128), // TM
        bitCost(true, 145) + bitCost(false, 156) + bitCost(true, 163), // V
        bitCost(true, 145) + bitCost(true, 156) + bitCost(false, 128), // H
    ]

    /// The "4×4 prediction" bit of a macroblock.
    static let subblockFlagCost = bitCost(false, 145)

    /// Cost of a chroma mode (DC, TM, V, H).
    static let chromaModeCost: [Int] = [
        bitCost(false, 142), // DC
        bitCost(true, 142) + bitCost(true, 114) + bitCost(true, 183), // TM
        bitCost(true, 142) + bitCost(false, 114), // V
        bitCost(true, 142) + bitCost(true, 114) + bitCost(false, 183), // H
    ]

    /// The path of each 4×4 mode through its tree (RFC 6386 section 11.2): the node index and
    /// the bit taken at it, in ``VP8PredictionMode`` order.
    static let subblockModePaths: [[(node: Int, bit: Bool)]] = [
        [(0, false)], // DC
        [(0, true), (1, false)], // TM
        [(0, true), (1, true), (2, false)], // V
        [(0, true), (1, true), (2, true), (3, false), (4, false)], // H
        [(0, true), (1, true), (2, true), (3, false), (4, true), (5, false)], // down-right
        [(0, true), (1, true), (2, true), (3, false), (4, true), (5, true)], // vertical-right
        [(0, true), (1, true), (2, true), (3, true), (6, false)], // down-left
        [(0, true), (1, true), (2, true), (3, true), (6, true), (7, false)], // vertical-left
        [(0, true), (1, true), (2, true), (3, true), (6, true), (7, true), (8, false)], // horizontal-down
        [(0, true), (1, true), (2, true), (3, true), (6, true), (7, true), (8, true)], // horizontal-up
    ]

    /// `subblockModeCost[(above · 10 + left) · 10 + mode]`: the cost of a 4×4 mode given the
    /// modes of the blocks above and to the left.
    static let subblockModeCost: [UInt16] = (0..<1000).map { index in
        let context = index / 10, mode = index % 10
        let probabilities = VP8Tables.subblockModeProbabilities
        return UInt16(subblockModePaths[mode].reduce(0) { sum, step in
            sum + bitCost(step.bit, probabilities[context * 9 + step.node])
        })
    }
}
