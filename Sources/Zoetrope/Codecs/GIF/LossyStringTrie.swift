/// The string table of ``LossyLZW`` as a trie: the exact lookup ``LZWEncoder`` makes (so both
/// build the same table and follow the same parse), and each string's continuations in a list,
/// for the search of similar ones.
struct LossyStringTrie {
    private static let none: Int16 = -1
    private var exact = LZWStringTable()
    private var firstChild = [Int16](repeating: LossyStringTrie.none, count: LZWDecoder.tableSize)
    private var nextSibling = [Int16](repeating: LossyStringTrie.none, count: LZWDecoder.tableSize)
    private var suffixes = [UInt8](repeating: 0, count: LZWDecoder.tableSize)
    private var nextCode = 0
    /// The clear code: the number of single-index strings.
    private let roots: Int

    init(roots: Int) {
        self.roots = roots
        reset()
    }

    /// Empties the table, as a clear code does.
    mutating func reset() {
        exact.removeAll()
        for code in 0..<min(nextCode, firstChild.count) { firstChild[code] = Self.none }
        for code in 0..<min(roots, firstChild.count) { firstChild[code] = Self.none }
        nextCode = roots + 2
    }

    /// The code of the string `code` continued by `index`, if the table has it.
    @inline(__always)
    func child(_ code: Int, _ index: UInt8) -> Int? {
        exact.code(at: exact.slot(LZWStringTable.key(code, index)))
    }

    /// The first continuation of the string `code`, or -1.
    @inline(__always)
    func first(_ code: Int) -> Int { Int(firstChild[code]) }

    /// The continuation after `code` of the same string, or -1.
    @inline(__always)
    func sibling(_ code: Int) -> Int { Int(nextSibling[code]) }

    /// The last index of the string `code`.
    @inline(__always)
    func suffix(_ code: Int) -> UInt8 { suffixes[code] }

    /// Adds the string `code` continued by `index`, as the encoder does after each code it writes
    /// (clearing when the table is full).
    mutating func add(_ code: Int, _ index: UInt8) {
        if nextCode < LZWDecoder.tableSize {
            let key = LZWStringTable.key(code, index)
            exact.insert(key, code: nextCode, at: exact.slot(key))
            suffixes[nextCode] = index
            firstChild[nextCode] = Self.none
            nextSibling[nextCode] = firstChild[code]
            firstChild[code] = Int16(nextCode)
            nextCode += 1
        }
        if nextCode == LZWDecoder.tableSize { reset() }
    }
}
