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
/// known: each is the bit (the top bit) and the index of its probability in a table of the 1056
/// nodes' probabilities followed by the fixed probabilities 0…255 (`nodeCount + p`), so that
/// coding a token is one table load. The tokens live in memory the buffer owns.
@unsafe final class VP8TokenBuffer {
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

    /// Makes room for `blocks` blocks' tokens and returns a writer at the end of the buffer (its
    /// position and the model's counters in locals: appending is the innermost step of
    /// recording). Give it back with ``commit(_:)``.
    @inline(__always)
    func writer(model: VP8TokenModel, blocks: Int = 1) -> VP8TokenWriter {
        while unsafe count &+ blocks &* Self.blockCapacity > capacity { unsafe grow() }
        return unsafe VP8TokenWriter(next: storage + count, end: storage + capacity, exactCounts: model.exactCounts,
                                     counts: model.adapts ? model.counts : nil)
    }

    /// Takes the tokens a writer of ``writer(model:blocks:)`` appended.
    @inline(__always)
    func commit(_ writer: VP8TokenWriter) {
        unsafe count = storage.distance(to: writer.next)
    }

    /// Makes room for one block's tokens (for ``add(_:node:model:)`` and ``addFixed(_:_:)``).
    func reserveBlock() {
        while unsafe count &+ Self.blockCapacity > capacity { unsafe grow() }
    }

    /// Records `bit` at node `node`, counting it in the model; returns the bit. Call
    /// ``reserveBlock()`` first: at most a block's worth of tokens fits between two calls.
    @discardableResult
    func add(_ bit: Bool, node: Int, model: VP8TokenModel) -> Bool {
        var writer = unsafe writer(model: model)
        unsafe writer.add(bit, node: node)
        unsafe commit(writer)
        return bit
    }

    /// Records `bit` at a fixed probability (after ``reserveBlock()``, as ``add(_:node:model:)``).
    func addFixed(_ bit: Bool, _ probability: UInt8) {
        unsafe assert(count < capacity, "VP8TokenBuffer: tokens added without reserveBlock()")
        unsafe storage[count] = VP8TokenWriter.fixedToken(bit, probability)
        unsafe count &+= 1
    }

    private func grow() {
        let larger = unsafe UnsafeMutablePointer<UInt16>.allocate(capacity: capacity * 2)
        unsafe larger.moveInitialize(from: storage, count: count)
        unsafe storage.deallocate()
        unsafe storage = larger
        unsafe capacity *= 2
    }

    /// Codes every token with the final probabilities, leaving out the tokens in `skipped`
    /// (ascending ranges).
    func emit(into encoder: inout VP8BoolEncoder, probabilities: UnsafePointer<UInt8>, skipping skipped: [Range<Int>]) {
        let nodeCount = VP8TokenModel.nodeCount
        unsafe withUnsafeTemporaryAllocation(of: UInt8.self, capacity: nodeCount + 256) { table in
            let table = table.baseAddress!
            unsafe table.initialize(from: probabilities, count: nodeCount)
            for p in 0..<256 { unsafe (table + nodeCount + p).initialize(to: UInt8(p)) }
            var local = encoder, start = 0
            let tokens = unsafe storage
            for range in unsafe skipped + [count..<count] {
                for i in start..<range.lowerBound {
                    let token = unsafe tokens[i]
                    unsafe local.put(token >= 0x8000, table[Int(token & 0x7fff)])
                }
                start = range.upperBound
            }
            encoder = local
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
            let token = unsafe storage[i], node = Int(token & 0x7fff)
            guard node < VP8TokenModel.nodeCount else { continue }
            unsafe counts[2 &* node] &+= token >= 0x8000 ? sign : 0
            unsafe counts[2 &* node &+ 1] &+= sign
        }
    }
}

/// Where a block's tokens go: recorded for coding once the frame's probabilities are known
/// (``VP8TokenWriter``), coded at once (``VP8TokenCoder``), or nowhere (``VP8TokenDiscard``, for
/// a macroblock that the skip flag marks as empty).
protocol VP8TokenSink {
    /// Takes `bit` at node `node`; returns the bit.
    @discardableResult
    mutating func add(_ bit: Bool, node: Int) -> Bool
    /// Takes `bit` at the fixed probability `probability`.
    mutating func addFixed(_ bit: Bool, _ probability: UInt8)
}

/// Codes tokens at once with probabilities already chosen (method 0, after the first
/// macroblocks' statistics).
@unsafe struct VP8TokenCoder: VP8TokenSink {
    var encoder: VP8BoolEncoder
    let probabilities: UnsafePointer<UInt8>

    @inline(__always) @discardableResult
    mutating func add(_ bit: Bool, node: Int) -> Bool {
        unsafe encoder.put(bit, probabilities[node])
        return bit
    }

    @inline(__always)
    mutating func addFixed(_ bit: Bool, _ probability: UInt8) { unsafe encoder.put(bit, probability) }
}

