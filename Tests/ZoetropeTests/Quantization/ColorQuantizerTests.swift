import Testing
@testable import Zoetrope

/// Measures of how far a mapped image is from its source.
enum QuantizationError {
    /// The colours the indices stand for, as an opaque image.
    static func render(_ indices: [UInt8], palette: ColorPalette, like image: RGBAImage) -> RGBAImage {
        var result = RGBAImage(width: image.width, height: image.height)
        for (pixel, index) in indices.enumerated() {
            let color = palette.colors[Int(index)]
            result[pixel % image.width, pixel / image.width] = (color.red, color.green, color.blue, 255)
        }
        return result
    }

    /// The mean absolute channel difference after averaging both images over `block`×`block` tiles
    /// (1: per pixel) — with larger blocks, roughly what the eye sees of dithered output.
    static func meanError(_ a: RGBAImage, _ b: RGBAImage, block: Int = 1) -> Double {
        var total = 0.0, count = 0
        for top in stride(from: 0, to: a.height - block + 1, by: block) {
            for left in stride(from: 0, to: a.width - block + 1, by: block) {
                for channel in 0..<3 {
                    var sumA = 0, sumB = 0
                    for y in top..<top + block {
                        for x in left..<left + block {
                            sumA += Int(a.pixels[(y * a.width + x) * 4 + channel])
                            sumB += Int(b.pixels[(y * b.width + x) * 4 + channel])
                        }
                    }
                    total += Double(abs(sumA - sumB)) / Double(block * block)
                    count += 1
                }
            }
        }
        return count == 0 ? 0 : total / Double(count)
    }
}

