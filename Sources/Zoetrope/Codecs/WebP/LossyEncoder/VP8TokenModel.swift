/// The encoder's model of token coding: the probabilities at each of the 1056 tree nodes (4
/// block types × 8 bands × 3 contexts × 11 nodes, the decoder's layout), counts of the bits coded
/// at each, and the rate of coding each level with the current probabilities.
///
/// It lives in raw memory owned by the object so that the rate estimates, which run for every
/// candidate block, read it without copies or bounds checks.
@safe final class VP8TokenModel {
    static let nodeCount = 4 * 8 * 3 * 11
    static let levelsPerTable = VP8CostTables.maximumVariableLevel + 1

    /// The probabilities in use (initially the defaults of RFC 6386 section 13.5).
    let probabilities: UnsafeMutablePointer<UInt8>
    /// Per node: the number of 1 bits (low 16 bits) and of all bits (high 16 bits), halved
    /// together before they overflow; kept only when ``adapts`` (the rate estimates of the
    /// methods that weigh rate re-estimate the probabilities from them while coding).
    let counts: UnsafeMutablePointer<UInt32>
    /// Per node: the exact number of 1 bits (low 32 bits) and of all bits (high 32 bits) recorded,
    /// from which the frame's final probabilities are chosen.
    let exactCounts: UnsafeMutablePointer<UInt64>
    /// Whether ``counts`` are kept, and the rates (``levelCosts``, ``fixedCosts``) filled: only
    /// the methods that weigh rate read either; the others leave them at zero.
    let adapts: Bool
    /// `levelCosts[tableIndex(type, position, context) + min(level, 67)]`: the token-tree bits
    /// of a level, including the "not end of block" bit where the context allows an end of block
    /// (after a non-zero coefficient). Levels of 67 and more share the tree's cost; the sign and
    /// extra bits are in ``VP8CostTables/levelFixedCost``.
    let levelCosts: UnsafeMutablePointer<UInt16>
    /// Copies of constant tables the rate estimates read for every candidate block (a global
    /// table costs a lazy-initialisation check at each use): ``VP8CostTables/entropy`` (256),
    /// ``VP8CostTables/levelFixedCost`` (2048) and the coefficient bands (``VP8Tables/bands``, 17).
    let entropy: UnsafeMutablePointer<UInt16>
    let fixedCosts: UnsafeMutablePointer<UInt16>
    let bands: UnsafeMutablePointer<Int>

    init(adapts: Bool = true) {
        self.adapts = adapts
        unsafe exactCounts = .allocate(capacity: Self.nodeCount)
        unsafe exactCounts.initialize(repeating: 0, count: Self.nodeCount)
        unsafe entropy = .allocate(capacity: 256)
        unsafe entropy.initialize(from: VP8CostTables.entropy, count: 256)
        unsafe fixedCosts = .allocate(capacity: VP8CostTables.maximumLevel + 1)
        if adapts {
            unsafe fixedCosts.initialize(from: VP8CostTables.levelFixedCost, count: VP8CostTables.maximumLevel + 1)
        } else {
            unsafe fixedCosts.initialize(repeating: 0, count: VP8CostTables.maximumLevel + 1)
        }
        unsafe bands = .allocate(capacity: 17)
        unsafe bands.initialize(from: VP8Tables.bands, count: 17)
        unsafe probabilities = .allocate(capacity: Self.nodeCount)
        unsafe probabilities.initialize(from: VP8Tables.defaultCoefficientProbabilities, count: Self.nodeCount)
        unsafe counts = .allocate(capacity: Self.nodeCount)
        unsafe counts.initialize(repeating: 0, count: Self.nodeCount)
        unsafe levelCosts = .allocate(capacity: 4 * 16 * 3 * Self.levelsPerTable)
        unsafe levelCosts.initialize(repeating: 0, count: 4 * 16 * 3 * Self.levelsPerTable)
        if adapts { updateLevelCosts() }
    }

    deinit {
        unsafe probabilities.deallocate()
        unsafe counts.deallocate()
        unsafe exactCounts.deallocate()
        unsafe levelCosts.deallocate()
        unsafe entropy.deallocate()
        unsafe fixedCosts.deallocate()
        unsafe bands.deallocate()
    }

    /// The cost of coding `bit` at `probability` (``VP8CostTables/bitCost(_:_:)`` from the copy).
    @inline(__always)
    func bitCost(_ bit: Bool, _ probability: UInt8) -> Int {
        unsafe Int(entropy[Int(bit ? 255 &- probability : probability)])
    }

    /// Index of node 0 for block type `type`, band `band` and context `context`.
    @inline(__always)
    static func nodeIndex(type: Int, band: Int, context: Int) -> Int { ((type &* 8 &+ band) &* 3 &+ context) &* 11 }

    /// Index of the level-cost table for `type`, coefficient `position` (0…15) and `context`.
    @inline(__always)
    static func tableIndex(type: Int, position: Int, context: Int) -> Int {
        ((type &* 16 &+ position) &* 3 &+ context) &* levelsPerTable
    }

    /// Counts one `bit` at node `node`: exactly, and in ``counts`` when the model adapts.
    @inline(__always)
    func record(_ bit: Bool, node: Int) {
        if adapts { unsafe Self.record(bit, counts + node) }
        unsafe exactCounts[node] &+= bit ? 0x1_0000_0001 : 0x1_0000_0000
    }

    /// Counts one `bit` in `counter`.
    @inline(__always)
    static func record(_ bit: Bool, _ counter: UnsafeMutablePointer<UInt32>) {
        var value = unsafe counter.pointee
        if value >= 0xfffe_0000 { value = ((value &+ 1) >> 1) & 0x7fff_7fff }
        unsafe counter.pointee = value &+ 0x1_0000 &+ (bit ? 1 : 0)
    }

