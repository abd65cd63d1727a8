/// The levels of one 4×4 block as the token coder sees them (RFC 6386 section 13): coding
/// order, the first coded position (1 for luma blocks whose DC went to the second-order block),
/// and the block type that selects the probabilities (0 luma after second-order, 1 second-order,
/// 2 chroma, 3 luma with DC).
struct VP8Residual {
    let levels: UnsafePointer<Int16>
    let first: Int
    let type: Int
    /// Position of the last non-zero level, or −1.
    let last: Int

    @inline(__always)
    init(_ levels: UnsafePointer<Int16>, first: Int, type: Int) {
        self.levels = levels
        self.first = first
        self.type = type
        var last = 15
        while last >= 0 && levels[last] == 0 { last &-= 1 }
        self.last = last
    }

    /// Whether the block codes any level (the flag its neighbours' contexts see).
    var hasLevels: Bool { last >= 0 }

    /// The rate of coding the block in 1/256 bit, in neighbour context `context` (0…2).
    @inline(__always)
    func cost(context: Int, model: VP8TokenModel) -> Int {
        let probabilities = model.probabilities, costs = model.levelCosts, fixedCosts = model.fixedCosts
        let firstNode = probabilities[VP8TokenModel.nodeIndex(type: type, band: first, context: context)]
        guard last >= 0 else { return model.bitCost(false, firstNode) }
        var cost = context == 0 ? model.bitCost(true, firstNode) : 0
        var table = costs + VP8TokenModel.tableIndex(type: type, position: first, context: context)
        var n = first
        while n < last {
            let level = Int(levels[n].magnitude)
            cost &+= Int(fixedCosts[level]) &+ Int(table[min(level, 67)])
            table = costs + VP8TokenModel.tableIndex(type: type, position: n &+ 1, context: min(level, 2))
            n &+= 1
        }
        let level = Int(levels[last].magnitude)
        cost &+= Int(fixedCosts[level]) &+ Int(table[min(level, 67)])
        if last < 15 {
            let node = VP8TokenModel.nodeIndex(type: type, band: model.bands[last &+ 1], context: level == 1 ? 1 : 2)
            cost &+= model.bitCost(false, probabilities[node])
        }
        return cost
    }
}

/// The bits of a frame's tokens, recorded before the probabilities that will code them are
/// known: each is the bit and either the node whose probability codes it or a fixed probability.
/// The tokens live in memory the buffer owns (appending is the innermost step of recording).
final class VP8TokenBuffer {
    private static let fixedFlag: UInt16 = 1 << 14
    private var storage: UnsafeMutablePointer<UInt16>
    private var capacity: Int
    /// The number of tokens recorded.
    private(set) var count = 0

    init(reservingCapacity capacity: Int) {
        self.capacity = max(capacity, 256)
        storage = .allocate(capacity: self.capacity)
    }

    deinit { storage.deallocate() }

    @inline(__always)
    private func append(_ token: UInt16) {
        if count == capacity { grow() }
        storage[count] = token
        count &+= 1
    }

    private func grow() {
        let larger = UnsafeMutablePointer<UInt16>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = larger
        capacity *= 2
    }

    /// Records `bit` at node `node`, counting it in the model; returns the bit.
    @inline(__always) @discardableResult
    func add(_ bit: Bool, node: Int, model: VP8TokenModel) -> Bool {
        append(UInt16(truncatingIfNeeded: node) | (bit ? 0x8000 : 0))
        VP8TokenModel.record(bit, model.counts + node)
        return bit
    }

    /// Records `bit` at a fixed probability.
    @inline(__always)
    func addFixed(_ bit: Bool, _ probability: UInt8) {
        append(UInt16(probability) | Self.fixedFlag | (bit ? 0x8000 : 0))
    }

