/// An 8-bit sRGB colour.
package struct RGBColor: Sendable, Hashable {
    package var red: UInt8
    package var green: UInt8
    package var blue: UInt8

    package init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The colour packed as `0xRRGGBB`.
    package var packed: UInt32 { UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue) }
}

/// The colours a quantised image may use, with their Oklab values and a nearest-colour search.
package struct ColorPalette: Sendable {
    /// The colours, in palette order.
    package let colors: [RGBColor]
    /// ``colors`` in Oklab.
    package let oklab: [OklabColor]
    /// Finds the nearest colour in Oklab.
    package let search: NearestColorSearch
    /// Whether pixels are mapped to the colour nearest in RGB, exactly, rather than in Oklab by
    /// cells of two levels a channel (``NearestColorCache``): set for a palette fitted to a smooth
    /// gradient's exact shades in RGB, whose entries lie a few levels apart, where a cell's
    /// centre and Oklab's weighting both pick a farther entry for many shades.
    package let mapsInRGB: Bool

    /// A palette of `colors` (at least one), mapped in RGB when `mapsInRGB`.
    package init(_ colors: [RGBColor], mapsInRGB: Bool = false) {
        self.colors = colors
        self.mapsInRGB = mapsInRGB
        oklab = colors.map { OklabColor(red: Float($0.red), green: Float($0.green), blue: Float($0.blue)) }
        search = NearestColorSearch(oklab)
    }

}
