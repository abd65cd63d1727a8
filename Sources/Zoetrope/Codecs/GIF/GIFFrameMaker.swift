/// The second pass of the RGBA encoder: turns each canvas into an indexed frame.
///
/// Opaque animations are differenced: every frame after the first covers only the rectangle that
/// changes what is displayed, is not disposed, and — when that compresses smaller — leaves the
/// pixels that already show the right colour transparent. Pixels whose input did not change keep
/// what is displayed even when it is an approximation (temporal stability: no dither crawl in
/// still areas). Animations with transparent pixels are differenced too, over the canvas the last
/// frame's disposal leaves (``overTransparency(_:table:transparent:tableCount:)``).
struct GIFFrameMaker {
    private let plan: GIFPalettizer.Plan
    private let global: GIFFramePalette?
    private var globalMapper: PaletteMapper?
    private var histogram = ColorHistogram()
    /// The previous input frame, and the decoder's canvas after the previous output frame (opaque
    /// animations only: the others are not differenced).
    private var previous: (source: RGBAImage, canvas: DecoderCanvas)?
    /// The decoder's canvas of an animation with transparent pixels, the disposal of the last frame
    /// drawn on it, and the index of the next frame.
    private var canvas: DecoderCanvas
    private var lastDisposal = FrameDisposal.none
    private var frameIndex = 0

    /// Ordered dithering at half strength: on a photographic pan it removes most banding while the
    /// mean squared error grows by about a quarter instead of a half (PSNR 34.9 dB against 34.0 at
    /// full strength and 36.0 undithered; scripts/encode-quality, docs/benchmarks.md).
    static let orderedStrength: Float = 0.5

    init(plan: GIFPalettizer.Plan, canvasSize: PixelSize) {
        self.plan = plan
        canvas = DecoderCanvas(size: plan.anyTransparency ? canvasSize : PixelSize(width: 0, height: 0))
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
        if plan.anyTransparency, let transparent {
            frame = overTransparency(indices, table: table, transparent: transparent, tableCount: tableCount)
        } else if var previous {
            frame = GIFFrameDifference.frame(indices, table: table, transparent: transparent, pinned: special.pinned != nil,
                                             displayed: previous.canvas.shows)
            frame.indices = lossy(frame.indices, table: table, tableCount: tableCount,
                                  shown: frame.transparentIndex.map { ($0, Self.colors(previous.canvas.shows, in: frame.rect)) })
            previous.canvas.draw(in: frame.rect, after: .none) { GIFFrameDifference.draw(frame, table: table, on: &$0) }
            self.previous = (image, previous.canvas)
            frame.disposal = 1
        } else {
            let written = lossy(indices, table: table, tableCount: tableCount, shown: nil)
            frame = GIFEncoder.IndexedFrame(rect: PixelRect(x: 0, y: 0, width: image.width, height: image.height), indices: written,
                                            transparentIndex: plan.anyTransparency ? transparent : nil)
            if !plan.anyTransparency {
                var canvas = DecoderCanvas(size: image.size)
                canvas.draw(in: frame.rect, after: .none) { GIFFrameDifference.draw(frame, table: table, on: &$0) }
                self.previous = (image, canvas)
            } else {
                // No transparent entry (a table of 256 colours): the whole frame, cleared after.
                canvas.draw(in: frame.rect, after: lastDisposal) { GIFFrameDifference.draw(frame, table: table, on: &$0) }
                lastDisposal = .background
            }
            frame.disposal = plan.anyTransparency ? 2 : 1
        }
        frame.localColorTable = table.isGlobal ? nil : GIFPalettizer.table(table.palette, transparent: transparent != nil)
        frame.delayCentiseconds = centiseconds
        frameIndex += 1
        return frame
    }

    /// A frame of an animation with transparent pixels, drawn over the canvas the last frame's
    /// disposal leaves: the bounding box of the pixels it changes there (pixels it keeps are
    /// transparent), widened to the pixels the next frame clears (``GIFPalettizer/Plan/clears``),
    /// in which case it is disposed to background. Every pixel this frame leaves transparent is
    /// transparent on that canvas already: the frame before cleared it, or never drew it.
    private mutating func overTransparency(_ indices: [UInt8], table: GIFFramePalette, transparent: UInt8,
                                           tableCount: Int) -> GIFEncoder.IndexedFrame {
        let clears = frameIndex < plan.clears.count ? plan.clears[frameIndex] : nil
        let base = canvas.canvas(after: lastDisposal), colors = table.palette.colors
        let keeps: (Int) -> Bool = { pixel in
            let index = indices[pixel]
            return index == transparent
                || (base[byte: pixel * 4 + 3] == 255 && colors[Int(index)].packed == GIFFrameMaker.rgb(base, pixel))
        }
        let changed = PixelRect.bounding(width: base.width, height: base.height) { !keeps($0) }
        let rect = Self.union(changed, clears) ?? PixelRect(x: 0, y: 0, width: min(1, base.width), height: min(1, base.height))
        var written: [UInt8] = []
        written.reserveCapacity(rect.width * rect.height)
        for y in rect.y..<rect.y + rect.height {
            for x in rect.x..<rect.x + rect.width {
                let pixel = y * base.width + x
                written.append(keeps(pixel) ? transparent : indices[pixel])
            }
        }
        var frame = GIFEncoder.IndexedFrame(rect: rect, indices: written, transparentIndex: transparent)
        frame.indices = lossy(frame.indices, table: table, tableCount: tableCount, shown: (transparent, Self.colors(base, in: rect)))
        frame.disposal = clears == nil ? 1 : 2
        canvas.draw(in: rect, after: lastDisposal) { GIFFrameDifference.draw(frame, table: table, on: &$0) }
        lastDisposal = clears == nil ? .none : .background
        return frame
    }

    private static func union(_ a: PixelRect?, _ b: PixelRect?) -> PixelRect? {
        guard let a else { return b }
        guard let b else { return a }
        let x = min(a.x, b.x), y = min(a.y, b.y)
        return PixelRect(x: x, y: y, width: max(a.x + a.width, b.x + b.width) - x, height: max(a.y + a.height, b.y + b.height) - y)
    }

    /// `indices` rewritten by lossy LZW when the options ask for it; `shown` is the transparent
    /// index of a differenced frame and the colours it keeps in the frame's rectangle.
    private func lossy(_ indices: [UInt8], table: GIFFramePalette, tableCount: Int, shown: (UInt8, [RGBColor?])?) -> [UInt8] {
        let level = min(200, plan.options.lossy) // a public var: clamp again
        guard level > 0 else { return indices }
        let codeSize = max(2, Int.bitWidth - (max(2, tableCount) - 1).leadingZeroBitCount)
        var pass = LossyLZW(colors: table.palette.colors, distance: level / 3, minimumCodeSize: codeSize,
                            transparent: shown?.0, shown: shown?.1)
        return pass.rewrite(indices)
    }

    /// The colours of `image` in `rect`, row by row (`nil` for transparent pixels).
    static func colors(_ image: RGBAImage, in rect: PixelRect) -> [RGBColor?] {
        var colors: [RGBColor?] = []
        colors.reserveCapacity(rect.width * rect.height)
        for y in rect.y..<rect.y + rect.height {
            for x in rect.x..<rect.x + rect.width {
                let pixel = y * image.width + x
                colors.append(image[byte: pixel * 4 + 3] == 255 ? color(image, pixel) : nil)
            }
        }
        return colors
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
