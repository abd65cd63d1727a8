/// GIF interlacing: rows are stored in four passes (every 8th row from 0, every 8th from 4, every
/// 4th from 2, every 2nd from 1).
enum GIFInterlace {
    private static let passes: [(start: Int, step: Int)] = [(0, 8), (4, 8), (2, 4), (1, 2)]

    /// The image row that the `k`-th stored row belongs to, for each `k` in `0..<height`.
    static func rowOrder(height: Int) -> [Int] {
        var order: [Int] = []
        order.reserveCapacity(height)
        for pass in passes {
            order.append(contentsOf: stride(from: pass.start, to: height, by: pass.step))
        }
        return order
    }

    /// The image row that stored row `stored` (in `0..<height`) belongs to: `rowOrder(height:)[stored]`
    /// without the array.
    @inline(__always)
    static func imageRow(ofStored stored: Int, height: Int) -> Int {
        // Rows in the first three passes: ⌈height / 8⌉, ⌈(height - 4) / 8⌉, ⌈(height - 2) / 4⌉.
        let first = (height &+ 7) &>> 3, second = (height &+ 3) &>> 3, third = (height &+ 1) &>> 2
        var row = stored
        if row < first { return row &<< 3 }
        row &-= first
        if row < second { return row &<< 3 &+ 4 }
        row &-= second
        if row < third { return row &<< 2 &+ 2 }
        return (row &- third) &<< 1 &+ 1
    }
}
