/// Maps RGBA pixels onto a ``ColorPalette``, with or without dithering.
///
/// Pixels with alpha below 128 get a caller-chosen index. A caller can also pin pixels: they get
/// another caller-chosen index and are taken to show a known colour (for an animation, what the
/// previous frame left there), which error diffusion accounts for.
package struct PaletteMapper {
    /// The colours mapped to.
    package var palette: ColorPalette { cache.palette }
    /// The dithering used.
    package let dither: DitherMethod
    private var cache: NearestColorCache

    /// What to write for pixels that are not mapped to the palette.
    package struct Special {
        /// The index of transparent pixels (alpha < 128).
        package var transparentIndex: UInt8
        /// The index of pinned pixels.
        package var pinnedIndex: UInt8
        /// The colour a pixel keeps (it is not mapped), or `nil` to map it; `nil` pins nothing.
        package var pinned: ((_ pixel: Int) -> RGBColor?)?

        package init(transparentIndex: UInt8 = 0, pinnedIndex: UInt8 = 0, pinned: ((_ pixel: Int) -> RGBColor?)? = nil) {
            self.transparentIndex = transparentIndex
            self.pinnedIndex = pinnedIndex
            self.pinned = pinned
        }
    }

    /// How far ordered dithering goes towards the true mix of the two nearest colours (1: all the
    /// way). Any dithering adds per-pixel error while it removes banding: a lower strength keeps
    /// some bands and less noise.
    package let orderedStrength: Float

    /// A mapper onto `palette`; `orderedStrength` (0–1) applies to ``DitherMethod/ordered``.
    /// `pixels`: how many pixels it will map, when known — a mapper for a small image (a terminal
    /// tile) then remembers nearest colours in a dictionary instead of filling a 4 MB table.
    package init(palette: ColorPalette, dither: DitherMethod, orderedStrength: Float = 1, pixels: Int? = nil) {
        self.dither = dither
        self.orderedStrength = orderedStrength
        cache = NearestColorCache(palette, pixels: pixels)
    }

    /// The palette index of each pixel of `image`, row-major.
    package mutating func map(_ image: RGBAImage, special: Special = Special()) -> [UInt8] {
        switch dither {
        case .none, .ordered: return mapPointwise(image, special: special)
        case .errorDiffusion: return mapDiffusing(image, special: special)
        }
    }

    /// The nearest palette index of one colour.
    package mutating func nearest(red: Int, green: Int, blue: Int) -> Int {
        cache.index(red: red, green: green, blue: blue)
    }

    /// Nearest colour, or with ordered dithering a choice between the nearest colour and the one
    /// nearest to the pixel pushed past it by its own error, by where the pixel lies between the
    /// two against the Bayer threshold: a two-colour pattern along the actual error direction
    /// (none for a pixel within a level of its nearest colour).
    private mutating func mapPointwise(_ image: RGBAImage, special: Special) -> [UInt8] {
        let width = image.width
        var indices = [UInt8](repeating: special.transparentIndex, count: width * image.height)
        let pixels = image.pixels
        for y in 0..<image.height {
            for x in 0..<width {
                let pixel = y * width + x, offset = pixel * 4
                guard pixels[offset + 3] >= ColorHistogram.alphaThreshold else { continue }
                if let pinned = special.pinned, pinned(pixel) != nil {
                    indices[pixel] = special.pinnedIndex
                    continue
                }
                let color = SIMD4<Int32>(Int32(pixels[offset]), Int32(pixels[offset + 1]), Int32(pixels[offset + 2]), 0)
                let threshold = dither == .ordered ? BayerMatrix.thresholds[(y & 7) << 3 | (x & 7)] + 0.5 : nil
                indices[pixel] = UInt8(mapOrdered(color, threshold: threshold))
            }
        }
        return indices
    }

    @inline(__always)
    private mutating func mapOrdered(_ color: SIMD4<Int32>, threshold: Float?) -> Int {
        let first = cache.index(red: Int(color.x), green: Int(color.y), blue: Int(color.z))
        guard let threshold else { return first }
        let near = Self.vector(palette.colors[first])
        let error = color &- near
        // Within a level of the entry in every channel (a gradient's palette has its shades to a
        // level or two): a pattern would only add error.
        if (error &* error).max() <= 1 { return first }
        let pushed = color &+ error &+ error
        let second = cache.index(red: Int(pushed.x), green: Int(pushed.y), blue: Int(pushed.z))
        guard second != first else { return first }
        let step = Self.vector(palette.colors[second]) &- near
        let along = Float((error &* step).wrappedSum()) / Float((step &* step).wrappedSum())
        return threshold < along * orderedStrength ? second : first
    }

    @inline(__always)
    private static func vector(_ color: RGBColor) -> SIMD4<Int32> {
        SIMD4(Int32(color.red), Int32(color.green), Int32(color.blue), 0)
    }

    /// Floyd–Steinberg, serpentine: 7/16 ahead, 3/16, 5/16 and 1/16 on the next row.
    private mutating func mapDiffusing(_ image: RGBAImage, special: Special) -> [UInt8] {
        let width = image.width
        var indices = [UInt8](repeating: special.transparentIndex, count: width * image.height)
        // Errors for this row and the next, 3 floats per pixel with a pixel of margin each side.
        var current = [Float](repeating: 0, count: (width + 2) * 3)
        var next = current
        for y in 0..<image.height {
            let forward = y & 1 == 0
            for step in 0..<width {
                let x = forward ? step : width - 1 - step
                diffuse(image, x: x, y: y, forward: forward, special: special, indices: &indices, current: &current, next: &next)
            }
            swap(&current, &next)
            for index in next.indices { next[index] = 0 }
        }
        return indices
    }

    @inline(__always)
    private mutating func diffuse(_ image: RGBAImage, x: Int, y: Int, forward: Bool, special: Special,
                                  indices: inout [UInt8], current: inout [Float], next: inout [Float]) {
        let pixel = y * image.width + x, offset = pixel * 4
        guard image.pixels[offset + 3] >= ColorHistogram.alphaThreshold else { return }
        let slot = (x + 1) * 3
        let source = SIMD4<Float>(Float(image.pixels[offset]), Float(image.pixels[offset + 1]), Float(image.pixels[offset + 2]), 0)
        let carried = SIMD4<Float>(current[slot], current[slot + 1], current[slot + 2], 0)
        let wanted = (source + carried).clamped(lowerBound: SIMD4(repeating: 0), upperBound: SIMD4(repeating: 255))
        let shown: RGBColor
        if let pinned = special.pinned, let kept = pinned(pixel) {
            indices[pixel] = special.pinnedIndex
            shown = kept
        } else {
            let index = cache.index(red: Int(wanted.x.rounded()), green: Int(wanted.y.rounded()), blue: Int(wanted.z.rounded()))
            indices[pixel] = UInt8(index)
            shown = palette.colors[index]
        }
        let error = wanted - SIMD4<Float>(Float(shown.red), Float(shown.green), Float(shown.blue), 0)
        let ahead = forward ? slot + 3 : slot - 3, behind = forward ? slot - 3 : slot + 3
        for channel in 0..<3 {
            current[ahead + channel] += error[channel] * (7 / 16)
            next[behind + channel] += error[channel] * (3 / 16)
            next[slot + channel] += error[channel] * (5 / 16)
            next[ahead + channel] += error[channel] * (1 / 16)
        }
    }
}
