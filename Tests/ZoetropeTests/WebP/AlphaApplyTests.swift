import Testing
@testable import Zoetrope

/// The per-pixel alpha work of lossy animations — an `ALPH` plane written into decoded pixels, and
/// libwebp's blend of a frame row over the canvas — against plain per-pixel loops written here. The
/// test suite runs unoptimised, so these cover the debug builds' two-pixel forms, at every parity of
/// start and length.
@Suite("Alpha application and blending rows")
struct AlphaApplyTests {
    /// A pattern of alphas with runs of 0 and 255 of many lengths and a few partial values.
    private static func alphas(_ count: Int, seed: Int) -> [UInt8] {
        (0..<count).map { index in
            switch (index / (1 + (index + seed) % 5) + seed) % 7 {
            case 0, 1, 2: 255
            case 3, 4: 0
            default: UInt8(truncatingIfNeeded: 17 &* index &+ seed) | 1
            }
        }
    }

    @Test("an ALPH plane replaces the alpha of decoded pixels and leaves never-decoded ones transparent",
          arguments: [1, 2, 7, 64, 255])
    func applyPlane(width: Int) {
        let height = 3, count = width * height
        let canvasAlpha = Self.alphas(count, seed: width).map { $0 == 0 ? UInt8(0) : 255 }
        var pixels = [UInt8]()
        for (index, alpha) in canvasAlpha.enumerated() {
            pixels += [UInt8(truncatingIfNeeded: index), UInt8(truncatingIfNeeded: index * 3), 9, alpha]
        }
        var image = RGBAImage(width: width, height: height, pixels: pixels)
        let plane = Self.alphas(count, seed: width + 3)
        WebPFrameDecoder.apply(plane, to: &image)
        for index in 0..<count {
            let expected: UInt8 = canvasAlpha[index] == 0 ? 0 : plane[index]
            #expect(image.pixels[index * 4 + 3] == expected, "pixel \(index)")
            #expect(Array(image.pixels[index * 4 ..< index * 4 + 3]) == Array(pixels[index * 4 ..< index * 4 + 3]))
        }
    }

    @Test("a blended row copies opaque pixels, skips transparent ones and blends the rest, from any start",
          arguments: [0, 1, 2, 3])
    func blendRow(start: Int) {
        Self.checkBlendRow(alpha: Self.alphas(start + 61, seed: start), start: start)
    }

    /// Runs of 1 to 13 opaque or transparent pixels, with a partial alpha now and then: debug
    /// builds test runs four and two pixels at a time.
    @Test("a blended row with long opaque and transparent runs, from any start", arguments: [0, 1, 2, 3])
    func blendRowRuns(start: Int) {
        var alpha = [UInt8](repeating: 9, count: start)
        var run = 0
        while alpha.count < start + 150 {
            let value: UInt8 = run % 5 == 4 ? 130 : (run % 2 == 0 ? 255 : 0)
            alpha += [UInt8](repeating: value, count: value == 130 ? 1 : 1 + (run * 7 + start) % 13)
            run += 1
        }
        Self.checkBlendRow(alpha: alpha, start: start)
    }

    /// Blends a row of `alpha.count − start` pixels from `start` and compares with pixel-by-pixel rules.
    private static func checkBlendRow(alpha: [UInt8], start: Int) {
        let count = alpha.count - start
        let source: [UInt8] = alpha.enumerated().flatMap { index, value in
            [UInt8(truncatingIfNeeded: index * 5), UInt8(truncatingIfNeeded: 200 - index), 77, value]
        }
        let canvas: [UInt8] = (0..<(start + count)).flatMap { index in
            [40, UInt8(truncatingIfNeeded: index * 7), 250, UInt8(truncatingIfNeeded: 128 + index)]
        }
        var expected = canvas
        for pixel in start ..< start + count {
            let offset = pixel * 4
            switch alpha[pixel] {
            case 255: expected.replaceSubrange(offset ..< offset + 4, with: source[offset ..< offset + 4])
            case 0: break
            default:
                source.withUnsafeBufferPointer { src in
                    expected.withUnsafeMutableBufferPointer { LibWebPBlend.blend(src, offset, into: $0, offset) }
                }
            }
        }
        var blended = canvas
        source.withUnsafeBufferPointer { src in
            blended.withUnsafeMutableBufferPointer { LibWebPBlend.blendRow(src, start * 4, into: $0, start * 4, count: count) }
        }
        #expect(blended == expected)
    }
}
