/// How often the colours of one or more images occur: each exact colour while there are at most
/// ``exactLimit`` of them (smooth gradients, flat art: every shade stays a colour of its own), and
/// always with each channel reduced to 6 bits (262 144 cells) and the exact mean colour of each
/// cell kept, so that building a palette from a 1080p photo looks at tens of thousands of weighted
/// colours instead of millions of pixels.
package struct ColorHistogram: Sendable {
    /// Alpha below this is transparent and not counted.
    package static let alphaThreshold: UInt8 = 128
    private static let cellCount = 1 << 18

    private var counts: [Int]
    private var sums: [Int] // red, green, blue sums per cell, interleaved
    /// How many pixels have each exact colour while there are at most ``exactLimit`` colours
    /// (`nil` once there are more).
    private var exact: [UInt32: Int]? = [:]

    /// The most exact colours counted one by one. A gradient of a few hundred shades falls in a
    /// quarter as many 6-bit cells, so a palette built from the cells could use only those; with
    /// the exact colours it spends every entry. The exact colours are used only when the cells
    /// number fewer than ``gradientCellsPerEntry`` times the palette's entries (at most 256), which
    /// along a gradient means a few thousand shades: beyond 4096 the cells alone count (a photo
    /// stops paying for the exact count within its first rows).
    package static let exactLimit = 4096

    /// How many occupied cells per palette entry a smooth gradient may have: then each entry
    /// covers a few neighbouring shades, a few levels apart, where Oklab's weighting no longer
    /// matters and the entries are fitted to the stored values (RGB) instead. (An animation of
    /// moving gradients fills more cells over all its frames than one frame does; ffmpeg's
    /// `gradients=n=4` and `n=8` took 265–531 cells in the draws measured, for a 255-entry palette.)
    static let gradientCellsPerEntry = 4

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
        var exact = self.exact
        // Runs of one colour are counted once (gradients and flat art are made of runs).
        var last: UInt32 = .max, run = 0
        defer {
            if run > 0 { exact?[last, default: 0] += run }
            self.exact = exact.flatMap { $0.count > Self.exactLimit ? nil : $0 }
        }
        unsafe image.pixels.withUnsafeBufferPointer { pixels in
            unsafe counts.withUnsafeMutableBufferPointer { counts in
                unsafe sums.withUnsafeMutableBufferPointer { sums in
                    for pixel in 0..<image.width * image.height {
                        let offset = pixel * 4
                        guard unsafe pixels[offset + 3] >= Self.alphaThreshold, include?(pixel) ?? true else { continue }
                        let red = unsafe pixels[offset], green = unsafe pixels[offset + 1], blue = unsafe pixels[offset + 2]
                        let cell = Self.cell(red, green, blue)
                        let packed = UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
                        if exact != nil {
                            if packed == last {
                                run += 1
                            } else {
                                if run > 0 { exact![last, default: 0] += run }
                                if exact!.count > Self.exactLimit { exact = nil }
                                last = packed
                                run = 1
                            }
                        }
                        unsafe counts[cell] += 1
                        unsafe sums[3 * cell] += Int(red)
                        unsafe sums[3 * cell + 1] += Int(green)
                        unsafe sums[3 * cell + 2] += Int(blue)
                    }
                }
            }
        }
    }

    /// Adds everything `other` counted: the same histogram as counting its pixels here, whatever
    /// the order (histograms counted on several threads are merged).
    package mutating func add(_ other: ColorHistogram) {
        for cell in 0..<Self.cellCount where other.counts[cell] != 0 {
            counts[cell] += other.counts[cell]
            for channel in 0..<3 { sums[3 * cell + channel] += other.sums[3 * cell + channel] }
        }
        if var mine = exact, let theirs = other.exact {
            mine.merge(theirs, uniquingKeysWith: +)
            exact = mine.count > Self.exactLimit ? nil : mine
        } else {
            exact = nil
        }
    }

    /// Forgets everything counted.
    package mutating func removeAll() {
        exact = [:]
        guard !isEmpty else { return }
        for cell in counts.indices { counts[cell] = 0 }
        for index in sums.indices { sums[index] = 0 }
    }

    /// The exact colours counted, in ascending order, when there are at most `limit`.
    package func exactColors(limit: Int) -> [RGBColor]? {
        guard let exact, exact.count <= limit else { return nil }
        return exact.keys.sorted().map { RGBColor(red: UInt8($0 >> 16), green: UInt8($0 >> 8 & 0xFF), blue: UInt8($0 & 0xFF)) }
    }

    /// The colours counted, weighted by their pixel counts, for a palette of `entries` colours:
    /// the occupied cells (mean colour) in cell order, or the exact colours in ascending order
    /// for a smooth gradient (``usesExactColors(forPaletteOf:)``: its shades fall in a quarter as
    /// many cells, so a palette built from the cells would leave entries unused or lump shades
    /// together). Otherwise (a photograph) the cells' means serve as well.
    package func weightedColors(forPaletteOf entries: Int = 0) -> [WeightedColor] {
        let cells = cellColors()
        guard usesExactColors(cells: cells.count, forPaletteOf: entries), let exact else { return cells }
        return exact.keys.sorted().map { packed in
            let color = RGBColor(red: UInt8(packed >> 16), green: UInt8(packed >> 8 & 0xFF), blue: UInt8(packed & 0xFF))
            return WeightedColor(color: OklabColor(red: Float(color.red), green: Float(color.green), blue: Float(color.blue)),
                                 weight: Float(exact[packed]!))
        }
    }

    /// The exact colours counted (RGB) and their pixel counts, in ascending order; empty when
    /// there were more than ``exactLimit``.
    package func exactWeightedRGB() -> [(color: SIMD3<Float>, weight: Float)] {
        guard let exact else { return [] }
        return exact.keys.sorted().map { packed in
            (SIMD3(Float(packed >> 16), Float(packed >> 8 & 0xFF), Float(packed & 0xFF)), Float(exact[packed]!))
        }
    }

    /// Whether ``weightedColors(forPaletteOf:)`` gives the exact colours (a smooth gradient):
    /// at most ``exactLimit`` exact colours, more of them than occupied cells, and fewer cells
    /// than ``gradientCellsPerEntry`` × `entries`.
    package func usesExactColors(forPaletteOf entries: Int) -> Bool {
        usesExactColors(cells: counts.lazy.filter { $0 > 0 }.count, forPaletteOf: entries)
    }

    private func usesExactColors(cells: Int, forPaletteOf entries: Int) -> Bool {
        guard cells < entries * Self.gradientCellsPerEntry, let exact else { return false }
        return exact.count > cells
    }

    /// The occupied cells as weighted colours (mean colour, pixel count), in cell order.
    private func cellColors() -> [WeightedColor] {
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