@Suite("Colour quantiser")
struct ColorQuantizerTests {
    private func gradient(width: Int = 256, height: Int = 48) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                image[x, y] = (UInt8(x * 255 / (width - 1)), UInt8(y * 255 / (height - 1)), UInt8(255 - x * 200 / (width - 1)), 255)
            }
        }
        return image
    }

    @Test("palettes never exceed the requested size and have distinct colours", arguments: [1, 2, 16, 200, 256])
    func paletteSize(_ count: Int) {
        let photo = SyntheticPhotograph.image(width: 120, height: 90)
        let palette = ColorQuantizer.palette(for: photo, maximumColors: count)
        #expect(palette.colors.count <= count && !palette.colors.isEmpty)
        #expect(Set(palette.colors).count == palette.colors.count)
    }

    @Test("an image of at most N colours gets exactly its colours and maps back exactly")
    func exactWhenFew() {
        var image = RGBAImage(width: 30, height: 10)
        for y in 0..<10 { for x in 0..<30 { image[x, y] = (UInt8(x * 8), UInt8(y * 3 + 1), UInt8(x ^ y), 255) } }
        let palette = ColorQuantizer.palette(for: image, maximumColors: 256)
        #expect(palette.colors.count <= 256)
        // 300 colours do not fit: this one must be approximate, but a subset fits exactly.
        var small = RGBAImage(width: 16, height: 16)
        for y in 0..<16 { for x in 0..<16 { small[x, y] = (UInt8(x * 17), UInt8(y * 17), 77, 255) } }
        let exact = ColorQuantizer.palette(for: small, maximumColors: 256)
        #expect(exact.colors.count == 256)
        for dither in DitherMethod.allCases {
            var mapper = PaletteMapper(palette: exact, dither: dither)
            let rendered = QuantizationError.render(mapper.map(small), palette: exact, like: small)
            #expect(rendered == small, "\(dither)")
        }
    }

    @Test("a mapper made for few pixels (a terminal tile) maps exactly as one with the whole table")
    func sparseCacheMapsAlike() {
        let photo = SyntheticPhotograph.image(width: 48, height: 24)
        var image = photo
        // Some pixels exactly on palette colours, the rest photographic.
        var colors = [RGBColor]()
        for index in 0..<200 {
            let red = index % 5 * 60, green = index / 5 % 5 * 61, blue = index / 25 * 36
            colors.append(RGBColor(red: UInt8(red), green: UInt8(green), blue: UInt8(blue)))
        }
        let palette = ColorPalette(colors)
        for (index, color) in palette.colors.prefix(48).enumerated() { image[index, 0] = (color.red, color.green, color.blue, 255) }
        for dither in DitherMethod.allCases {
            var dense = PaletteMapper(palette: palette, dither: dither)
            var sparse = PaletteMapper(palette: palette, dither: dither, pixels: image.width * image.height)
            #expect(sparse.map(image) == dense.map(image), "\(dither)")
            #expect(sparse.map(photo) == dense.map(photo), "\(dither), the cache reused")
        }
    }

    @Test("a smooth gradient quantised to 64 colours stays close to its source")
    func gradientError() {
        let image = gradient()
        let palette = ColorQuantizer.palette(for: image, maximumColors: 64)
        #expect(palette.colors.count == 64)
        var errors: [DitherMethod: (pixel: Double, seen: Double)] = [:]
        for dither in DitherMethod.allCases {
            var mapper = PaletteMapper(palette: palette, dither: dither)
            let rendered = QuantizationError.render(mapper.map(image), palette: palette, like: image)
            errors[dither] = (QuantizationError.meanError(image, rendered), QuantizationError.meanError(image, rendered, block: 4))
        }
        let nearest = try! #require(errors[.none]), diffused = try! #require(errors[.errorDiffusion])
        let ordered = try! #require(errors[.ordered])
        #expect(nearest.pixel < 10, "nearest colour: \(nearest)")
        #expect(diffused.seen < nearest.seen && ordered.seen < nearest.seen,
                "dithering brings 4×4 averages closer: none \(nearest), diffusion \(diffused), ordered \(ordered)")
        #expect(diffused.seen < 3.2 && ordered.seen < 4, "diffusion \(diffused), ordered \(ordered)")
    }

    @Test("the palette of a photograph-like image beats a fixed 6×7×6 cube by far")
    func photographError() {
        let photo = SyntheticPhotograph.image(width: 160, height: 120)
        let palette = ColorQuantizer.palette(for: photo, maximumColors: 256)
        var mapper = PaletteMapper(palette: palette, dither: .none)
        let adaptive = QuantizationError.meanError(photo, QuantizationError.render(mapper.map(photo), palette: palette, like: photo))
        var cubeColors: [RGBColor] = []
        for r in 0..<6 { for g in 0..<7 { for b in 0..<6 { cubeColors.append(RGBColor(red: UInt8(r * 51), green: UInt8(g * 255 / 6), blue: UInt8(b * 51))) } } }
        let cube = ColorPalette(cubeColors)
        var cubeMapper = PaletteMapper(palette: cube, dither: .none)
        let fixed = QuantizationError.meanError(photo, QuantizationError.render(cubeMapper.map(photo), palette: cube, like: photo))
        #expect(adaptive < 3.5 && adaptive < fixed / 2, "adaptive \(adaptive), cube \(fixed)")
    }

    @Test("transparent and pinned pixels get the caller's indices, and diffusion accounts for pinned colours")
    func specialPixels() {
        var image = RGBAImage(width: 4, height: 1)
        image[0, 0] = (10, 10, 10, 0)
        image[1, 0] = (200, 0, 0, 255)
        image[2, 0] = (0, 200, 0, 255)
        image[3, 0] = (0, 0, 200, 255)
        let palette = ColorPalette([RGBColor(red: 200, green: 0, blue: 0), RGBColor(red: 0, green: 200, blue: 0), RGBColor(red: 0, green: 0, blue: 200)])
        for dither in DitherMethod.allCases {
            var mapper = PaletteMapper(palette: palette, dither: dither)
            let special = PaletteMapper.Special(transparentIndex: 9, pinnedIndex: 7) { $0 == 2 ? RGBColor(red: 0, green: 200, blue: 0) : nil }
            #expect(mapper.map(image, special: special) == [9, 0, 7, 2], "\(dither)")
        }
    }

    @Test("degenerate inputs give a usable palette without crashing")
    func degenerate() {
        let empty = ColorQuantizer.palette(for: RGBAImage(width: 0, height: 0), maximumColors: 16)
        #expect(empty.colors == [RGBColor(red: 0, green: 0, blue: 0)])
        var transparent = RGBAImage(width: 3, height: 3)
        transparent[1, 1] = (1, 2, 3, 10)
        #expect(ColorQuantizer.palette(for: transparent, maximumColors: 0).colors.count == 1)
        var one = RGBAImage(width: 1, height: 1)
        one[0, 0] = (9, 8, 7, 255)
        let single = ColorQuantizer.palette(for: one, maximumColors: 256)
        #expect(single.colors == [RGBColor(red: 9, green: 8, blue: 7)])
        var mapper = PaletteMapper(palette: single, dither: .errorDiffusion)
        #expect(mapper.map(one) == [0])
        #expect(mapper.map(RGBAImage(width: 0, height: 5)).isEmpty)
    }

    @Test("Oklab round-trips every grey and the cube's corners to the same 8-bit colour")
    func oklabRoundTrip() {
        for value in 0...255 {
            let grey = OklabColor(red: Float(value), green: Float(value), blue: Float(value)).rgb
            #expect(grey == (UInt8(value), UInt8(value), UInt8(value)), "grey \(value)")
        }
        for corner in 0..<8 {
            let r = UInt8(corner & 1 * 255), g = UInt8((corner >> 1 & 1) * 255), b = UInt8((corner >> 2 & 1) * 255)
            #expect(OklabColor(red: Float(r), green: Float(g), blue: Float(b)).rgb == (r, g, b))
        }
    }

    @Test("histograms counted apart and merged equal one histogram counting every image")
    func mergedHistograms() {
        let photograph = SyntheticPhotograph.image(width: 48, height: 32, originX: 0, seed: 7)
        let gradient = GradientPaletteTests.gradient(width: 64, height: 48)
        var whole = ColorHistogram(), first = ColorHistogram(), second = ColorHistogram()
        for image in [gradient, photograph] { whole.add(image) }
        first.add(gradient)
        second.add(photograph)
        first.add(second)
        #expect(first.weightedColors() == whole.weightedColors())
        #expect(first.exactColors(limit: 4096) == whole.exactColors(limit: 4096))
        var gradients = ColorHistogram(), shifted = ColorHistogram()
        gradients.add(gradient)
        shifted.add(GradientPaletteTests.gradient(width: 64, height: 48, phase: 7))
        gradients.add(shifted)
        #expect(gradients.exactColors(limit: 4096) != nil) // few exact colours stay counted one by one
    }
}