/// Takes tokens and drops them.
struct VP8TokenDiscard: VP8TokenSink {
    @inline(__always) @discardableResult
    mutating func add(_ bit: Bool, node: Int) -> Bool { bit }

    @inline(__always)
    mutating func addFixed(_ bit: Bool, _ probability: UInt8) {}
}

/// Appends tokens to a ``VP8TokenBuffer`` from locals, counting the node bits in the model's
/// counters (exact ones, and the adaptive ones when the model keeps them).
@unsafe struct VP8TokenWriter: VP8TokenSink {
    var next: UnsafeMutablePointer<UInt16>
    let end: UnsafeMutablePointer<UInt16>
    let exactCounts: UnsafeMutablePointer<UInt64>
    let counts: UnsafeMutablePointer<UInt32>?

    /// Records `bit` at node `node`; returns the bit.
    @inline(__always) @discardableResult
    mutating func add(_ bit: Bool, node: Int) -> Bool {
        unsafe append(UInt16(truncatingIfNeeded: node) | (bit ? 0x8000 : 0))
        if let counts = unsafe counts { unsafe VP8TokenModel.record(bit, counts + node) }
        unsafe exactCounts[node] &+= bit ? 0x1_0000_0001 : 0x1_0000_0000
        return bit
    }

    /// Records `bit` at the fixed probability `probability`.
    @inline(__always)
    mutating func addFixed(_ bit: Bool, _ probability: UInt8) {
        unsafe append(Self.fixedToken(bit, probability))
    }

    /// The token of `bit` at the fixed probability `probability`.
    @inline(__always)
    static func fixedToken(_ bit: Bool, _ probability: UInt8) -> UInt16 {
        UInt16(truncatingIfNeeded: VP8TokenModel.nodeCount &+ Int(probability)) | (bit ? 0x8000 : 0)
    }

    @inline(__always)
    private mutating func append(_ token: UInt16) {
        unsafe assert(next < end, "VP8TokenBuffer: more than a block's tokens between reservations")
        unsafe next.pointee = token
        unsafe next += 1
    }
}

extension VP8Residual {
    /// Gives the block's tokens (RFC 6386 section 13.2's tree) to `writer`, in neighbour
    /// context `context`; `bands` is ``VP8TokenModel/bands``. Returns whether the block codes
    /// any level. A writer into a ``VP8TokenBuffer`` needs room for a block's tokens.
    func record<Sink: VP8TokenSink>(context: Int, into writer: inout Sink, bands: UnsafePointer<Int>) -> Bool {
        let type = unsafe type, last = unsafe last, levels = unsafe levels
        var node = VP8TokenModel.nodeIndex(type: type, band: unsafe first, context: context)
        guard writer.add(last >= 0, node: node) else { return false }
        var n = unsafe first
        while n < 16 {
            let value = unsafe Int(levels[n])
            n &+= 1
            let magnitude = value.magnitude
            guard writer.add(magnitude != 0, node: node &+ 1) else {
                node = VP8TokenModel.nodeIndex(type: type, band: unsafe bands[n], context: 0)
                continue
            }
            if !writer.add(magnitude > 1, node: node &+ 2) {
                node = VP8TokenModel.nodeIndex(type: type, band: unsafe bands[n], context: 1)
            } else {
                unsafe Self.recordLargeMagnitude(Int(magnitude), node: node, into: &writer)
                node = VP8TokenModel.nodeIndex(type: type, band: unsafe bands[n], context: 2)
            }
            writer.addFixed(value < 0, 128)
            if n == 16 || !writer.add(n <= last, node: node) { return true }
        }
        return true
    }

    /// The tree below "more than one" and the category extra bits.
    @inline(__always)
    private static func recordLargeMagnitude<Sink: VP8TokenSink>(_ v: Int, node: Int, into writer: inout Sink) {
        if !writer.add(v > 4, node: node &+ 3) {
            if writer.add(v != 2, node: node &+ 4) { writer.add(v == 4, node: node &+ 5) }
        } else if !writer.add(v > 10, node: node &+ 6) {
            if !writer.add(v > 6, node: node &+ 7) {
                writer.addFixed(v == 6, 159)
            } else {
                writer.addFixed(v >= 9, 165)
                writer.addFixed(v & 1 == 0, 145)
            }
        } else {
            unsafe recordCategory(v, node: node, into: &writer)
        }
    }

    /// Levels of 11 and more: the category (two nodes) and its extra bits.
    private static func recordCategory<Sink: VP8TokenSink>(_ v: Int, node: Int, into writer: inout Sink) {
        let category = v < 19 ? 0 : v < 35 ? 1 : v < 67 ? 2 : 3
        writer.add(category >= 2, node: node &+ 8)
        writer.add(category & 1 == 1, node: node &+ (category >= 2 ? 10 : 9))
        let extra = VP8CostTables.categories[category &+ 2]
        let value = v &- extra.first, count = extra.probabilities.count
        for (index, probability) in extra.probabilities.enumerated() {
            writer.addFixed((value >> (count &- 1 &- index)) & 1 == 1, probability)
        }
    }
}
