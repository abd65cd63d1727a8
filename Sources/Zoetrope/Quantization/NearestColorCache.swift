/// Nearest palette entry of any 8-bit colour, remembered per cell of 7 bits a channel (2 Mi cells,
/// filled as colours are met), so mapping a 1080p frame costs a table read for most pixels. A
/// colour that is in the palette always maps to its own entry. A palette that maps in RGB
/// (``ColorPalette/mapsInRGB``, a smooth gradient's: a few thousand colours at most) is searched
/// exactly, each colour met remembered on its own. A cache made for an image of few pixels
/// (``sparsePixels`` or fewer: a terminal tile) remembers only the cells met, in a dictionary, with
/// the same results: filling the 4 MB table would cost more than mapping the image.
struct NearestColorCache {
    /// The pixel count up to which ``init(_:pixels:)`` remembers cells in a dictionary.
    static let sparsePixels = 1 << 16
    /// The low 15 bits of a cell's entry before its nearest colour is known.
    private static let unknown: UInt16 = 0x7FFF
    /// Set in a cell's entry when a palette colour lies in the cell: such cells check for exact hits.
    private static let holdsPaletteColor: UInt16 = 0x8000
    let palette: ColorPalette
    private var cells: [UInt16]
    private let exact: [UInt32: Int]
    /// The nearest entry in RGB of each colour met, for a palette that maps in RGB.
    private var nearestInRGB: [UInt32: Int] = [:]
    /// The nearest entry of each cell met, for a cache made for few pixels; `nil`: ``cells`` is used.
    private var sparseCells: [Int: Int]?

    /// A cache for mapping `pixels` pixels (any number when `nil`).
    init(_ palette: ColorPalette, pixels: Int? = nil) {
        self.palette = palette
        exact = Dictionary(palette.colors.enumerated().map { ($1.packed, $0) }, uniquingKeysWith: { first, _ in first })
        guard !palette.mapsInRGB else {
            cells = []
            return
        }
        if let pixels, pixels <= Self.sparsePixels {
            cells = []
            sparseCells = [:]
            return
        }
        cells = [UInt16](repeating: Self.unknown, count: 1 << 21)
        for color in palette.colors {
            cells[Self.cell(Int(color.red), Int(color.green), Int(color.blue))] = Self.holdsPaletteColor | Self.unknown
        }
    }

    @inline(__always)
    private static func cell(_ red: Int, _ green: Int, _ blue: Int) -> Int {
        (red >> 1) << 14 | (green >> 1) << 7 | blue >> 1
    }

    /// The palette index nearest (in Oklab, or in RGB for a palette that maps in RGB) to the
    /// colour, channels clamped to 0…255.
    @inline(__always)
    mutating func index(red: Int, green: Int, blue: Int) -> Int {
        let red = min(255, max(0, red)), green = min(255, max(0, green)), blue = min(255, max(0, blue))
        guard !cells.isEmpty else {
            return sparseCells == nil ? nearestRGB(red: red, green: green, blue: blue) : sparseIndex(red: red, green: green, blue: blue)
        }
        let cell = Self.cell(red, green, blue)
        let known = cells[cell]
        if known & Self.holdsPaletteColor != 0, let index = exact[UInt32(red << 16 | green << 8 | blue)] { return index }
        let stored = known & ~Self.holdsPaletteColor
        if stored != Self.unknown { return Int(stored) }
        let index = nearestToCentre(red: red, green: green, blue: blue)
        cells[cell] = known & Self.holdsPaletteColor | UInt16(index)
        return index
    }

    /// The entry nearest to the centre of the colour's cell, in Oklab.
    @inline(__always)
    private func nearestToCentre(red: Int, green: Int, blue: Int) -> Int {
        let centre = OklabColor(red: Float(red & ~1) + 0.5, green: Float(green & ~1) + 0.5, blue: Float(blue & ~1) + 0.5)
        return palette.search.nearest(centre).index
    }

    /// ``index(red:green:blue:)`` of a cache that remembers the cells met in a dictionary: a
    /// palette colour maps to its own entry, any other colour to its cell's.
    private mutating func sparseIndex(red: Int, green: Int, blue: Int) -> Int {
        if let index = exact[UInt32(red << 16 | green << 8 | blue)] { return index }
        let cell = Self.cell(red, green, blue)
        if let index = sparseCells?[cell] { return index }
        let index = nearestToCentre(red: red, green: green, blue: blue)
        sparseCells?[cell] = index
        return index
    }

    /// The entry nearest to the colour in RGB (squared distance; ties to the lower index).
    private mutating func nearestRGB(red: Int, green: Int, blue: Int) -> Int {
        let packed = UInt32(red << 16 | green << 8 | blue)
        if let index = exact[packed] ?? nearestInRGB[packed] { return index }
        var best = 0, bestDistance = Int.max
        for (index, color) in palette.colors.enumerated() {
            let dr = Int(color.red) - red, dg = Int(color.green) - green, db = Int(color.blue) - blue
            let distance = dr * dr + dg * dg + db * db
            if distance < bestDistance { (best, bestDistance) = (index, distance) }
        }
        // A palette mapping other images than its own might meet any number of colours.
        if nearestInRGB.count < 1 << 16 { nearestInRGB[packed] = best }
        return best
    }
}
