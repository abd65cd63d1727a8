/// The first pass of ``GIFEncoder/encode(_:durations:playCount:options:to:)``: looks at every
/// frame and decides the global colour table and whether frames can be differenced.
enum GIFPalettizer {
    /// Alpha at or above this is opaque, below it transparent.
    static let alphaThreshold = ColorHistogram.alphaThreshold

    /// What the first pass decided.
    struct Plan: Sendable {
        /// The global table's colours (a transparent entry may follow them), or `nil` for local
        /// tables only.
        var global: ColorPalette?
        /// Whether ``global`` holds every colour of every frame.
        var globalIsExact: Bool
        /// Whether some frame has transparent pixels: frames are then drawn over what the frame
        /// before leaves (``clears``), transparent pixels included.
        var anyTransparency: Bool
        /// For each frame, the bounding box of the pixels it shows opaque and the next frame leaves
        /// transparent (`nil` when none does): that frame covers the box and is disposed to
        /// background, so the next one starts from transparent pixels there.
        var clears: [PixelRect?] = []
        /// Whether a palette leaves an entry for a transparent index (after its colours).
        var reservesTransparent: Bool
        /// Colours a palette may hold besides the transparent entry.
        var colorLimit: Int
        /// The encoder's options.
        var options: GIFEncoder.Options
        /// The dithering to use.
        var dither: DitherMethod
    }

    /// Looks at every frame of `source` (without keeping any, on `workers` threads:
    /// ``GIFFrameSurvey``) and chooses the palettes.
    static func plan(_ source: some FrameSource, options: GIFEncoder.Options, workers: Int = 1) throws -> Plan {
        let survey = try GIFFrameSurvey.run(source, workers: workers)
        let histogram = survey.histogram, anyTransparency = survey.anyTransparency
        let maximum = min(256, max(2, options.maximumColors)) // a public var: clamp again
        // Animations keep a transparent entry for unchanged pixels unless the colours need all 256.
        let wantsTransparent = anyTransparency || source.frameCount > 1
        var global: ColorPalette?
        var globalIsExact = false
        var reservesTransparent = wantsTransparent
        if let exact = histogram.exactColors(limit: wantsTransparent ? maximum - 1 : maximum) {
            global = ColorPalette(exact.isEmpty ? [RGBColor(red: 0, green: 0, blue: 0)] : exact)
            globalIsExact = true
        } else if !anyTransparency, source.frameCount > 1, maximum == 256, let exact = histogram.exactColors(limit: 256) {
            global = ColorPalette(exact)
            globalIsExact = true
            reservesTransparent = false
        } else if options.palette != .perFrame {
            global = ColorQuantizer.palette(for: histogram, maximumColors: wantsTransparent ? maximum - 1 : maximum)
        }
        return Plan(global: global, globalIsExact: globalIsExact, anyTransparency: anyTransparency, clears: survey.clears,
                    reservesTransparent: reservesTransparent, colorLimit: reservesTransparent ? maximum - 1 : maximum,
                    options: options, dither: options.ditherMethod(frameCount: source.frameCount))
    }

    /// A GIF colour table of a palette, with the transparent entry after the colours if asked.
    static func table(_ palette: ColorPalette, transparent: Bool) -> [GIFEncoder.Color] {
        var table = palette.colors.map { GIFEncoder.Color(red: $0.red, green: $0.green, blue: $0.blue) }
        if transparent { table.append(GIFEncoder.Color(red: 0, green: 0, blue: 0)) }
        return table
    }

    /// A duration rounded to hundredths of a second, within what a GIF can store.
    static func centiseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        let milliseconds = seconds.multipliedReportingOverflow(by: 1000)
        guard !milliseconds.overflow else { return 0xFFFF }
        let total = milliseconds.partialValue + attoseconds / 1_000_000_000_000_000
        return Int(min(0xFFFF, (total + 5) / 10))
    }
}
