/// Lossy LZW in the manner of `gifsicle --lossy`: a pass over a frame's indices that runs GIF's
/// greedy LZW parse and, where the string matched so far has no continuation with the next
/// index, continues it with a similar colour that it does have. The result is a new index stream;
/// compressing it with the ordinary ``LZWEncoder`` follows the same parse, so the longer strings
/// become fewer codes, and a decoder shows exactly the rewritten indices.
struct LossyLZW {
    /// For each index, the other colour indices within the allowed distance, nearest first.
    private let similar: [[UInt8]]
    private let minimumCodeSize: Int
    private var table = LZWStringTable()
    private var nextCode = 0

    /// `colors` are the table's colours (indices at or above their count — a transparent entry —
    /// are never changed nor substituted); `distance` is the largest RGB distance allowed.
    init(colors: [RGBColor], distance: Int, minimumCodeSize: Int) {
        let limit = distance * distance
        similar = colors.indices.map { index in
            let color = colors[index]
            let near = colors.indices.compactMap { other -> (Int, Int)? in
                let dr = Int(color.red) - Int(colors[other].red), dg = Int(color.green) - Int(colors[other].green)
                let db = Int(color.blue) - Int(colors[other].blue)
                let squared = dr * dr + dg * dg + db * db
                return other != index && squared <= limit ? (squared, other) : nil
            }
            return near.sorted { $0 < $1 }.map { UInt8($0.1) }
        }
        self.minimumCodeSize = minimumCodeSize
    }

    /// `indices` rewritten for a shorter LZW stream.
    mutating func rewrite(_ indices: [UInt8]) -> [UInt8] {
        guard var prefix = indices.first.map(Int.init) else { return indices }
        var output = indices
        reset()
        for position in indices.indices.dropFirst() {
            let index = indices[position]
            let key = LZWStringTable.key(prefix, index)
            let slot = table.slot(key)
            if let code = table.code(at: slot) {
                prefix = code
                continue
            }
            if let (substitute, code) = continuation(of: prefix, for: index) {
                output[position] = substitute
                prefix = code
                continue
            }
            if nextCode < LZWDecoder.tableSize {
                table.insert(key, code: nextCode, at: slot)
                nextCode += 1
            }
            if nextCode == LZWDecoder.tableSize { reset() }
            prefix = Int(index)
        }
        return output
    }

    /// A similar index that continues `prefix` in the table, with the code of the longer string.
    private func continuation(of prefix: Int, for index: UInt8) -> (UInt8, Int)? {
        guard Int(index) < similar.count else { return nil }
        for candidate in similar[Int(index)] {
            if let code = table.code(at: table.slot(LZWStringTable.key(prefix, candidate))) { return (candidate, code) }
        }
        return nil
    }

    private mutating func reset() {
        table.removeAll()
        nextCode = (1 << minimumCodeSize) + 2
    }
}
