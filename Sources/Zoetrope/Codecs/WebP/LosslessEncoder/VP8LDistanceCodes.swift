/// Turns LZ77 distances into VP8L distance codes (RFC 9649 §4.2.2): the short codes 1...120 for
/// the pixels within 7 rows above and 8 columns either side, else the distance + 120. The inverse
/// of ``VP8LDistanceMap/distance(code:width:)``.
enum VP8LDistanceCodes {
    /// For (rows up) × 16 + (8 − columns across), the short code naming that neighbour, 0 if none.
    static let codeByOffset: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256)
        for (index, packed) in VP8LDistanceMap.planeOffsets.enumerated() {
            table[Int(packed)] = UInt8(index + 1)
        }
        return table
    }()

    /// The cheapest code for `distance` pixels back in an image `width` wide.
    static func code(distance: Int, width: Int) -> Int {
        let rows = distance / width, columns = distance - rows * width
        var best = distance + VP8LDistanceMap.planeOffsets.count
        // The neighbour `rows` up, `columns` to the left…
        if rows < 8, columns <= 8 {
            best = min(best, shortCode(rows: rows, across: columns, distance: distance, width: width) ?? best)
        }
        // …or one row further up, `width − columns` to the right.
        if rows + 1 < 8, width - columns <= 7 {
            best = min(best, shortCode(rows: rows + 1, across: columns - width, distance: distance, width: width) ?? best)
        }
        return best
    }

    /// The short code for the neighbour `rows` up and `across` left (negative: right), if it has
    /// one and the decoder maps it back to `distance`.
    private static func shortCode(rows: Int, across: Int, distance: Int, width: Int) -> Int? {
        let nibble = 8 - across
        guard (0..<16).contains(nibble) else { return nil }
        let code = Int(codeByOffset[rows << 4 | nibble])
        guard code != 0, VP8LDistanceMap.distance(code: code, width: width) == distance else { return nil }
        return code
    }
}
