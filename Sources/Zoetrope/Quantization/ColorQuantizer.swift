/// Builds palettes of at most 256 colours for images with more: a variance-minimising cut of the
/// colour histogram in Oklab, refined by a few rounds of k-means, each colour weighted by how many
/// pixels have it. Used by ``GIFEncoder`` and the terminal renderers.
package enum ColorQuantizer {
    /// Rounds of k-means after the cut.
    package static let defaultRefinements = 6

    /// A palette of at most `maximumColors` (1–256) distinct colours for the colours counted in
    /// `histogram`: exactly those colours when there are few enough, a single black entry when it
    /// is empty.
    package static func palette(for histogram: ColorHistogram, maximumColors: Int,
                                refinements: Int = defaultRefinements) -> ColorPalette {
        let count = min(256, max(1, maximumColors))
        if let exact = histogram.exactColors(limit: count), !exact.isEmpty { return ColorPalette(exact) }
        let points = histogram.weightedColors(forPaletteOf: count)
        var centres = VarianceCut.colors(points, count: count)
        centres = KMeansRefinement.refine(centres, points: points, rounds: refinements)
        var rgbCentres = centres.map { centre in
            let rgb = centre.rgb
            return SIMD3<Float>(Float(rgb.red), Float(rgb.green), Float(rgb.blue))
        }
        let gradient = histogram.usesExactColors(forPaletteOf: count)
        if gradient {
            // A smooth gradient: every entry sits among a few neighbouring shades, a few levels
            // apart, where Oklab's weighting no longer matters; the entries then move to what is
            // nearest the stored values (RGB), which a GIF shows.
            rgbCentres = KMeansRefinement.refineInRGB(rgbCentres, colors: histogram.exactWeightedRGB(), rounds: refinements * 2)
        }
        var seen = Set<RGBColor>()
        var colors: [RGBColor] = []
        for centre in rgbCentres {
            let rounded = centre.rounded(.toNearestOrAwayFromZero).clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 255))
            let color = RGBColor(red: UInt8(rounded.x), green: UInt8(rounded.y), blue: UInt8(rounded.z))
            if seen.insert(color).inserted { colors.append(color) }
        }
        return ColorPalette(colors.isEmpty ? [RGBColor(red: 0, green: 0, blue: 0)] : colors, mapsInRGB: gradient)
    }

    /// The palette of one image (its opaque pixels).
    package static func palette(for image: RGBAImage, maximumColors: Int) -> ColorPalette {
        var histogram = ColorHistogram()
        histogram.add(image)
        return palette(for: histogram, maximumColors: maximumColors)
    }
}
