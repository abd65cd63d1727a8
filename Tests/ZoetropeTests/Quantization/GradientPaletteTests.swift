import Foundation
import Testing
@testable import Zoetrope

/// Smooth gradients of a few hundred shades, which fall in a quarter as many 6-bit histogram
/// cells: the palette spends every entry on them (exact colours counted), and GIF output is at
/// least as close to the source as ffmpeg's `palettegen`/`paletteuse` on the same frames.
@Suite("Palettes for smooth gradients")
struct GradientPaletteTests {
    /// A two-colour diagonal gradient (from `start` to `end`), shifted by `phase` pixels: about
    /// 380 shades, in under 100 cells of the 6-bit histogram.
    static func gradient(width: Int = 320, height: Int = 240, phase: Int = 0) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        let start = (30.0, 200.0, 90.0), end = (220.0, 40.0, 160.0)
        let span = Double(width + height - 2)
        for y in 0..<height {
            for x in 0..<width {
                let t = Double((x + y + phase) % (width + height - 1)) / span
                image[x, y] = (UInt8((start.0 + (end.0 - start.0) * t).rounded()), UInt8((start.1 + (end.1 - start.1) * t).rounded()),
                               UInt8((start.2 + (end.2 - start.2) * t).rounded()), 255)
            }
        }
        return image
    }

    @Test("a gradient of more shades than entries but fewer cells gets a full palette")
    func everyEntryUsed() {
        let image = Self.gradient()
        var histogram = ColorHistogram()
        histogram.add(image)
        #expect(histogram.weightedColors().count < 256) // the cells alone could fill only part of the palette
        #expect(histogram.weightedColors(forPaletteOf: 256).count > 256)
        #expect(ColorQuantizer.palette(for: histogram, maximumColors: 256).colors.count == 256)
    }

    static func psnr(_ a: [RGBAImage], _ b: [RGBAImage]) -> Double {
        var squared = 0.0, count = 0
        for (x, y) in zip(a, b) {
            for offset in stride(from: 0, to: x.pixels.count, by: 4) {
                for channel in 0..<3 {
                    let delta = Double(x.pixels[offset + channel]) - Double(y.pixels[offset + channel])
                    squared += delta * delta
                    count += 1
                }
            }
        }
        return squared == 0 ? .infinity : 10 * log10(255 * 255 / (squared / Double(count)))
    }

    @Test("GIF of a moving gradient is at least as close to the source as ffmpeg's palettegen/paletteuse",
          ReferenceDecoders.requirement)
    func atLeastFFmpeg() throws {
        let ffmpeg = try #require(ReferenceDecoders.ffmpeg)
        let frames = (0..<8).map { Self.gradient(phase: $0 * 20) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-gradient-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let ours = folder.appendingPathComponent("ours.gif"), theirs = folder.appendingPathComponent("ffmpeg.gif")
        try Data(try GIFEncoder.encode(frames: frames, durations: [.milliseconds(100)], playCount: .infinite)).write(to: ours)
        let raw = folder.appendingPathComponent("frames.rgba")
        try Data(frames.flatMap(\.pixels)).write(to: raw)
        _ = try ReferenceDecoders.run(ffmpeg, ["-v", "error", "-nostdin", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "320x240", "-r", "10",
                                               "-i", raw.path, "-vf", "split[a][b];[a]palettegen[p];[b][p]paletteuse", theirs.path])
        let size = PixelSize(width: 320, height: 240)
        let oursDecoded = try ReferenceDecoders.ffmpegFrames(ours, size: size)
        let theirsDecoded = try ReferenceDecoders.ffmpegFrames(theirs, size: size)
        #expect(oursDecoded.count == 8 && theirsDecoded.count == 8)
        let (oursPSNR, theirsPSNR) = (Self.psnr(frames, oursDecoded), Self.psnr(frames, theirsDecoded))
        #expect(oursPSNR >= theirsPSNR - 0.1, "Zoetrope \(oursPSNR) dB, ffmpeg \(theirsPSNR) dB")
        #expect(oursPSNR > 55, "Zoetrope \(oursPSNR) dB")
    }

    /// A diagonal gradient through four colour stops, shifted by `phase` pixels: about a thousand
    /// shades in fewer cells than a palette has entries (like ffmpeg's `gradients=n=4`).
    static func fourStopGradient(width: Int = 320, height: Int = 240, phase: Int = 0) -> RGBAImage {
        gradient(through: [(20, 60, 200), (230, 200, 40), (180, 30, 90), (40, 220, 160)], width: width, height: height, phase: phase)
    }

    /// A diagonal gradient through `stops`, shifted by `phase` pixels.
    static func gradient(through stops: [(Double, Double, Double)], width: Int = 320, height: Int = 240, phase: Int = 0) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        let span = Double(width + height - 2), segments = stops.count - 1
        for y in 0..<height {
            for x in 0..<width {
                let t = Double((x + y + phase) % (width + height - 1)) / span * Double(segments)
                let stop = min(segments - 1, Int(t)), f = t - Double(stop)
                let (a, b) = (stops[stop], stops[stop + 1])
                image[x, y] = (UInt8((a.0 + (b.0 - a.0) * f).rounded()), UInt8((a.1 + (b.1 - a.1) * f).rounded()),
                               UInt8((a.2 + (b.2 - a.2) * f).rounded()), 255)
            }
        }
        return image
    }

    /// PSNR of `image` mapped onto `palette` with ordered dithering.
    static func mappedPSNR(_ image: RGBAImage, _ palette: ColorPalette) -> Double {
        var mapper = PaletteMapper(palette: palette, dither: .ordered)
        let mapped = RGBAImage(width: image.width, height: image.height, pixels: mapper.map(image).flatMap { index in
            let color = palette.colors[Int(index)]
            return [color.red, color.green, color.blue, 255]
        })
        return psnr([image], [mapped])
    }

    @Test("a gradient's palette refined on its stored values maps above 52 dB, no worse than the Oklab-only palette")
    func gradientPaletteIsFine() {
        let image = Self.fourStopGradient()
        var histogram = ColorHistogram()
        histogram.add(image)
        #expect(histogram.usesExactColors(forPaletteOf: 255))
        let palette = ColorQuantizer.palette(for: histogram, maximumColors: 255)
        // The palette before the RGB refinement: the variance cut and k-means in Oklab alone.
        let points = histogram.weightedColors(forPaletteOf: 255)
        let oklab = KMeansRefinement.refine(VarianceCut.colors(points, count: 255), points: points,
                                            rounds: ColorQuantizer.defaultRefinements)
        let oklabPalette = ColorPalette(Array(Set(oklab.map { RGBColor(red: $0.rgb.red, green: $0.rgb.green, blue: $0.rgb.blue) })))
        let (refined, plain) = (Self.mappedPSNR(image, palette), Self.mappedPSNR(image, oklabPalette))
        #expect(refined > 52 && refined > plain - 0.1, "RGB-refined \(refined) dB, Oklab only \(plain) dB")
    }

    @Test("a gradient with more cells than entries (fewer than four an entry) still gets a palette fitted and mapped in RGB")
    func gradientOverManyCells() {
        // Steep stops: consecutive shades a few levels apart, most in a cell of their own (as in
        // ffmpeg's gradients=n=8, or a moving gradient's frames counted together).
        let image = Self.gradient(through: [(0, 0, 255), (255, 255, 0), (0, 255, 40), (255, 0, 200), (10, 40, 0), (250, 250, 250)])
        var histogram = ColorHistogram()
        histogram.add(image)
        let cells = histogram.weightedColors().count
        #expect(cells > 255 && cells < 4 * 255, "\(cells) cells")
        #expect(histogram.usesExactColors(forPaletteOf: 255))
        let palette = ColorQuantizer.palette(for: histogram, maximumColors: 255)
        #expect(palette.mapsInRGB)
        // What a photograph's rule gives: the cells cut and refined in Oklab, mapped in Oklab.
        let points = histogram.weightedColors()
        let oklab = KMeansRefinement.refine(VarianceCut.colors(points, count: 255), points: points,
                                            rounds: ColorQuantizer.defaultRefinements)
        let oklabPalette = ColorPalette(Array(Set(oklab.map { RGBColor(red: $0.rgb.red, green: $0.rgb.green, blue: $0.rgb.blue) })))
        let (fitted, plain) = (Self.mappedPSNR(image, palette), Self.mappedPSNR(image, oklabPalette))
        #expect(fitted > plain + 1, "fitted in RGB \(fitted) dB, Oklab cells \(plain) dB")
    }

    @Test("ordered dithering leaves a pixel within a level of a palette colour on that colour")
    func noPatternWithinALevel() {
        let palette = ColorPalette([RGBColor(red: 0, green: 0, blue: 0), RGBColor(red: 10, green: 10, blue: 10)])
        var image = RGBAImage(width: 8, height: 8)
        for y in 0..<8 { for x in 0..<8 { image[x, y] = (1, 0, 1, 255) } }
        var mapper = PaletteMapper(palette: palette, dither: .ordered)
        #expect(mapper.map(image).allSatisfy { $0 == 0 })
    }

    @Test("a gradient's palette maps every shade to the entry nearest in RGB, a photograph's does not map in RGB")
    func gradientMapsInRGB() {
        let image = Self.fourStopGradient()
        let palette = ColorQuantizer.palette(for: image, maximumColors: 255)
        #expect(palette.mapsInRGB)
        var mapper = PaletteMapper(palette: palette, dither: .none)
        let indices = mapper.map(image)
        var worse = 0
        for pixel in 0..<image.width * image.height {
            let color = SIMD3<Int>(Int(image.pixels[pixel * 4]), Int(image.pixels[pixel * 4 + 1]), Int(image.pixels[pixel * 4 + 2]))
            let distance = { (entry: RGBColor) -> Int in
                let delta = color &- SIMD3(Int(entry.red), Int(entry.green), Int(entry.blue))
                return (delta &* delta).wrappedSum()
            }
            if distance(palette.colors[Int(indices[pixel])]) > palette.colors.map(distance).min()! { worse += 1 }
        }
        #expect(worse == 0, "\(worse) pixels on an entry farther than the nearest")
        let photograph = SyntheticPhotograph.image(width: 96, height: 64, originX: 0, seed: 5)
        #expect(!ColorQuantizer.palette(for: photograph, maximumColors: 255).mapsInRGB)
    }
}
