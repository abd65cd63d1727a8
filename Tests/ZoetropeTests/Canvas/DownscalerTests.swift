import Testing
@testable import Zoetrope

/// Builds an image from rows of (r, g, b, a) pixels.
private func image(_ rows: [[(UInt8, UInt8, UInt8, UInt8)]]) -> RGBAImage {
    let width = rows.first?.count ?? 0
    let bytes = rows.flatMap { $0.flatMap { [$0.0, $0.1, $0.2, $0.3] } }
    return RGBAImage(width: width, height: rows.count, pixels: bytes)
}

private func rgba(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
    let p = image[x, y]
    return [p.r, p.g, p.b, p.a]
}

@Suite("Area-averaging downscaler")
struct DownscalerTests {
    @Test("2×2 → 1×1 averages the four pixels, rounding to nearest")
    func halving() {
        let source = image([[(10, 20, 30, 255), (20, 30, 40, 255)],
                            [(30, 40, 50, 255), (41, 50, 60, 255)]])
        let out = source.resized(to: PixelSize(width: 1, height: 1))
        // R = 101/4 = 25.25 → 25, G = 140/4 = 35, B = 180/4 = 45.
        #expect(out.size == PixelSize(width: 1, height: 1))
        #expect(rgba(out, 0, 0) == [25, 35, 45, 255])
    }

    @Test("a transparent neighbour does not darken the colour; alpha is the plain average")
    func alphaWeighting() {
        let source = image([[(255, 0, 0, 255), (0, 0, 0, 0)]])
        let out = source.resized(to: PixelSize(width: 1, height: 1))
        // Colour = 255·255 / 255 = 255 (a naive average would give 128); alpha = 255/2 = 127.5 → 128.
        #expect(rgba(out, 0, 0) == [255, 0, 0, 128])
    }

    @Test("3 → 2 counts the shared middle pixel by half in each output pixel")
    func nonIntegerRatio() {
        let source = image([[(0, 0, 0, 255), (90, 90, 90, 255), (255, 255, 255, 255)]])
        let out = source.resized(to: PixelSize(width: 2, height: 1))
        // Output 0 covers source 0 fully and half of source 1: (0·2 + 90·1) / 3 = 30.
        // Output 1: (90·1 + 255·2) / 3 = 200.
        #expect(rgba(out, 0, 0) == [30, 30, 30, 255])
        #expect(rgba(out, 1, 0) == [200, 200, 200, 255])
    }

    @Test("non-integer ratio with partial alpha at the edge")
    func nonIntegerRatioWithAlpha() {
        let source = image([[(200, 0, 0, 255), (0, 0, 100, 51), (0, 0, 0, 0)]])
        let out = source.resized(to: PixelSize(width: 2, height: 1))
        // Output 0, weights 2 and 1: Σa·w = 510 + 51 = 561.
        //   R = 200·510 / 561 = 181.8 → 182; B = 100·51 / 561 = 9.09 → 9; A = 561 / 3 = 187.
        // Output 1, weights 1 and 2: Σa·w = 51. B = 100; A = 51 / 3 = 17.
        #expect(rgba(out, 0, 0) == [182, 0, 9, 187])
        #expect(rgba(out, 1, 0) == [0, 0, 100, 17])
    }

    @Test("3×3 → 2×2 weighs corner, edge and centre pixels 4, 2 and 1 out of 9")
    func twoDimensionalCoverage() {
        var source = RGBAImage(width: 3, height: 3)
        for y in 0..<3 { for x in 0..<3 { source[x, y] = (0, 0, 0, 255) } }
        source[0, 0] = (255, 255, 255, 255)
        source[1, 1] = (90, 90, 90, 255)
        let out = source.resized(to: PixelSize(width: 2, height: 2))
        // (0,0): (255·4 + 90·1) / 9 = 123.3 → 123; the others see only the centre: 90 / 9 = 10.
        #expect(rgba(out, 0, 0) == [123, 123, 123, 255])
        #expect(rgba(out, 1, 0) == [10, 10, 10, 255])
        #expect(rgba(out, 0, 1) == [10, 10, 10, 255])
        #expect(rgba(out, 1, 1) == [10, 10, 10, 255])
    }

    @Test("fully transparent areas stay (0, 0, 0, 0)")
    func transparentStaysTransparent() {
        let source = image([[(9, 9, 9, 0), (200, 7, 7, 0)], [(1, 2, 3, 0), (4, 5, 6, 0)]])
        #expect(rgba(source.resized(to: PixelSize(width: 1, height: 1)), 0, 0) == [0, 0, 0, 0])
    }