    /// The exact counts of the bits recorded at each node: `counts[2·node]` ones,
    /// `counts[2·node + 1]` all.
    func recordedCounts() -> [Int] {
        var result = [Int](repeating: 0, count: 2 * Self.nodeCount)
        for node in 0..<Self.nodeCount {
            let value = unsafe exactCounts[node]
            result[2 * node] = Int(truncatingIfNeeded: value & 0xffff_ffff)
            result[2 * node + 1] = Int(truncatingIfNeeded: value >> 32)
        }
        return result
    }

    func resetCounts() { unsafe counts.update(repeating: 0, count: Self.nodeCount) }

    /// Recomputes ``levelCosts`` from ``probabilities``.
    func updateLevelCosts() {
        for type in 0..<4 {
            for band in 0..<8 {
                for context in 0..<3 {
                    let p = unsafe UnsafePointer(probabilities + Self.nodeIndex(type: type, band: band, context: context))
                    for position in 0..<16 where VP8Tables.bands[position] == band {
                        unsafe fillLevelCosts(levelCosts + Self.tableIndex(type: type, position: position, context: context), p, context: context)
                    }
                }
            }
        }
    }

    /// Fills one row of ``levelCosts``: ``VP8CostTables/treeCost(level:_:)`` for every level, from
    /// the few distinct paths through the tree (levels of one category share theirs).
    private func fillLevelCosts(_ row: UnsafeMutablePointer<UInt16>, _ p: UnsafePointer<UInt8>, context: Int) {
        @inline(__always) func cost(_ bit: Bool, _ node: Int) -> Int { unsafe bitCost(bit, p[node]) }
        let notEnd = context > 0 ? cost(true, 0) : 0
        unsafe row[0] = UInt16(cost(false, 1) + notEnd)
        let nonZero = cost(true, 1) + notEnd
        @inline(__always) func fill(_ levels: ClosedRange<Int>, _ tree: Int) {
            for level in levels { unsafe row[level] = UInt16(nonZero + tree) }
        }
        fill(1...1, cost(false, 2))
        let large = cost(true, 2)
        fill(2...2, large + cost(false, 3) + cost(false, 4))
        fill(3...3, large + cost(false, 3) + cost(true, 4) + cost(false, 5))
        fill(4...4, large + cost(false, 3) + cost(true, 4) + cost(true, 5))
        let category = large + cost(true, 3)
        fill(5...6, category + cost(false, 6) + cost(false, 7))
        fill(7...10, category + cost(false, 6) + cost(true, 7))
        let extra = category + cost(true, 6)
        fill(11...18, extra + cost(false, 8) + cost(false, 9))
        fill(19...34, extra + cost(false, 8) + cost(true, 9))
        fill(35...66, extra + cost(true, 8) + cost(false, 10))
        fill(67...67, extra + cost(true, 8) + cost(true, 10))
    }
}

extension VP8TokenModel {
    /// Sets each probability to the one its counts call for where sending it (8 bits plus the
    /// update flag) costs less than coding with the default, else to the default. Returns
    /// whether any probability changed and the cost of the updates in 1/256 bit.
    @discardableResult
    func adaptToCounts() -> (changed: Bool, cost: Int) {
        var changed = false, cost = 0
        for i in 0..<Self.nodeCount {
            let (probability, _, headerCost) = unsafe Self.choose(ones: Int(counts[i] & 0xffff), total: Int(counts[i] >> 16), node: i)
            cost += headerCost
            changed = unsafe changed || probability != probabilities[i]
            unsafe probabilities[i] = probability
        }
        return (changed, cost)
    }

    /// Sets the probabilities as ``adaptToCounts()`` does, from exact counts (`counts[2·node]`
    /// ones, `counts[2·node + 1]` all); returns the cost of the updates and of the counted bits.
    @discardableResult
    func adapt(toCounts counts: [Int]) -> Int {
        var cost = 0
        for i in 0..<Self.nodeCount {
            let (probability, nodeCost, headerCost) = Self.choose(ones: counts[2 * i], total: counts[2 * i + 1], node: i)
            unsafe probabilities[i] = probability
            cost += nodeCost + headerCost
        }
        return cost
    }

    /// The probability for node `node` given its counts, the cost of its bits with it, and the
    /// cost of saying so in the header.
    private static func choose(ones: Int, total: Int, node: Int) -> (UInt8, Int, Int) {
        let old = VP8Tables.defaultCoefficientProbabilities[node], update = VP8Tables.coefficientUpdateProbabilities[node]
        let new = probability(ones: ones, total: total)
        let oldBits = branchCost(ones: ones, total: total, old), newBits = branchCost(ones: ones, total: total, new)
        let useNew = oldBits + VP8CostTables.bitCost(false, update) > newBits + VP8CostTables.bitCost(true, update) + 8 * 256
        let header = VP8CostTables.bitCost(useNew, update) + (useNew ? 8 * 256 : 0)
        return useNew ? (new, newBits, header) : (old, oldBits, header)
    }

    /// The probability of a 0 from the counts (255 when no 1 was counted).
    static func probability(ones: Int, total: Int) -> UInt8 {
        ones == 0 ? 255 : UInt8(255 - ones * 255 / total)
    }

    /// The cost of coding `ones` 1s and `total − ones` 0s at `probability`.
    static func branchCost(ones: Int, total: Int, _ probability: UInt8) -> Int {
        ones * VP8CostTables.bitCost(true, probability) + (total - ones) * VP8CostTables.bitCost(false, probability)
    }
}
