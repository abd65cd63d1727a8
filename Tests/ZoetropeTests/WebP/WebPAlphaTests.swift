import Testing
@testable import Zoetrope

/// Builds ALPH chunk payloads: the forward filters follow the container spec's predictions.
enum TestAlpha {
    static let width = 11, height = 7

    /// A plane with smooth areas, edges and noise.
    static let plane: [UInt8] = {
        var generator = SplitMix64(seed: 0xA1FA)
        return (0 ..< width * height).map { index in
            let (x, y) = (index % width, index / width)
            let noise = Int(generator.next() % 40)
            return UInt8(truncatingIfNeeded: x < 5 ? x * 23 + y * 9 : 250 - y * 30 + noise)
        }
    }()

    /// The value each filter predicts for the pixel at (x, y) of the original plane.
    static func prediction(_ plane: [UInt8], filter: Int, x: Int, y: Int) -> Int {
        let at = { (x: Int, y: Int) in Int(plane[y * width + x]) }
        if x == 0 && y == 0 { return 0 }
        if y == 0 { return at(x - 1, 0) }
        if x == 0 { return at(0, y - 1) }
        switch filter {
        case 1: return at(x - 1, y)
        case 2: return at(x, y - 1)
        default: return min(255, max(0, at(x - 1, y) + at(x, y - 1) - at(x - 1, y - 1)))
        }
    }

    static func filtered(_ plane: [UInt8], filter: Int) -> [UInt8] {
        guard filter != 0 else { return plane }
        return (0 ..< plane.count).map { index in
            UInt8(truncatingIfNeeded: Int(plane[index]) - prediction(plane, filter: filter, x: index % width, y: index / width))
        }
    }

    static func headerByte(method: Int, filter: Int, preprocessing: Int = 0) -> UInt8 {
        UInt8(method | filter << 2 | preprocessing << 4)
    }
}

@Suite("WebP ALPH chunk")
struct WebPAlphaTests {
    @Test("raw alpha with each filter", arguments: 0...3)
    func raw(filter: Int) throws {
        let payload = [TestAlpha.headerByte(method: 0, filter: filter)] + TestAlpha.filtered(TestAlpha.plane, filter: filter)
        let bytes = [0, 0, 0] + payload + [9]
        let alpha = try WebPAlphaDecoder.decode(bytes, payload: 3 ..< 3 + payload.count,
                                                width: TestAlpha.width, height: TestAlpha.height)
        #expect(alpha == TestAlpha.plane)
    }

    @Test("VP8L-compressed alpha with each filter, green carrying the values", arguments: 0...3)
    func lossless(filter: Int) throws {
        let green = TestAlpha.filtered(TestAlpha.plane, filter: filter).map { UInt32($0) << 8 | 0xff00_0000 }
        var writer = VP8LTestWriter()
        VP8LTestStream.body(&writer, tokens: green.map { .literal($0) })
        let payload = [TestAlpha.headerByte(method: 1, filter: filter, preprocessing: 1)] + writer.data
        let alpha = try WebPAlphaDecoder.decode(payload, payload: 0 ..< payload.count,
                                                width: TestAlpha.width, height: TestAlpha.height)
        #expect(alpha == TestAlpha.plane)
    }

    @Test("VP8L alpha through a palette of alpha levels, as encoders usually store it")
    func palettedLossless() throws {
        let levels = Array(Set(TestAlpha.plane)).sorted()
        let palette = levels.map { UInt32($0) << 8 }
        let bits = palette.count > 16 ? 0 : palette.count > 4 ? 1 : palette.count > 2 ? 2 : 3
        try #require(bits == 0, "the plane should need an unpacked palette")
        let indices = TestAlpha.plane.map { UInt32(levels.firstIndex(of: $0)!) << 8 }
        var writer = VP8LTestWriter()
        VP8LTestStream.body(&writer, transforms: [VP8LTestStream.colorIndexing(palette: palette)],
                            tokens: indices.map { .literal($0) })
        let payload = [TestAlpha.headerByte(method: 1, filter: 0)] + writer.data
        let alpha = try WebPAlphaDecoder.decode(payload, payload: 0 ..< payload.count,
                                                width: TestAlpha.width, height: TestAlpha.height)
        #expect(alpha == TestAlpha.plane)
    }

