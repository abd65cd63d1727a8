/// The second pass of the RGBA encoder: turns each canvas into an indexed frame.
///
/// Opaque animations are differenced: every frame after the first covers only the rectangle that
/// changes what is displayed, is not disposed, and — when that compresses smaller — leaves the
/// pixels that already show the right colour transparent. Pixels whose input did not change keep
/// what is displayed even when it is an approximation (temporal stability: no dither crawl in
/// still areas). Animations with transparent pixels are written whole and disposed to background.
struct GIFFrameMaker {
    private let plan: GIFPalettizer.Plan
    private let global: GIFFramePalette?
    private var globalMapper: PaletteMapper?
    private var histogram = ColorHistogram()
    /// The previous input frame, and the decoder's canvas after the previous output frame (opaque
    /// animations only: the others are not differenced).
    private var previous: (source: RGBAImage, canvas: DecoderCanvas)?

    /// Ordered dithering at half strength: on a photographic pan it removes most banding while the
    /// mean squared error grows by about a quarter instead of a half (PSNR 34.9 dB against 34.0 at
    /// full strength and 36.0 undithered; scripts/encode-quality, docs/benchmarks.md).
    static let orderedStrength: Float = 0.5

    init(plan: GIFPalettizer.Plan) {
        self.plan = plan
        global = plan.global.map { GIFFramePalette($0, isExact: plan.globalIsExact, isGlobal: true) }
        globalMapper = plan.global.map { PaletteMapper(palette: $0, dither: plan.globalIsExact ? .none : plan.dither,
                                                      orderedStrength: Self.orderedStrength) }
    }

    /// The indexed frame for the canvas `image`.
    mutating func frame(_ image: RGBAImage, delay: Duration) -> GIFEncoder.IndexedFrame {
        let centiseconds = GIFPalettizer.centiseconds(delay)
        let previous = plan.anyTransparency ? nil : self.previous
        let displayed = previous?.canvas.shows
        let differs: ((Int) -> Bool)? = displayed.map { displayed in { Self.rgb(image, $0) != Self.rgb(displayed, $0) } }
        histogram.removeAll()
        histogram.add(image, where: differs)
        let table = GIFFramePalette.choose(histogram, plan: plan, global: global) {
            var all = ColorHistogram()
            all.add(image)
            return all
        }
        let transparent: UInt8? = plan.reservesTransparent && table.allowsTransparentEntry ? UInt8(table.palette.colors.count) : nil
        var special = PaletteMapper.Special(transparentIndex: transparent ?? 0, pinnedIndex: transparent ?? 0)
        if let previous, transparent != nil {
            special.pinned = { pixel in
                let kept = table.isExact ? !differs!(pixel) : Self.rgb(image, pixel) == Self.rgb(previous.source, pixel)
                return kept ? Self.color(previous.canvas.shows, pixel) : nil
            }
        }
        let indices = map(image, table: table, special: special)
        let tableCount = table.palette.colors.count + (transparent == nil ? 0 : 1)
        var frame: GIFEncoder.IndexedFrame
        if var previous {
            frame = GIFFrameDifference.frame(indices, table: table, transparent: transparent, pinned: special.pinned != nil,
                                             displayed: previous.canvas.shows)
            frame.indices = lossy(frame.indices, table: table, tableCount: tableCount)
            previous.canvas.draw(in: frame.rect, after: .none) { GIFFrameDifference.draw(frame, table: table, on: &$0) }
            self.previous = (image, previous.canvas)
        } else {
            let written = lossy(indices, table: table, tableCount: tableCount)
            frame = GIFEncoder.IndexedFrame(rect: PixelRect(x: 0, y: 0, width: image.width, height: image.height), indices: written,
                                            transparentIndex: plan.anyTransparency ? transparent : nil)
            if !plan.anyTransparency {
                var canvas = DecoderCanvas(size: image.size)
                canvas.draw(in: frame.rect, after: .none) { GIFFrameDifference.draw(frame, table: table, on: &$0) }
                self.previous = (image, canvas)
            }
        }
        frame.localColorTable = table.isGlobal ? nil : GIFPalettizer.table(table.palette, transparent: transparent != nil)
        frame.disposal = plan.anyTransparency ? 2 : 1
        frame.delayCentiseconds = centiseconds
        return frame
    }

    /// `indices` rewritten by lossy LZW when the options ask for it.
    private func lossy(_ indices: [UInt8], table: GIFFramePalette, tableCount: Int) -> [UInt8] {
        let level = min(200, plan.options.lossy) // a public var: clamp again
        guard level > 0 else { return indices }
        let codeSize = max(2, Int.bitWidth - (max(2, tableCount) - 1).leadingZeroBitCount)
        var pass = LossyLZW(colors: table.palette.colors, distance: level / 3, minimumCodeSize: codeSize)
        return pass.rewrite(indices)
    }

    private mutating func map(_ image: RGBAImage, table: GIFFramePalette, special: PaletteMapper.Special) -> [UInt8] {
        if table.isGlobal, globalMapper != nil { return globalMapper!.map(image, special: special) }
        var mapper = PaletteMapper(palette: table.palette, dither: table.isExact ? .none : plan.dither,
                                   orderedStrength: Self.orderedStrength)
        return mapper.map(image, special: special)
    }

    @inline(__always)
    static func rgb(_ image: RGBAImage, _ pixel: Int) -> UInt32 {
        let offset = pixel * 4
        return UInt32(image[byte: offset]) << 16 | UInt32(image[byte: offset + 1]) << 8 | UInt32(image[byte: offset + 2])
    }

    @inline(__always)
    static func color(_ image: RGBAImage, _ pixel: Int) -> RGBColor {
        let offset = pixel * 4
        return RGBColor(red: image[byte: offset], green: image[byte: offset + 1], blue: image[byte: offset + 2])
    }
}
