/// The expensive step of making a GIF frame, which the encoder's workers run in parallel: the
/// frame's colour table and the palette index of each pixel, computed from the frame's input and
/// the input before it only, never from the canvas the frames before leave (``GIFFrameMaker``
/// differences against that canvas afterwards, in order). So the result does not depend on how
/// many frames are mapped at once.
///
/// In an opaque animation every frame after the first pins the pixels whose input did not change:
/// they keep what is displayed (temporal stability: no dither crawl in still areas) and are written
/// as the transparent index. The frame's table is chosen from the colours of the pixels that
/// changed, the ones it writes.
final class GIFFrameMapping: Sendable {
    let plan: GIFPalettizer.Plan
    let global: GIFFramePalette?
    private let globalMappers: PaletteMapperPool?
    /// Histograms the workers reuse (8 MB each, cleared before use).
    private let histograms = LockedState<[ColorHistogram]>([])

    /// Ordered dithering at half strength: on a photographic pan it removes most banding while the
    /// mean squared error grows by about a quarter instead of a half (PSNR 34.9 dB against 34.0 at
    /// full strength and 36.0 undithered; scripts/encode-quality, docs/benchmarks.md).
    static let orderedStrength: Float = 0.5

    init(plan: GIFPalettizer.Plan) {
        self.plan = plan
        global = plan.global.map { GIFFramePalette($0, isExact: plan.globalIsExact, isGlobal: true) }
        globalMappers = plan.global.map {
            PaletteMapperPool(palette: $0, dither: plan.globalIsExact ? .none : plan.dither, orderedStrength: Self.orderedStrength)
        }
    }

    /// The table and indices of `image`, the input after `previous` (`nil` for the first frame).
    func map(_ image: RGBAImage, previous: RGBAImage?) -> GIFMappedFrame {
        let previous = plan.anyTransparency ? nil : previous
        let changed: ((Int) -> Bool)? = previous.map { previous in
            { GIFFrameMaker.rgb(image, $0) != GIFFrameMaker.rgb(previous, $0) }
        }
        let table = chooseTable(image, changed: changed)
        let transparent: UInt8? = plan.reservesTransparent && table.allowsTransparentEntry ? UInt8(table.palette.colors.count) : nil
        var mapped = GIFMappedFrame(table: table, transparent: transparent, pinned: previous != nil && transparent != nil)
        if mapped.pinned, let previous, dither(for: table) == .errorDiffusion {
            // Error diffusion carries the error of the colour a pinned pixel shows: the canvas's.
            mapped.deferred = (image, previous)
            return mapped
        }
        var special = PaletteMapper.Special(transparentIndex: transparent ?? 0, pinnedIndex: transparent ?? 0)
        if mapped.pinned, let changed {
            special.pinned = { changed($0) ? nil : RGBColor(red: 0, green: 0, blue: 0) }
        }
        mapped.indices = map(image, table: table, special: special)
        if mapped.pinned, table.isExact { mapped.source = image }
        return mapped
    }

    /// `image`'s indices in `table`, pixels pinned as `special` says.
    func map(_ image: RGBAImage, table: GIFFramePalette, special: PaletteMapper.Special) -> [UInt8] {
        if table.isGlobal, let globalMappers { return globalMappers.map(image, special: special) }
        var mapper = PaletteMapper(palette: table.palette, dither: dither(for: table), orderedStrength: Self.orderedStrength)
        return mapper.map(image, special: special)
    }

    private func dither(for table: GIFFramePalette) -> DitherMethod {
        table.isExact ? .none : plan.dither
    }

    /// The global table when it holds every colour, else the choice of
    /// ``GIFFramePalette/choose(_:plan:global:wholeFrame:)`` for the pixels `changed` says.
    private func chooseTable(_ image: RGBAImage, changed: ((Int) -> Bool)?) -> GIFFramePalette {
        if let global, global.isExact { return global }
        var histogram = histograms.withLock { $0.popLast() } ?? ColorHistogram()
        histogram.removeAll()
        histogram.add(image, where: changed)
        if changed != nil, histogram.exactColors(limit: plan.colorLimit) == nil {
            // Quantised: a palette of the whole frame, as before the frames were mapped apart
            // (a palette of the changed pixels alone lost 2 dB on testsrc2).
            histogram.removeAll()
            histogram.add(image)
        }
        let table = GIFFramePalette.choose(histogram, plan: plan, global: global) {
            var all = ColorHistogram()
            all.add(image)
            return all
        }
        histograms.withLock { $0.append(histogram) }
        return table
    }
}

/// One frame as ``GIFFrameMapping`` leaves it.
struct GIFMappedFrame: Sendable {
    /// The frame's colour table.
    let table: GIFFramePalette
    /// The transparent index after the table's colours, if the table has one.
    let transparent: UInt8?
    /// Whether pixels whose input did not change are pinned (written as ``transparent``).
    let pinned: Bool
    /// A canvas-sized index per pixel, or `nil` when mapping needs the canvas (``deferred``).
    var indices: [UInt8]?
    /// The input and the input before, for error diffusion with pinned pixels: mapped against
    /// the displayed canvas in order.
    var deferred: (image: RGBAImage, previous: RGBAImage)?
    /// The input of a frame with an exact table and pinned pixels: pinned pixels that show an
    /// approximation left by an earlier frame get their exact colour when the table has it.
    var source: RGBAImage?

    init(table: GIFFramePalette, transparent: UInt8?, pinned: Bool) {
        self.table = table
        self.transparent = transparent
        self.pinned = pinned
    }
}

/// Mappers onto one palette that workers borrow in turn, so that each mapper's nearest-colour
/// cache stays warm across frames (a cache never changes a result, whichever mapper serves).
final class PaletteMapperPool: Sendable {
    private let palette: ColorPalette
    private let dither: DitherMethod
    private let orderedStrength: Float
    private let idle = LockedState<[PaletteMapper]>([])

    init(palette: ColorPalette, dither: DitherMethod, orderedStrength: Float) {
        self.palette = palette
        self.dither = dither
        self.orderedStrength = orderedStrength
    }

    /// ``PaletteMapper/map(_:special:)`` with an idle mapper, or a new one when all are busy.
    func map(_ image: RGBAImage, special: PaletteMapper.Special) -> [UInt8] {
        var mapper = idle.withLock { $0.popLast() }
            ?? PaletteMapper(palette: palette, dither: dither, orderedStrength: orderedStrength)
        let indices = mapper.map(image, special: special)
        idle.withLock { $0.append(mapper) }
        return indices
    }
}