    @Test("enlarging 2 → 3 splits the middle output between both sources")
    func enlarging() {
        let source = image([[(0, 0, 0, 255), (200, 200, 200, 255)]])
        let out = source.resized(to: PixelSize(width: 3, height: 1))
        #expect(rgba(out, 0, 0) == [0, 0, 0, 255])
        #expect(rgba(out, 1, 0) == [100, 100, 100, 255])
        #expect(rgba(out, 2, 0) == [200, 200, 200, 255])
    }

    @Test("matches a direct two-dimensional area average on random images of awkward sizes",
          arguments: [(7, 5, 3, 2), (10, 10, 4, 7), (13, 3, 5, 3), (5, 9, 5, 4), (3, 3, 5, 4), (16, 1, 3, 1),
                     (24, 12, 2, 1), (41, 9, 3, 2)])
    func matchesReference(_ sizes: (Int, Int, Int, Int)) {
        let (width, height, targetWidth, targetHeight) = sizes
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 &* UInt64(width * 31 + height)
        var source = RGBAImage(width: width, height: height)
        for index in source.pixels.indices {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            source[byte: index] = UInt8(truncatingIfNeeded: state >> 56)
        }
        let out = source.resized(to: PixelSize(width: targetWidth, height: targetHeight))
        for y in 0..<targetHeight {
            for x in 0..<targetWidth {
                #expect(rgba(out, x, y) == referenceAverage(source, x, y, targetWidth, targetHeight))
            }
        }
    }

    @Test("runs of opaque and of clear pixels (summed unweighted) match the direct average",
          arguments: [(24, 12, 2, 1), (41, 9, 3, 2), (1200, 2, 1, 1), (36, 6, 3, 3), (7, 7, 2, 3)])
    func opaqueAndClearRuns(_ sizes: (Int, Int, Int, Int)) {
        let (width, height, targetWidth, targetHeight) = sizes
        var source = RGBAImage(width: width, height: height)
        var state: UInt64 = 0x2545_F491_4F6C_DD1D &* UInt64(width + 7 * height)
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                // Opaque on the left, clear in a band, partly transparent at the right edge.
                let alpha: UInt8 = x < width / 2 ? 255 : (x < width - 2 ? (y % 2 == 0 ? 0 : 255) : 77)
                source[x, y] = (UInt8(truncatingIfNeeded: state >> 56), UInt8(truncatingIfNeeded: state >> 48),
                                UInt8(truncatingIfNeeded: state >> 40), alpha)
            }
        }
        let out = source.resized(to: PixelSize(width: targetWidth, height: targetHeight))
        for y in 0..<targetHeight {
            for x in 0..<targetWidth {
                #expect(rgba(out, x, y) == referenceAverage(source, x, y, targetWidth, targetHeight))
            }
        }
    }

    @Test("reducing only a changed rectangle over the previous reduction gives the whole reduction",
          arguments: [PixelRect(x: 3, y: 2, width: 5, height: 4), PixelRect(x: 0, y: 0, width: 1, height: 1),
                      PixelRect(x: 20, y: 9, width: 9, height: 5), PixelRect(x: -4, y: 5, width: 40, height: 3),
                      PixelRect(x: 7, y: 7, width: 0, height: 0)])
    func changedRectangle(_ rect: PixelRect) {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 &* UInt64(rect.x + 11 * rect.width + 5)
        func random() -> UInt8 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        var before = RGBAImage(width: 29, height: 14)
        for index in before.pixels.indices { before[byte: index] = index % 4 == 3 && index % 12 == 3 ? 0 : random() }
        var after = before
        let inside = rect.intersection(PixelRect(x: 0, y: 0, width: 29, height: 14))
        for y in inside.y..<inside.maxY {
            for x in inside.x..<inside.maxX { after[x, y] = (random(), random(), random(), x % 3 == 0 ? 0 : random()) }
        }
        for target in [PixelSize(width: 5, height: 3), PixelSize(width: 11, height: 7), PixelSize(width: 29, height: 2)] {
            let previous = before.resized(to: target)
            #expect(after.resized(to: target, changedIn: rect, over: previous) == after.resized(to: target))
        }
    }

    /// Output pixel (x, y) straight from the definition: every source pixel weighted by the area of
    /// its overlap with the output pixel, in units of 1/(targetWidth·targetHeight) pixel.
    private func referenceAverage(_ source: RGBAImage, _ x: Int, _ y: Int,
                                  _ targetWidth: Int, _ targetHeight: Int) -> [UInt8] {
        func overlap(_ a: Int, _ b: Int, _ c: Int, _ d: Int) -> Int { max(0, min(b, d) - max(a, c)) }
        var sums = [0, 0, 0], alphaWeight = 0, weight = 0
        for sy in 0..<source.height {
            for sx in 0..<source.width {
                let w = overlap(x * source.width, (x + 1) * source.width, sx * targetWidth, (sx + 1) * targetWidth)
                    * overlap(y * source.height, (y + 1) * source.height, sy * targetHeight, (sy + 1) * targetHeight)
                let p = source[sx, sy]
                let aw = Int(p.a) * w
                sums[0] += Int(p.r) * aw; sums[1] += Int(p.g) * aw; sums[2] += Int(p.b) * aw
                alphaWeight += aw
                weight += w
            }
        }
        guard alphaWeight > 0 else { return [0, 0, 0, 0] }
        return sums.map { UInt8(($0 + alphaWeight / 2) / alphaWeight) }
            + [UInt8((alphaWeight + weight / 2) / weight)]
    }

    @Test("aspect fit keeps the ratio, rounds to nearest and never goes below 1×1")
    func aspectFit() {
        #expect(PixelSize(width: 100, height: 50).aspectFit(in: PixelSize(width: 40, height: 40))
                == PixelSize(width: 40, height: 20))
        #expect(PixelSize(width: 50, height: 100).aspectFit(in: PixelSize(width: 40, height: 40))
                == PixelSize(width: 20, height: 40))
        // 3×4 in 2×2: height-bound, width 1.5 → 2.
        #expect(PixelSize(width: 3, height: 4).aspectFit(in: PixelSize(width: 2, height: 2))
                == PixelSize(width: 2, height: 2))
        #expect(PixelSize(width: 1000, height: 1).aspectFit(in: PixelSize(width: 10, height: 10))
                == PixelSize(width: 10, height: 1))
        #expect(PixelSize(width: 10, height: 5).aspectFit(in: PixelSize(width: 0, height: 0))
                == PixelSize(width: 1, height: 1))
    }

    @Test("downscaled(toFit:) shrinks to the fitted size and leaves small images alone")
    func downscaledToFit() {
        var source = RGBAImage(width: 4, height: 2)
        for x in 0..<4 { for y in 0..<2 { source[x, y] = (UInt8(x * 60), 0, 0, 255) } }
        let out = source.downscaled(toFit: PixelSize(width: 2, height: 2))
        #expect(out.size == PixelSize(width: 2, height: 1))
        #expect(rgba(out, 0, 0) == [30, 0, 0, 255])   // (0 + 60) / 2
        #expect(rgba(out, 1, 0) == [150, 0, 0, 255])  // (120 + 180) / 2
        #expect(source.downscaled(toFit: PixelSize(width: 10, height: 10)) == source)
    }
}

