/// How often the colours of one or more images occur, with each channel reduced to 6 bits
/// (262 144 cells) and the exact mean colour of each cell kept, so that building a palette from a
/// 1080p frame looks at tens of thousands of weighted colours instead of millions of pixels.
package struct ColorHistogram: Sendable {
    /// Alpha below this is transparent and not counted.
    package static let alphaThreshold: UInt8 = 128
    private static let cellCount = 1 << 18

    private var counts: [Int]
    private var sums: [Int] // red, green, blue sums per cell, interleaved
    /// The distinct exact colours while there are at most 256 (`nil` once there are more).
    private var distinct: Set<UInt32>? = []

    /// An empty histogram.
    package init() {
        counts = [Int](repeating: 0, count: Self.cellCount)
        sums = [Int](repeating: 0, count: 3 * Self.cellCount)
    }



    /// Whether nothing has been counted.
    package var isEmpty: Bool { !counts.contains { $0 != 0 } }

    /// The cell of an 8-bit colour.
    @inline(__always)
    static func cell(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Int {
        Int(red >> 2) << 12 | Int(green >> 2) << 6 | Int(blue >> 2)
    }

    /// Counts the opaque pixels of `image` for which `include(pixel index)` is true (all by default).
    package mutating func add(_ image: RGBAImage, where include: ((Int) -> Bool)? = nil) {
        var distinct = self.distinct
        var last: UInt32 = .max
        defer { self.distinct = distinct }
        image.pixels.withUnsafeBufferPointer { pixels in
            counts.withUnsafeMutableBufferPointer { counts in
                sums.withUnsafeMutableBufferPointer { sums in
                    for pixel in 0..<image.width * image.height {
                        let offset = pixel * 4
                        guard pixels[offset + 3] >= Self.alphaThreshold, include?(pixel) ?? true else { continue }
                        let red = pixels[offset], green = pixels[offset + 1], blue = pixels[offset + 2]
                        let cell = Self.cell(red, green, blue)
                        let packed = UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
                        if packed != last, distinct != nil {
                            last = packed
                            if distinct!.insert(packed).inserted, distinct!.count > 256 { distinct = nil }
                        }
                        counts[cell] += 1
                        sums[3 * cell] += Int(red)
                        sums[3 * cell + 1] += Int(green)
                        sums[3 * cell + 2] += Int(blue)
                    }
                }
            }
        }
    }

    /// Forgets everything counted.
    package mutating func removeAll() {
        distinct = []
        guard !isEmpty else { return }
        for cell in counts.indices { counts[cell] = 0 }
        for index in sums.indices { sums[index] = 0 }
    }

    /// The exact colours counted, in ascending order, when there are at most `limit`.
    package func exactColors(limit: Int) -> [RGBColor]? {
        guard let distinct, distinct.count <= limit else { return nil }
        return distinct.sorted().map { RGBColor(red: UInt8($0 >> 16), green: UInt8($0 >> 8 & 0xFF), blue: UInt8($0 & 0xFF)) }
    }

    /// The occupied cells as weighted colours (mean colour, pixel count), in cell order.
    package func weightedColors() -> [WeightedColor] {
        var colors: [WeightedColor] = []
        for cell in 0..<Self.cellCount where counts[cell] > 0 {
            let count = Float(counts[cell])
            let red = Float(sums[3 * cell]) / count, green = Float(sums[3 * cell + 1]) / count
            let blue = Float(sums[3 * cell + 2]) / count
            colors.append(WeightedColor(color: OklabColor(red: red, green: green, blue: blue), weight: count))
        }
        return colors
    }
}

/// A colour with how much it counts.
package struct WeightedColor: Sendable, Hashable {
    package var color: OklabColor
    package var weight: Float
}
