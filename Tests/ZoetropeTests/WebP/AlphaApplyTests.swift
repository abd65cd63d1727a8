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
        let count = 61
        let alpha = Self.alphas(start + count, seed: start)
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
