import Testing
@testable import Zoetrope

@Suite("Premultiplied bitmaps")
struct PremultipliedBitmapTests {
    /// Two pixels: half-transparent (200, 10, 255, 128) and opaque (1, 2, 3, 255).
    private let image = RGBAImage(width: 2, height: 1, pixels: [200, 10, 255, 128, 1, 2, 3, 255])

    private func bytes(_ bitmap: PremultipliedBitmap) -> [UInt8] {
        bitmap.withUnsafeBytes { Array($0) }
    }

    @Test("colours are multiplied by alpha and rounded, in BGRA order")
    func bgra() {
        // 200·128/255 = 100.4 → 100; 10·128/255 = 5.02 → 5; 255·128/255 = 128.
        let bitmap = PremultipliedBitmap(image, order: .bgra)
        #expect(bytes(bitmap) == [128, 5, 100, 128, 3, 2, 1, 255])
        #expect(bitmap.bytesPerRow == 8 && bitmap.byteCount == 8 && bitmap.size == PixelSize(width: 2, height: 1))
        #expect(!bitmap.isOpaque)
    }

    @Test("RGBA order keeps the channels where they are")
    func rgba() {
        #expect(bytes(PremultipliedBitmap(image, order: .rgba)) == [100, 5, 128, 128, 1, 2, 3, 255])
    }

    @Test("hand-worked roundings, including halves")
    func roundings() {
        // c·a/255: 128·64 = 8192 → 32.1 → 32; 255·1 → 1; 1·127 → 0.498 → 0; 1·128 → 0.502 → 1;
        // 3·85 = 255 → exactly 1; 0 alpha → 0.
        let cases: [(UInt8, UInt8, UInt8)] = [(128, 64, 32), (255, 1, 1), (1, 127, 0), (1, 128, 1), (3, 85, 1),
                                             (77, 0, 0), (255, 255, 255), (0, 255, 0)]
        for (channel, alpha, expected) in cases {
            #expect(PremultipliedBitmap.premultiply(channel, alpha: alpha) == expected, "\(channel)·\(alpha)")
        }
    }

    @Test("every premultiplied value survives unpremultiplying and premultiplying again")
    func premultipliedRoundTrip() {
        for alpha in 1...255 {
            for value in 0...alpha {
                let straight = PremultipliedBitmap.unpremultiply(UInt8(value), alpha: UInt8(alpha))
                #expect(PremultipliedBitmap.premultiply(straight, alpha: UInt8(alpha)) == UInt8(value))
            }
        }
    }

    @Test("opaque images round-trip exactly; translucent ones within half a step of alpha")
    func imageRoundTrip() {
        var pixels: [UInt8] = []
        for value in stride(from: 0, through: 255, by: 5) { pixels += [UInt8(value), UInt8(255 - value), 7, 255] }
        let opaque = RGBAImage(width: pixels.count / 4, height: 1, pixels: pixels)
        let bitmap = PremultipliedBitmap(opaque, order: .bgra)
        #expect(bitmap.isOpaque)
        #expect(bitmap.unpremultiplied() == opaque)
        #expect(PremultipliedBitmap(opaque, order: .rgba).unpremultiplied() == opaque)
        // Alpha 128: premultiplied steps are 255/128 ≈ 2 straight values wide, so a channel comes
        // back within 1 of where it was.
        let translucent = RGBAImage(width: 1, height: 1, pixels: [201, 99, 33, 128])
        let back = PremultipliedBitmap(translucent).unpremultiplied()
        for channel in 0..<3 { #expect(abs(Int(back[byte: channel]) - Int(translucent[byte: channel])) <= 1) }
        #expect(back[byte: 3] == 128)
    }

    @Test("a crop converts only the rectangle, clipped to the image")
    func crop() {
        var sheet = RGBAImage(width: 3, height: 2)
        for y in 0..<2 { for x in 0..<3 { sheet[x, y] = (UInt8(10 * x + y), 0, 0, 255) } }
        let bitmap = PremultipliedBitmap(sheet, order: .rgba, crop: PixelRect(x: 1, y: 1, width: 5, height: 5))
        #expect(bitmap.size == PixelSize(width: 2, height: 1))
        #expect(bytes(bitmap) == [11, 0, 0, 255, 21, 0, 0, 255])
        let frame = DisplayFrame(index: 0, image: sheet, contentsRect: PixelRect(x: 2, y: 0, width: 1, height: 2))
        #expect(bytes(PremultipliedBitmap(frame, order: .rgba)) == [20, 0, 0, 255, 21, 0, 0, 255])
    }

    @Test("an empty image or crop gives an empty bitmap with a usable address")
    func empty() {
        let bitmap = PremultipliedBitmap(image, crop: PixelRect(x: 5, y: 5, width: 1, height: 1))
        #expect(bitmap.byteCount == 0 && bitmap.width == 0)
        _ = bitmap.baseAddress
        #expect(PremultipliedBitmap(RGBAImage(width: 0, height: 0)).byteCount == 0)
    }
}
