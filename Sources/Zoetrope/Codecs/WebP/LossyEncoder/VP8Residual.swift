/// The levels of one 4×4 block as the token coder sees them (RFC 6386 section 13): coding
/// order, the first coded position (1 for luma blocks whose DC went to the second-order block),
/// and the block type that selects the probabilities (0 luma after second-order, 1 second-order,
/// 2 chroma, 3 luma with DC).
@unsafe struct VP8Residual {
    let levels: UnsafePointer<Int16>
    let first: Int
    let type: Int
    /// Position of the last non-zero level, or −1.
    let last: Int

    @inline(__always)
    init(_ levels: UnsafePointer<Int16>, first: Int, type: Int) {
        unsafe self.levels = levels
        unsafe self.first = first
        unsafe self.type = type
        var last = 15
        while unsafe last >= 0 && levels[last] == 0 { last &-= 1 }
        unsafe self.last = last
    }

    /// Whether the block codes any level (the flag its neighbours' contexts see).
    var hasLevels: Bool { unsafe last >= 0 }

    /// The rate of coding the block in 1/256 bit, in neighbour context `context` (0…2).
    @inline(__always)
    func cost(context: Int, model: VP8TokenModel) -> Int {
        let probabilities = unsafe model.probabilities, costs = unsafe model.levelCosts, fixedCosts = unsafe model.fixedCosts
        let firstNode = unsafe probabilities[VP8TokenModel.nodeIndex(type: type, band: first, context: context)]
        guard unsafe last >= 0 else { return model.bitCost(false, firstNode) }
        var cost = context == 0 ? model.bitCost(true, firstNode) : 0
        var table = unsafe costs + VP8TokenModel.tableIndex(type: type, position: first, context: context)
        var n = unsafe first
        while unsafe n < last {
            let level = unsafe Int(levels[n].magnitude)
            unsafe cost &+= Int(fixedCosts[level]) &+ Int(table[min(level, 67)])
            unsafe table = costs + VP8TokenModel.tableIndex(type: type, position: n &+ 1, context: min(level, 2))
            n &+= 1
        }
        let level = unsafe Int(levels[last].magnitude)
        unsafe cost &+= Int(fixedCosts[level]) &+ Int(table[min(level, 67)])
        if unsafe last < 15 {
            let node = unsafe VP8TokenModel.nodeIndex(type: type, band: model.bands[last &+ 1], context: level == 1 ? 1 : 2)
            unsafe cost &+= model.bitCost(false, probabilities[node])
        }
        return cost
    }
}

/// The bits of a frame's tokens, recorded before the probabilities that will code them are
/// known: each is the bit and either the node whose probability codes it or a fixed probability.
/// The tokens live in memory the buffer owns (appending is the innermost step of recording).
@unsafe final class VP8TokenBuffer {
    private static let fixedFlag: UInt16 = 1 << 14
    private var storage: UnsafeMutablePointer<UInt16>
    private var capacity: Int
    /// The number of tokens recorded.
    private(set) var count = 0

    init(reservingCapacity capacity: Int) {
        unsafe self.capacity = max(capacity, 256)
        unsafe storage = .allocate(capacity: self.capacity)
    }

    deinit { unsafe storage.deallocate() }

    /// The most tokens one block records: the first node, then per coefficient the end-of-block
    /// and zero nodes, "more than one", four nodes of the large-magnitude tree, eleven extra bits
    /// and the sign.
    static var blockCapacity: Int { 1 + 16 * 19 }

    /// Makes room for one block's tokens, so that appending needs no check.
    @inline(__always)
    func reserveBlock() {
        while unsafe count &+ Self.blockCapacity > capacity { unsafe grow() }
    }

    /// Appends within the room ``reserveBlock()`` made (checked in debug builds only).
    @inline(__always)
    private func append(_ token: UInt16) {
        unsafe assert(count < capacity, "VP8TokenBuffer: tokens added without reserveBlock()")
        unsafe storage[count] = token
        unsafe count &+= 1
    }

    private func grow() {
        let larger = unsafe UnsafeMutablePointer<UInt16>.allocate(capacity: capacity * 2)
        unsafe larger.moveInitialize(from: storage, count: count)
        unsafe storage.deallocate()
        unsafe storage = larger
        unsafe capacity *= 2
    }

    /// Records `bit` at node `node`, counting it in the model; returns the bit. Call
    /// ``reserveBlock()`` first: at most a block's worth of tokens fits between two calls.
    @inline(__always) @discardableResult
    func add(_ bit: Bool, node: Int, model: VP8TokenModel) -> Bool {
        unsafe append(UInt16(truncatingIfNeeded: node) | (bit ? 0x8000 : 0))
        model.record(bit, node: node)
        return bit
    }

