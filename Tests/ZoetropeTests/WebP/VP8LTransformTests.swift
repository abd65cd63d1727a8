import Testing
@testable import Zoetrope

/// The inverse transforms written from the spec's formulas (RFC 9649 §4), channel by channel, to
/// compute what a stream must decode to without the decoder's helpers.
enum SpecTransforms {
    typealias Channels = [Int] // A, R, G, B

    static func average(_ a: Channels, _ b: Channels) -> Channels { zip(a, b).map { ($0 + $1) / 2 } }

    static func clamp(_ value: Int) -> Int { min(255, max(0, value)) }

    /// The spec's Select: the neighbour (left or top) nearer to the estimate L + T − TL.
    static func select(left: Channels, top: Channels, topLeft: Channels) -> Channels {
        let estimate = (0..<4).map { left[$0] + top[$0] - topLeft[$0] }
        let distanceToLeft = (0..<4).reduce(0) { $0 + abs(estimate[$1] - left[$1]) }
        let distanceToTop = (0..<4).reduce(0) { $0 + abs(estimate[$1] - top[$1]) }
        return distanceToLeft < distanceToTop ? left : top
    }

    static func prediction(mode: Int, left: Channels, top: Channels, topLeft: Channels, topRight: Channels) -> Channels {
        switch mode {
        case 1: return left
        case 2: return top
        case 3: return topRight
        case 4: return topLeft
        case 5: return average(average(left, topRight), top)
        case 6: return average(left, topLeft)
        case 7: return average(left, top)
        case 8: return average(topLeft, top)
        case 9: return average(top, topRight)
        case 10: return average(average(left, topLeft), average(top, topRight))
        case 11: return select(left: left, top: top, topLeft: topLeft)
        case 12: return (0..<4).map { clamp(left[$0] + top[$0] - topLeft[$0]) }
        case 13:
            let mean = average(left, top)
            return (0..<4).map { clamp(mean[$0] + (mean[$0] - topLeft[$0]) / 2) }
        default: return [255, 0, 0, 0] // 0 (and libwebp's reading of 14, 15): opaque black
        }
    }

    static func predictor(_ residuals: [UInt32], width: Int, bits: Int, modes: [Int]) -> [UInt32] {
        var out = residuals
        let height = residuals.count / width
        let tilesPerRow = (width + (1 << bits) - 1) >> bits
        for y in 0..<height {
            for x in 0..<width {
                let index = y * width + x
                let predicted: UInt32
                if x == 0 && y == 0 {
                    predicted = 0xff00_0000
                } else if y == 0 {
                    predicted = out[index - 1]
                } else if x == 0 {
                    predicted = out[index - width]
                } else {
                    // The rightmost pixel's top-right is the leftmost pixel of its own row.
                    let topRight = x == width - 1 ? out[y * width] : out[index - width + 1]
                    let mode = modes[(y >> bits) * tilesPerRow + (x >> bits)]
                    predicted = TestPixels.pack(prediction(mode: mode, left: TestPixels.channels(out[index - 1]),
                                                           top: TestPixels.channels(out[index - width]),
                                                           topLeft: TestPixels.channels(out[index - width - 1]),
                                                           topRight: TestPixels.channels(topRight)))
                }
                out[index] = TestPixels.add(residuals[index], predicted)
            }
        }
        return out
    }

    static func signed(_ byte: Int) -> Int { byte >= 128 ? byte - 256 : byte }

    static func crossColor(_ pixels: [UInt32], width: Int, bits: Int, tiles: [UInt32]) -> [UInt32] {
        let tilesPerRow = (width + (1 << bits) - 1) >> bits
        return pixels.enumerated().map { index, argb in
            let (x, y) = (index % width, index / width)
            let m = TestPixels.channels(tiles[(y >> bits) * tilesPerRow + (x >> bits)])
            let (greenToRed, greenToBlue, redToBlue) = (signed(m[3]), signed(m[2]), signed(m[1]))
            var c = TestPixels.channels(argb)
            let green = signed(c[2])
            c[1] = (c[1] + ((greenToRed * green) >> 5)) & 0xff
            c[3] = (c[3] + ((greenToBlue * green) >> 5) + ((redToBlue * signed(c[1])) >> 5)) & 0xff
            return TestPixels.pack(c)
        }
    }

