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

    /// Reorders rows stored in pass order into top-to-bottom order.
    static func deinterlace(_ pixels: [UInt8], bytesPerRow: Int, height: Int) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: pixels.count)
        for (stored, row) in rowOrder(height: height).enumerated() {
            output[row * bytesPerRow..<(row + 1) * bytesPerRow] = pixels[stored * bytesPerRow..<(stored + 1) * bytesPerRow]
        }
        return output
    }
}
