/// Match finding for ``OptimalParser``: every position goes into a binary search tree of the
/// strings before it (one tree per 3-byte hash, the newest position at the root), ordered by their
/// bytes. Walking down from the root to insert a position meets the strings that share the longest
/// prefixes with it, so one walk yields, in order, the nearest match of each increasing length —
/// what the parser needs — in far fewer steps than a hash chain visits.
///
/// Trees live in two arrays indexed by position modulo the window; a node more than a window
/// back is treated as absent, and the walk is cut after a fixed number of nodes.
@unsafe struct TreeMatchFinder {
    /// One match the parser may take: `length` bytes `distance` back.
    struct Candidate {
        var length: UInt16
        var distance: UInt16
    }

    let data: UnsafePointer<UInt8>
    let count: Int
    /// The newest position of each 3-byte hash (-1: none).
    private let head: UnsafeMutableBufferPointer<Int32>
    /// Each node's subtrees: strings ordered before it (`smaller`) and after it (`larger`).
    private let smaller: UnsafeMutableBufferPointer<Int32>
    private let larger: UnsafeMutableBufferPointer<Int32>

    /// Nodes visited per position at most.
    static let searchDepth = 96
    /// A match this long ends the walk (the new node takes over the one matched in full).
    static let niceLength = 258
    static let hashBits = 16
    private static let windowMask = Deflater.windowSize - 1

    /// Makes a finder over `count` bytes at `data`. `head` holds 2^``hashBits`` entries, set to -1;
    /// `smaller` and `larger` hold a window's worth each.
    init(data: UnsafePointer<UInt8>, count: Int, head: UnsafeMutableBufferPointer<Int32>,
         smaller: UnsafeMutableBufferPointer<Int32>, larger: UnsafeMutableBufferPointer<Int32>) {
        unsafe self.data = data
        unsafe self.count = count
        unsafe self.head = head
        unsafe self.smaller = smaller
        unsafe self.larger = larger
    }

    @inline(__always)
    private func hash(_ position: Int) -> Int {
        let value = unsafe UInt32(data[position]) | UInt32(data[position + 1]) << 8 | UInt32(data[position + 2]) << 16
        return unsafe Int((value &* 0x1E35_A7BD) >> (32 - UInt32(Self.hashBits)))
    }

    /// How many bytes at `a` and `b` agree, from `start` up to `limit`.
    @inline(__always)
    private func extend(_ a: Int, _ b: Int, from start: Int, limit: Int) -> Int {
        var length = start
        let raw = unsafe UnsafeRawPointer(data)
        while length + 8 <= limit {
            let difference = unsafe raw.loadUnaligned(fromByteOffset: a + length, as: UInt64.self)
                ^ raw.loadUnaligned(fromByteOffset: b + length, as: UInt64.self)
            if difference != 0 { return length + UInt64(littleEndian: difference).trailingZeroBitCount >> 3 }
            length += 8
        }
        while unsafe length < limit && data[a + length] == data[b + length] { length += 1 }
        return length
    }

    /// Inserts `position` into its tree and appends to `matches` (when given) each match met that
    /// is longer than those before, nearest first for each length. Returns the longest length (0:
    /// none). Positions must be inserted in increasing order.
    ///
    /// One loop on purpose: it runs for every input byte at level 9, and its state (the two
    /// pending child links and the prefix lengths known on each side) does not split well.
    @inline(__always)
    func insert(_ position: Int, matches: UnsafeMutablePointer<[Candidate]>?) -> Int {
        let limit = unsafe min(Deflater.maxMatch, count - position)
        guard limit >= Deflater.minMatch else { return 0 }
        let slot = unsafe hash(position)
        var node = unsafe Int(head[slot])
        unsafe head[slot] = Int32(truncatingIfNeeded: position)
        // Where the next node ordered before (after) `position` gets linked: a child slot of the
        // last node passed on that side, at first `position`'s own. (The buffers are a window
        // long, never empty.)
        let smallerBase = unsafe smaller.baseAddress.unsafelyUnwrapped, largerBase = unsafe larger.baseAddress.unsafelyUnwrapped
        var pendingSmaller = unsafe smallerBase + (position & Self.windowMask)
        var pendingLarger = unsafe largerBase + (position & Self.windowMask)
        var smallerPrefix = 0, largerPrefix = 0, best = 0
        var depth = unsafe Self.searchDepth
        let nice = unsafe min(Self.niceLength, limit)
        while node >= 0 && node > position - Deflater.windowSize && depth > 0 {
            depth -= 1
            let nodeSlot = unsafe node & Self.windowMask
            var length = min(smallerPrefix, largerPrefix)
            if unsafe data[node + length] == data[position + length] {
                length = unsafe extend(node, position, from: length + 1, limit: limit)
                if length > best {
                    best = length
                    if length >= Deflater.minMatch {
                        unsafe matches?.pointee.append(Candidate(length: UInt16(length), distance: UInt16(position - node)))
                    }
                }
                if length >= nice {
                    // `position` replaces `node`, taking over its subtrees.
                    unsafe pendingSmaller.pointee = smaller[nodeSlot]
                    unsafe pendingLarger.pointee = larger[nodeSlot]
                    return best >= Deflater.minMatch ? best : 0
                }
            }
            if unsafe data[node + length] < data[position + length] {
                // `node` sorts before `position`; those between them are in its larger subtree.
                unsafe pendingSmaller.pointee = Int32(truncatingIfNeeded: node)
                unsafe pendingSmaller = largerBase + nodeSlot
                smallerPrefix = length
                node = unsafe Int(larger[nodeSlot])
            } else {
                unsafe pendingLarger.pointee = Int32(truncatingIfNeeded: node)
                unsafe pendingLarger = smallerBase + nodeSlot
                largerPrefix = length
                node = unsafe Int(smaller[nodeSlot])
            }
        }
        unsafe pendingSmaller.pointee = -1
        unsafe pendingLarger.pointee = -1
        return best >= Deflater.minMatch ? best : 0
    }
}