    static func addGreen(_ pixels: [UInt32]) -> [UInt32] {
        pixels.map { argb in
            var c = TestPixels.channels(argb)
            c[1] += c[2]
            c[3] += c[2]
            return TestPixels.pack(c)
        }
    }

    /// Palette lookup of packed indices; an index with no colour is transparent black.
    static func colorIndexing(_ packed: [UInt32], width: Int, palette: [UInt32]) -> [UInt32] {
        let perPixel = palette.count <= 2 ? 8 : palette.count <= 4 ? 4 : palette.count <= 16 ? 2 : 1
        let bitsPerIndex = 8 / perPixel
        let packedWidth = (width + perPixel - 1) / perPixel
        let height = packed.count / packedWidth
        var out: [UInt32] = []
        for y in 0..<height {
            for x in 0..<width {
                let green = Int((packed[y * packedWidth + x / perPixel] >> 8) & 0xff)
                let index = (green >> ((x % perPixel) * bitsPerIndex)) & ((1 << bitsPerIndex) - 1)
                out.append(index < palette.count ? palette[index] : 0)
            }
        }
        return out
    }
}

@Suite("VP8L transforms")
struct VP8LTransformTests {
    @Test("predictor mode on every tile", arguments: 0...15)
    func predictorMode(mode: Int) throws {
        let width = 9, height = 6, bits = 2
        // Small residuals around a few base colours give neighbours that differ in every channel
        // and both directions, so Select and the clamps take all their branches.
        let residuals = TestPixels.random(width * height, seed: UInt64(mode) + 100).map { $0 & 0x1f3f_1f3f }
        let modes = [Int](repeating: mode, count: 6)
        let expected = SpecTransforms.predictor(residuals, width: width, bits: bits, modes: modes)
        let data = VP8LTestStream.literals(width: width, height: height, residuals,
                                           transforms: [VP8LTestStream.predictor(bits: bits, modes: modes)])
        #expect(argbPixels(try decodeVP8L(data).image) == expected)
    }

    @Test("predictor with full-range residuals and a different mode per tile")
    func predictorMixed() throws {
        let width = 37, height = 19, bits = 3
        let tilesPerRow = 5, tileRows = 3
        var generator = SplitMix64(seed: 5)
        let modes = (0 ..< tilesPerRow * tileRows).map { _ in Int(generator.next() % 16) }
        let residuals = TestPixels.random(width * height, seed: 6)
        let expected = SpecTransforms.predictor(residuals, width: width, bits: bits, modes: modes)
        let data = VP8LTestStream.literals(width: width, height: height, residuals,
                                           transforms: [VP8LTestStream.predictor(bits: bits, modes: modes)])
        #expect(argbPixels(try decodeVP8L(data).image) == expected)
    }

    @Test("predictor on images 1, 2 and 3 pixels wide, where top-right wraps to the row start",
          arguments: [1, 2, 3])
    func predictorNarrow(width: Int) throws {
        let height = 5
        // The modes that read the top-right neighbour; one tile per row, two tile rows.
        for mode in [3, 5, 9, 10] {
            let residuals = TestPixels.random(width * height, seed: UInt64(width * 100 + mode))
            let tileModes = [mode, mode]
            let expected = SpecTransforms.predictor(residuals, width: width, bits: 2, modes: tileModes)
            let data = VP8LTestStream.literals(width: width, height: height, residuals,
                                               transforms: [VP8LTestStream.predictor(bits: 2, modes: tileModes)])
            #expect(argbPixels(try decodeVP8L(data).image) == expected, "mode \(mode)")
        }
    }

    @Test("cross-colour transform with signed multipliers per tile")
    func crossColor() throws {
        let width = 11, height = 5, bits = 2
        let tiles = TestPixels.random(3 * 2, seed: 11)
        let coded = TestPixels.random(width * height, seed: 12)
        let expected = SpecTransforms.crossColor(coded, width: width, bits: bits, tiles: tiles)
        let data = VP8LTestStream.literals(width: width, height: height, coded,
                                           transforms: [VP8LTestStream.crossColor(bits: bits, tiles: tiles)])
        #expect(argbPixels(try decodeVP8L(data).image) == expected)
    }

    @Test("subtract-green transform")
    func subtractGreen() throws {
        let coded = TestPixels.random(4 * 3, seed: 13)
        let data = VP8LTestStream.literals(width: 4, height: 3, coded, transforms: [VP8LTestStream.subtractGreen])
        #expect(argbPixels(try decodeVP8L(data).image) == SpecTransforms.addGreen(coded))
    }