    /// Codes every token with the final probabilities, leaving out the tokens in `skipped`
    /// (ascending ranges).
    func emit(into encoder: inout VP8BoolEncoder, probabilities: UnsafePointer<UInt8>, skipping skipped: [Range<Int>]) {
        var start = 0
        for range in skipped + [count..<count] {
            for i in start..<range.lowerBound {
                let token = storage[i], index = Int(token & 0x3fff)
                let probability = token & Self.fixedFlag != 0 ? UInt8(truncatingIfNeeded: index) : probabilities[index]
                encoder.put(token & 0x8000 != 0, probability)
            }
            start = range.upperBound
        }
    }

    /// Adds the bits coded at each node to `counts` (`counts[2·node]` ones, `counts[2·node + 1]`
    /// all).
    func count(into counts: inout [Int]) {
        counts.withUnsafeMutableBufferPointer { counts in add(0..<count, to: counts.baseAddress!, sign: 1) }
    }

    /// Subtracts from `counts` the bits coded at each node by the tokens in `ranges`.
    func subtractCounts(from counts: inout [Int], within ranges: [Range<Int>]) {
        counts.withUnsafeMutableBufferPointer { counts in
            for range in ranges { add(range, to: counts.baseAddress!, sign: -1) }
        }
    }

    /// Adds `sign` times the bits of the tokens in `range` to `counts`.
    private func add(_ range: Range<Int>, to counts: UnsafeMutablePointer<Int>, sign: Int) {
        for i in range {
            let token = storage[i]
            guard token & Self.fixedFlag == 0 else { continue }
            let index = 2 &* Int(token & 0x3fff)
            counts[index] &+= token & 0x8000 != 0 ? sign : 0
            counts[index &+ 1] &+= sign
        }
    }
}

extension VP8Residual {
    /// Records the block's tokens in `buffer` (RFC 6386 section 13.2's tree), in neighbour
    /// context `context`. Returns whether the block codes any level.
    func record(context: Int, into buffer: VP8TokenBuffer, model: VP8TokenModel) -> Bool {
        var node = VP8TokenModel.nodeIndex(type: type, band: first, context: context)
        guard buffer.add(last >= 0, node: node, model: model) else { return false }
        var n = first
        while n < 16 {
            let value = Int(levels[n])
            n += 1
            let magnitude = value.magnitude
            guard buffer.add(magnitude != 0, node: node + 1, model: model) else {
                node = VP8TokenModel.nodeIndex(type: type, band: VP8Tables.bands[n], context: 0)
                continue
            }
            if !buffer.add(magnitude > 1, node: node + 2, model: model) {
                node = VP8TokenModel.nodeIndex(type: type, band: VP8Tables.bands[n], context: 1)
            } else {
                Self.recordLargeMagnitude(Int(magnitude), node: node, into: buffer, model: model)
                node = VP8TokenModel.nodeIndex(type: type, band: VP8Tables.bands[n], context: 2)
            }
            buffer.addFixed(value < 0, 128)
            if n == 16 || !buffer.add(n <= last, node: node, model: model) { return true }
        }
        return true
    }

    /// The tree below "more than one" and the category extra bits.
    private static func recordLargeMagnitude(_ v: Int, node: Int, into buffer: VP8TokenBuffer, model: VP8TokenModel) {
        if !buffer.add(v > 4, node: node + 3, model: model) {
            if buffer.add(v != 2, node: node + 4, model: model) { buffer.add(v == 4, node: node + 5, model: model) }
        } else if !buffer.add(v > 10, node: node + 6, model: model) {
            if !buffer.add(v > 6, node: node + 7, model: model) {
                buffer.addFixed(v == 6, 159)
            } else {
                buffer.addFixed(v >= 9, 165)
                buffer.addFixed(v & 1 == 0, 145)
            }
        } else {
            let category = v < 19 ? 0 : v < 35 ? 1 : v < 67 ? 2 : 3
            buffer.add(category >= 2, node: node + 8, model: model)
            buffer.add(category & 1 == 1, node: node + (category >= 2 ? 10 : 9), model: model)
            let extra = VP8CostTables.categories[category + 2]
            let value = v - extra.first, count = extra.probabilities.count
            for (index, probability) in extra.probabilities.enumerated() {
                buffer.addFixed((value >> (count - 1 - index)) & 1 == 1, probability)
            }
        }
    }
}