    /// Records `bit` at a fixed probability (after ``reserveBlock()``, as ``add(_:node:model:)``).
    @inline(__always)
    func addFixed(_ bit: Bool, _ probability: UInt8) {
        unsafe append(UInt16(probability) | Self.fixedFlag | (bit ? 0x8000 : 0))
    }

    /// Codes every token with the final probabilities, leaving out the tokens in `skipped`
    /// (ascending ranges).
    func emit(into encoder: inout VP8BoolEncoder, probabilities: UnsafePointer<UInt8>, skipping skipped: [Range<Int>]) {
        var start = 0
        for range in unsafe skipped + [count..<count] {
            for i in start..<range.lowerBound {
                let token = unsafe storage[i], index = Int(token & 0x3fff)
                let probability = unsafe token & Self.fixedFlag != 0 ? UInt8(truncatingIfNeeded: index) : probabilities[index]
                encoder.put(token & 0x8000 != 0, probability)
            }
            start = range.upperBound
        }
    }

    /// Subtracts from `counts` the bits coded at each node by the tokens in `ranges`.
    func subtractCounts(from counts: inout [Int], within ranges: [Range<Int>]) {
        unsafe counts.withUnsafeMutableBufferPointer { counts in
            for range in ranges { unsafe add(range, to: counts.baseAddress!, sign: -1) }
        }
    }

    /// Adds `sign` times the bits of the tokens in `range` to `counts`.
    private func add(_ range: Range<Int>, to counts: UnsafeMutablePointer<Int>, sign: Int) {
        for i in range {
            let token = unsafe storage[i]
            guard unsafe token & Self.fixedFlag == 0 else { continue }
            let index = 2 &* Int(token & 0x3fff)
            unsafe counts[index] &+= token & 0x8000 != 0 ? sign : 0
            unsafe counts[index &+ 1] &+= sign
        }
    }
}

extension VP8Residual {
    /// Records the block's tokens in `buffer` (RFC 6386 section 13.2's tree), in neighbour
    /// context `context`. Returns whether the block codes any level.
    func record(context: Int, into buffer: VP8TokenBuffer, model: VP8TokenModel) -> Bool {
        unsafe buffer.reserveBlock()
        var node = unsafe VP8TokenModel.nodeIndex(type: type, band: first, context: context)
        guard unsafe buffer.add(last >= 0, node: node, model: model) else { return false }
        var n = unsafe first
        while n < 16 {
            let value = unsafe Int(levels[n])
            n += 1
            let magnitude = value.magnitude
            guard unsafe buffer.add(magnitude != 0, node: node + 1, model: model) else {
                node = unsafe VP8TokenModel.nodeIndex(type: type, band: VP8Tables.bands[n], context: 0)
                continue
            }
            if unsafe !buffer.add(magnitude > 1, node: node + 2, model: model) {
                node = unsafe VP8TokenModel.nodeIndex(type: type, band: VP8Tables.bands[n], context: 1)
            } else {
                unsafe Self.recordLargeMagnitude(Int(magnitude), node: node, into: buffer, model: model)
                node = unsafe VP8TokenModel.nodeIndex(type: type, band: VP8Tables.bands[n], context: 2)
            }
            unsafe buffer.addFixed(value < 0, 128)
            if unsafe n == 16 || !buffer.add(n <= last, node: node, model: model) { return true }
        }
        return true
    }

    /// The tree below "more than one" and the category extra bits.
    private static func recordLargeMagnitude(_ v: Int, node: Int, into buffer: VP8TokenBuffer, model: VP8TokenModel) {
        if unsafe !buffer.add(v > 4, node: node + 3, model: model) {
            if unsafe buffer.add(v != 2, node: node + 4, model: model) { unsafe buffer.add(v == 4, node: node + 5, model: model) }
        } else if unsafe !buffer.add(v > 10, node: node + 6, model: model) {
            if unsafe !buffer.add(v > 6, node: node + 7, model: model) {
                unsafe buffer.addFixed(v == 6, 159)
            } else {
                unsafe buffer.addFixed(v >= 9, 165)
                unsafe buffer.addFixed(v & 1 == 0, 145)
            }
        } else {
            let category = v < 19 ? 0 : v < 35 ? 1 : v < 67 ? 2 : 3
            unsafe buffer.add(category >= 2, node: node + 8, model: model)
            unsafe buffer.add(category & 1 == 1, node: node + (category >= 2 ? 10 : 9), model: model)
            let extra = VP8CostTables.categories[category + 2]
            let value = v - extra.first, count = extra.probabilities.count
            for (index, probability) in extra.probabilities.enumerated() {
                unsafe buffer.addFixed((value >> (count - 1 - index)) & 1 == 1, probability)
            }
        }
    }
}
