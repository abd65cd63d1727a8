import Testing
@testable import Zoetrope

@Suite("Packed canvases")
struct PackedCanvasTests {
    /// RGBA bytes of `count` pixels whose colour is `colour(pixel)` (a palette index → a colour).
    static func pixels(_ count: Int, _ colour: (Int) -> Int) -> [UInt8] {
        var bytes: [UInt8] = []
        for pixel in 0..<count {
            let value = colour(pixel)
            bytes += [UInt8(value & 255), UInt8((value * 7) & 255), UInt8((value >> 8) & 255), UInt8(255 - (value & 127))]
        }
        return bytes
    }

    @Test("runs, literals and their limits unpack to the same bytes", arguments: [
        1, 2, 128, 129, 130, 131, 257, 1000,
    ])
    func roundTrip(length: Int) throws {
        // Runs of `length` pixels of one colour, then `length` pixels all different (a literal).
        let count = 4 * length + 3
        let bytes = Self.pixels(count) { pixel in
            let block = pixel / length
            return block % 2 == 0 ? block : (pixel % 200) + 1000
        }
        let packed = try #require(PackedCanvas(pixels: bytes))
        #expect(packed.unpacked() == bytes)
    }

    @Test("a flat canvas packs to a few bytes; noise of 256 colours to about a byte a pixel")
    func sizes() throws {
        let flat = [UInt8](repeating: 9, count: 1920 * 4 * 4)
        let packedFlat = try #require(PackedCanvas(pixels: flat))
        #expect(packedFlat.bytes < 200)
        #expect(packedFlat.unpacked() == flat)
        var random = SystemRandomNumberGenerator()
        let noise = Self.pixels(4096) { _ in Int.random(in: 0..<256, using: &random) }
        let packedNoise = try #require(PackedCanvas(pixels: noise))
        #expect(packedNoise.bytes <= 4096 + 4096 / 64 + 256 * 4) // a byte a pixel, a few run headers
        #expect(packedNoise.unpacked() == noise)
    }

    @Test("a true-colour canvas with flat parts packs whole pixels in runs; true-colour noise does not")
    func trueColour() throws {
        // A sticker's transparent margin, then a gradient of 1600 colours.
        let bytes = [UInt8](repeating: 0, count: 2400 * 4) + Self.pixels(1600) { $0 + 1 }
        let packed = try #require(PackedCanvas(pixels: bytes))
        #expect(packed.holdsWholePixels)
        #expect(packed.bytes < bytes.count / 2)
        #expect(packed.unpacked() == bytes)
        var random = SystemRandomNumberGenerator()
        let noise = (0..<4000 * 4).map { _ in UInt8.random(in: 0...255, using: &random) }
        #expect(PackedCanvas(pixels: noise) == nil)
    }

    @Test("whole-pixel runs of every length unpack to the same bytes", arguments: [3, 128, 129, 130, 131, 257])
    func wholePixelRoundTrip(length: Int) throws {
        let bytes = Self.pixels(300 * length + 3) { $0 / length } // 301 colours in runs of `length`
        let packed = try #require(PackedCanvas(pixels: bytes))
        #expect(packed.holdsWholePixels)
        #expect(packed.unpacked() == bytes)
    }

    @Test("more than 256 colours with no runs do not pack; an empty canvas does")
    func limits() throws {
        #expect(PackedCanvas(pixels: Self.pixels(300) { $0 }) == nil)
        #expect(PackedCanvas(pixels: [1, 2, 3]) == nil)
        let empty = try #require(PackedCanvas(pixels: []))
        #expect(empty.unpacked().isEmpty)
    }
}