    /// The 8-bit alpha path: a palette as the only transform, indices packed 8, 4, 2 or 1 per
    /// coded pixel, some past the stored colours (they read as 0). The expected plane is the
    /// green byte of each index's colour, worked out here from the packing rules.
    @Test("paletted VP8L alpha maps packed indices to the palette's green bytes",
          arguments: [(2, false), (3, true), (11, false), (16, true), (40, true), (256, false)])
    func packedPaletteAlpha(colorCount: Int, noisyChannels: Bool) throws {
        let (width, height) = (TestAlpha.width, TestAlpha.height)
        var generator = SplitMix64(seed: UInt64(0x8B17 + colorCount))
        let palette = (0 ..< colorCount).map { _ in UInt32(truncatingIfNeeded: generator.next()) }
        let perPixel = colorCount <= 2 ? 8 : colorCount <= 4 ? 4 : colorCount <= 16 ? 2 : 1
        let indexBits = 8 / perPixel
        let packedWidth = (width + perPixel - 1) / perPixel
        // Red, blue and alpha of the coded pixels are ignored; noise there must not leak.
        let otherChannels: UInt32 = noisyChannels ? 0xff00_ffff : 0
        let packed = (0 ..< packedWidth * height).map { _ in
            UInt32(truncatingIfNeeded: generator.next()) & (0xff00 | otherChannels)
        }
        var expected: [UInt8] = []
        for y in 0 ..< height {
            for x in 0 ..< width {
                let green = Int(packed[y * packedWidth + x / perPixel] >> 8 & 0xff)
                let index = green >> (x % perPixel * indexBits) & ((1 << indexBits) - 1)
                expected.append(index < colorCount ? UInt8(truncatingIfNeeded: palette[index] >> 8) : 0)
            }
        }
        var writer = VP8LTestWriter()
        VP8LTestStream.body(&writer, transforms: [VP8LTestStream.colorIndexing(palette: palette)],
                            tokens: packed.map { .literal($0) })
        let payload = [TestAlpha.headerByte(method: 1, filter: 0)] + writer.data
        let alpha = try WebPAlphaDecoder.decode(payload, payload: 0 ..< payload.count, width: width, height: height)
        #expect(alpha == expected)
    }

    /// VP8L alpha with a palette and a predictor, in both orders: the transforms are undone last
    /// first, which only the right order gets right (the green byte is what both change).
    @Test("VP8L alpha with several transforms undoes them in reverse order", arguments: [false, true])
    func severalTransforms(paletteFirst: Bool) throws {
        let (width, height) = (TestAlpha.width, TestAlpha.height)
        let expected: [UInt32], coded: [UInt32], transforms: [TestTransform]
        if paletteFirst {
            // Palette of 4 levels: 4 indices per coded pixel, so the predictor runs on the packed width 3.
            let palette = TestPixels.random(4, seed: 50)
            let modes = [11, 13]   // 4×4 tiles over the 3 × 7 coded image: 1 × 2
            coded = TestPixels.random(3 * height, seed: 51)
            let packed = SpecTransforms.predictor(coded, width: 3, bits: 2, modes: modes)
            expected = SpecTransforms.colorIndexing(packed, width: width, palette: palette)
            transforms = [VP8LTestStream.colorIndexing(palette: palette), VP8LTestStream.predictor(bits: 2, modes: modes)]
        } else {
            // The predictor (written first) is undone after the palette of 40 levels, on the full width.
            let palette = TestPixels.random(40, seed: 52)
            let modes = [11, 12, 13, 5, 1, 9]   // 4×4 tiles over 11 × 7: 3 × 2
            coded = TestPixels.random(width * height, seed: 53).map { ($0 % 40) << 8 }
            expected = SpecTransforms.predictor(SpecTransforms.colorIndexing(coded, width: width, palette: palette),
                                                width: width, bits: 2, modes: modes)
            transforms = [VP8LTestStream.predictor(bits: 2, modes: modes), VP8LTestStream.colorIndexing(palette: palette)]
        }
        var writer = VP8LTestWriter()
        VP8LTestStream.body(&writer, transforms: transforms, tokens: coded.map { .literal($0) })
        let payload = [TestAlpha.headerByte(method: 1, filter: 0)] + writer.data
        let alpha = try WebPAlphaDecoder.decode(payload, payload: 0 ..< payload.count, width: width, height: height)
        #expect(alpha == expected.map { UInt8(truncatingIfNeeded: $0 >> 8) })
    }

    @Test("invalid header bytes are rejected", arguments: [UInt8(2), 3, 0x20, 0x30, 0x40, 0x80])
    func invalidHeader(byte: UInt8) {
        let payload = [byte] + TestAlpha.plane
        #expect(throws: ZoetropeError.self) {
            try WebPAlphaDecoder.decode(payload, payload: 0 ..< payload.count, width: TestAlpha.width, height: TestAlpha.height)
        }
    }

    @Test("short raw data and damaged VP8L data throw with an offset")
    func damage() throws {
        let raw = [TestAlpha.headerByte(method: 0, filter: 0)] + TestAlpha.plane.dropLast()
        do {
            _ = try WebPAlphaDecoder.decode(raw, payload: 0 ..< raw.count, width: TestAlpha.width, height: TestAlpha.height)
            Issue.record("short raw alpha was accepted")
        } catch {
            #expect(error.kind == .truncated)
        }
        var writer = VP8LTestWriter()
        VP8LTestStream.body(&writer, tokens: TestAlpha.plane.map { .literal(UInt32($0) << 8) })
        let lossless = [TestAlpha.headerByte(method: 1, filter: 0)] + writer.data.dropLast(30)
        do {
            _ = try WebPAlphaDecoder.decode(lossless, payload: 0 ..< lossless.count, width: TestAlpha.width, height: TestAlpha.height)
            Issue.record("truncated lossless alpha was accepted")
        } catch {
            #expect(error.kind == .truncated)
            #expect((1...lossless.count).contains(error.offset ?? -1))
        }
        #expect(throws: ZoetropeError.self) {
            try WebPAlphaDecoder.decode([1], payload: 0 ..< 1, width: 2, height: 2)
        }
    }
}
