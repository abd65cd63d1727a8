/// The colour table of one frame and how its pixels are mapped to it.
struct GIFFramePalette: Sendable {
    /// The colours (a transparent entry, if any, follows them).
    let palette: ColorPalette
    /// Whether every pixel the frame writes has its exact colour in ``palette``.
    let isExact: Bool
    /// Whether this is the plan's global table (no local table is written).
    let isGlobal: Bool
    /// Index of each colour, for pixels that keep a colour already shown.
    let indexOfColor: [UInt32: UInt8]
    /// Whether the table may end with a transparent entry (not when the colours need all 256).
    let allowsTransparentEntry: Bool

    init(_ palette: ColorPalette, isExact: Bool, isGlobal: Bool, allowsTransparentEntry: Bool = true) {
        self.palette = palette
        self.isExact = isExact
        self.isGlobal = isGlobal
        self.allowsTransparentEntry = allowsTransparentEntry
        indexOfColor = Dictionary(palette.colors.enumerated().map { ($1.packed, UInt8($0)) }, uniquingKeysWith: { first, _ in first })
    }

    /// Chooses the table for a frame whose pixels to write were counted in `histogram`: the global
    /// one when it is exact, else the exact colours when they fit, else the option's choice between
    /// the global palette and one of the frame's own.
    /// `wholeFrame` counts every pixel of the frame: a frame whose colours need all 256 entries
    /// is still written exactly, whole and without transparency.
    static func choose(_ histogram: ColorHistogram, plan: GIFPalettizer.Plan, global: GIFFramePalette?,
                       wholeFrame: () -> ColorHistogram) -> GIFFramePalette {
        if let global, global.isExact { return global }
        if let exact = histogram.exactColors(limit: plan.colorLimit) {
            return GIFFramePalette(ColorPalette(exact.isEmpty ? [RGBColor(red: 0, green: 0, blue: 0)] : exact), isExact: true, isGlobal: false)
        }
        if !plan.anyTransparency, plan.colorLimit == 255, histogram.exactColors(limit: 256) != nil,
           let all = wholeFrame().exactColors(limit: 256) {
            return GIFFramePalette(ColorPalette(all), isExact: true, isGlobal: false, allowsTransparentEntry: false)
        }
        if let global, plan.options.palette == .global { return global }
        let own = ColorQuantizer.palette(for: histogram, maximumColors: plan.colorLimit)
        if let global, plan.options.palette == .automatic {
            let points = histogram.weightedColors()
            // A local table costs up to 768 bytes and breaks colour continuity with the previous
            // frame: take it only when it serves the frame's colours clearly better.
            if error(points, global.palette) <= 1.3 * error(points, own) { return global }
        }
        return GIFFramePalette(own, isExact: false, isGlobal: false)
    }

    /// The weighted squared Oklab error of the colours against their nearest palette entries.
    private static func error(_ points: [WeightedColor], _ palette: ColorPalette) -> Float {
        points.reduce(0) { $0 + $1.weight * palette.search.nearest($1.color).distance }
    }
}