/// A two-frame animation held in memory.
private final class TwoFrames: AnimatableImage {
    let canvasSize = PixelSize(width: 4, height: 4)
    let frameCount = 2
    let playCount = PlayCount.finite(3)
    func duration(at index: Int) -> Duration { .milliseconds(index == 0 ? 40 : 70) }
    func frame(at index: Int) throws -> RGBAImage {
        var image = RGBAImage(width: 4, height: 4)
        for y in 0..<4 { for x in 0..<4 { image[x, y] = (UInt8(index * 100 + x * 10), 0, 0, 255) } }
        return image
    }
}

@Suite("ScaledImage")
struct ScaledImageTests {
    @Test("reads every frame at the fitted size and keeps timing and plays")
    func scaledAnimation() throws {
        let scaled = TwoFrames().scaled(toFit: PixelSize(width: 2, height: 3))
        #expect(scaled.canvasSize == PixelSize(width: 2, height: 2))
        #expect(scaled.frameCount == 2)
        #expect(scaled.playCount == .finite(3))
        #expect(scaled.duration(at: 1) == .milliseconds(70))
        #expect(scaled.bytesPerFrame == 16)
        let second = try scaled.frame(at: 1)
        #expect(second.size == PixelSize(width: 2, height: 2))
        #expect(rgba(second, 0, 0) == [105, 0, 0, 255])  // (100 + 110) / 2
        #expect(rgba(second, 1, 1) == [125, 0, 0, 255])  // (120 + 130) / 2
    }

    @Test("a scaled progressive image is complete only when its source is")
    func followsCompleteness() {
        let source = ProgressiveImage()
        let scaled = ScaledImage(source, size: PixelSize(width: 2, height: 2))
        #expect(!scaled.isComplete)
        source.finish()
        #expect(scaled.isComplete)
    }

    @Test("an image that already fits is read at its own size")
    func alreadyFits() throws {
        let scaled = TwoFrames().scaled(toFit: PixelSize(width: 8, height: 8))
        #expect(scaled.canvasSize == PixelSize(width: 4, height: 4))
        #expect(try scaled.frame(at: 0) == TwoFrames().frame(at: 0))
    }
}
