import Testing
import Zoetrope

/// Frames drawn as plain copies must be exactly the frames whose every pixel is opaque: an index
/// beyond the colour table is transparent even without a transparent index, and must leave the
/// canvas as it was.
@Suite("GIF frames drawn as copies")
struct GIFOpaqueCopyTests {
    private let red = GIFEncoder.Color(red: 255, green: 0, blue: 0)
    private let green = GIFEncoder.Color(red: 0, green: 255, blue: 0)

    private func image(_ second: [UInt8]) throws -> AnimatedImage {
        // A 2-entry table: the LZW code size is 2, so indices 2 and 3 exist but have no colour.
        try AnimatedImage(bytes: GIFEncoder.encode(GIFEncoder.IndexedImage(
            canvasSize: PixelSize(width: 4, height: 1), globalColorTable: [red, green],
            frames: [
                .init(rect: PixelRect(x: 0, y: 0, width: 4, height: 1), indices: [0, 0, 0, 0], disposal: 1),
                .init(rect: PixelRect(x: 0, y: 0, width: 4, height: 1), indices: second, disposal: 1),
            ])))
    }

    @Test("indices beyond the colour table keep the canvas, in order and by random access")
    func beyondTheTable() throws {
        let expected: [UInt8] = [0, 255, 0, 255, 255, 0, 0, 255, 0, 255, 0, 255, 255, 0, 0, 255]
        let gif = try image([1, 3, 1, 2])
        #expect(Array(try gif.frame(at: 1).pixels) == expected)
        var second: [UInt8] = []
        try gif.forEachFrame { index, frame in if index == 1 { second = Array(frame.pixels) } }
        #expect(second == expected)
    }

    @Test("a frame of colours only replaces the canvas")
    func allColoured() throws {
        let gif = try image([1, 0, 1, 1])
        #expect(Array(try gif.frame(at: 1).pixels) == [0, 255, 0, 255, 255, 0, 0, 255, 0, 255, 0, 255, 0, 255, 0, 255])
    }
}