    @Test("colour indexing with 1, 2, 4 and 8 bits per index, including indices with no colour",
          arguments: [2, 3, 4, 5, 16, 17, 200, 256])
    func colorIndexing(colorCount: Int) throws {
        let width = 13, height = 3
        let perPixel = colorCount <= 2 ? 8 : colorCount <= 4 ? 4 : colorCount <= 16 ? 2 : 1
        let packedWidth = (width + perPixel - 1) / perPixel
        let palette = TestPixels.random(colorCount, seed: UInt64(colorCount))
        var generator = SplitMix64(seed: 99)
        // Green carries the packed indices; the other channels are ignored.
        let packed = (0 ..< packedWidth * height).map { _ in UInt32(truncatingIfNeeded: generator.next()) & 0xff00_ffff
            | UInt32(generator.next() % 256) << 8 }
        let expected = SpecTransforms.colorIndexing(packed, width: width, palette: palette)
        if colorCount == 3 || colorCount == 5 || colorCount == 200 {
            #expect(expected.contains(0), "the test data should use an index past the palette")
        }
        let data = VP8LTestStream.literals(width: width, height: height, packed,
                                           transforms: [VP8LTestStream.colorIndexing(palette: palette)])
        #expect(argbPixels(try decodeVP8L(data).image) == expected)
    }

    @Test("subtract green, predictor and cross colour together, undone in reverse order")
    func threeTransforms() throws {
        let width = 17, height = 9
        let modes = TestPixels.random(5 * 3, seed: 20).map { Int($0 % 14) }
        let tiles = TestPixels.random(3 * 2, seed: 21)
        let coded = TestPixels.random(width * height, seed: 22)
        let afterCrossColor = SpecTransforms.crossColor(coded, width: width, bits: 3, tiles: tiles)
        let afterPredictor = SpecTransforms.predictor(afterCrossColor, width: width, bits: 2, modes: modes)
        let expected = SpecTransforms.addGreen(afterPredictor)
        let data = VP8LTestStream.literals(width: width, height: height, coded, transforms: [
            VP8LTestStream.subtractGreen, VP8LTestStream.predictor(bits: 2, modes: modes),
            VP8LTestStream.crossColor(bits: 3, tiles: tiles),
        ])
        #expect(argbPixels(try decodeVP8L(data).image) == expected)
    }

    @Test("colour indexing, then a predictor on the packed width")
    func paletteThenPredictor() throws {
        let width = 31, height = 6
        let palette = TestPixels.random(4, seed: 30) // 4 indices per coded pixel: packed width 8
        let modes = [11, 12, 13, 5] // tiles of 4 over the 8 × 6 coded image: 2 × 2
        let coded = TestPixels.random(8 * height, seed: 31)
        let packed = SpecTransforms.predictor(coded, width: 8, bits: 2, modes: modes)
        let expected = SpecTransforms.colorIndexing(packed, width: width, palette: palette)
        let data = VP8LTestStream.literals(width: width, height: height, coded, transforms: [
            VP8LTestStream.colorIndexing(palette: palette), VP8LTestStream.predictor(bits: 2, modes: modes),
        ])
        #expect(argbPixels(try decodeVP8L(data).image) == expected)
    }

    @Test("a predictor, then colour indexing of the full-width image")
    func predictorThenPalette() throws {
        let width = 6, height = 4
        let palette = TestPixels.random(40, seed: 40)
        let modes = [3, 10] // 2 × 1 tiles
        let indices = TestPixels.random(width * height, seed: 41)
        let afterPalette = SpecTransforms.colorIndexing(indices, width: width, palette: palette)
        let expected = SpecTransforms.predictor(afterPalette, width: width, bits: 2, modes: modes)
        let data = VP8LTestStream.literals(width: width, height: height, indices, transforms: [
            VP8LTestStream.predictor(bits: 2, modes: modes), VP8LTestStream.colorIndexing(palette: palette),
        ])
        #expect(argbPixels(try decodeVP8L(data).image) == expected)
    }

    @Test("a transform that occurs twice is rejected")
    func duplicateTransform() {
        let data = VP8LTestStream.literals(width: 2, height: 2, [1, 2, 3, 4],
                                           transforms: [VP8LTestStream.subtractGreen, VP8LTestStream.subtractGreen])
        #expect(throws: ZoetropeError.self) { try decodeVP8L(data) }
    }
}
