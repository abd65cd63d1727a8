/// The string table of GIF's LZW compressor: an open-addressing hash from (prefix code, next
/// index) to the code of the longer string. Shared by ``LZWEncoder`` and ``LossyLZW``, which must
/// build the same table to follow the same parse.
struct LZWStringTable {
    private static let slotCount = 1 << 13
    private var keys = [Int32](repeating: -1, count: LZWStringTable.slotCount)
    private var values = [UInt16](repeating: 0, count: LZWStringTable.slotCount)

    /// The key of the string `prefix` followed by `index`.
    @inline(__always)
    static func key(_ prefix: Int, _ index: UInt8) -> Int32 { Int32(prefix << 8 | Int(index)) }

    /// The slot holding `key`, or the empty slot where it would go.
    func slot(_ key: Int32) -> Int {
        var slot = Int((UInt32(bitPattern: key) &* 2_654_435_761) >> 19) & (Self.slotCount - 1)
        while keys[slot] != -1 && keys[slot] != key { slot = (slot + 1) & (Self.slotCount - 1) }
        return slot
    }

    /// The code stored in `slot`, or `nil` when the slot is empty.
    @inline(__always)
    func code(at slot: Int) -> Int? { keys[slot] == -1 ? nil : Int(values[slot]) }

    /// Stores `key` → `code` in the empty `slot` that ``slot(_:)`` returned for it.
    @inline(__always)
    mutating func insert(_ key: Int32, code: Int, at slot: Int) {
        keys[slot] = key
        values[slot] = UInt16(code)
    }

    /// Empties the table.
    mutating func removeAll() {
        for slot in keys.indices { keys[slot] = -1 }
    }
}
