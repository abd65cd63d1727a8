/// The colour-indexing transform, forward (RFC 9649 §4.4): an image of at most 256 colours as a
/// palette and indices, several indices packed into one pixel when there are at most 16 colours.
enum VP8LPaletteEncoder {
    /// The image's colours, sorted, when there are at most 256; `nil` otherwise.
    static func palette(of argb: [UInt32]) -> [UInt32]? {
        var seen = Set<UInt32>()
        var last: UInt32? = nil
        for pixel in argb where pixel != last {
            last = pixel
            if seen.insert(pixel).inserted, seen.count > 256 { return nil }
        }
        return seen.sorted()
    }

    /// Writes the transform (type, colour count, the palette as deltas) and returns the packed
    /// index image and its width.
    static func write(palette: [UInt32], argb: [UInt32], width: Int, height: Int,
                      settings: VP8LEncoderSettings, to writer: inout BitWriter) -> (pixels: [UInt32], width: Int) {
        writer.write(1, bits: 1)
        writer.write(UInt32(VP8LTransform.Kind.colorIndexing.rawValue), bits: 2)
        writer.write(UInt32(palette.count - 1), bits: 8)
        var deltas = palette
        for index in stride(from: palette.count - 1, to: 0, by: -1) {
            deltas[index] = vp8lSubtractPixels(palette[index], palette[index - 1])
        }
        VP8LEntropyEncoder.write(deltas, width: palette.count, isMainImage: false, settings: settings.subImage, to: &writer)
        return (pack(argb, palette: palette, width: width, height: height), vp8lSubsampledSize(width, bits: VP8LPalette.packingBits(colorCount: palette.count)))
    }

    /// The indices of `argb`'s colours in the green bytes of the coded pixels, 2^bits to a pixel
    /// (the first in the low bits), other channels constant.
    static func pack(_ argb: [UInt32], palette: [UInt32], width: Int, height: Int) -> [UInt32] {
        var indexOf: [UInt32: UInt32] = [:]
        for (index, color) in palette.enumerated() { indexOf[color] = UInt32(index) }
        let bits = VP8LPalette.packingBits(colorCount: palette.count)
        let packedWidth = vp8lSubsampledSize(width, bits: bits)
        let indexBits = UInt32(8 >> bits), mask = (1 << bits) - 1
        var packed = [UInt32](repeating: 0xff00_0000, count: packedWidth * height)
        var last: UInt32 = argb.first.map { ~$0 } ?? 0, lastIndex: UInt32 = 0
        for y in 0 ..< height {
            for x in 0 ..< width {
                let pixel = argb[y * width + x]
                if pixel != last {
                    last = pixel
                    lastIndex = indexOf[pixel] ?? 0
                }
                packed[y * packedWidth + (x >> bits)] |= lastIndex << (8 + UInt32(x & mask) * indexBits)
            }
        }
        return packed
    }
}

/// Per-channel (byte-wise, modulo 256) difference of two ARGB words: the inverse of
/// ``vp8lAddPixels(_:_:)``.
@inline(__always)
func vp8lSubtractPixels(_ a: UInt32, _ b: UInt32) -> UInt32 {
    let alphaGreen = (a | 0x00ff_00ff) &- (b & 0xff00_ff00)
    let redBlue = (a | 0xff00_ff00) &- (b & 0x00ff_00ff)
    return (alphaGreen & 0xff00_ff00) | (redBlue & 0x00ff_00ff)
}
