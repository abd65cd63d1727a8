import Testing
@testable import Zoetrope

/// How ``AnimatedImage`` keeps going past damage and limits, independent of the codec.
@Suite("AnimatedImage damage, replay and limits")
struct AnimatedImageDamageTests {
    private let palette = GIFFixtures.palette(4)

    /// LZW data of a 4×1 image of `index`.
    private func row(of index: UInt8) throws -> [UInt8] {
        GIFFixtures.imageData(of: try GIFFixtures.still(width: 4, height: 1, indices: [UInt8](repeating: index, count: 4),
                                                        palette: palette))
    }

    private func pixel(_ index: Int) -> [UInt8] {
        [palette[index].red, palette[index].green, palette[index].blue, 255]
    }

    /// Frame 0 and 2 are whole; frame 1's first code is invalid (7 with a 2-bit minimum code size).
    private func fileWithUndecodableMiddleFrame() throws -> [UInt8] {
        var invalid = CodeWriter()
        invalid.write(7, width: 3)
        var file = GIFByteBuilder(width: 4, height: 1, palette: palette)
        let whole = PixelRect(x: 0, y: 0, width: 4, height: 1)
        file.image(whole, minimumCodeSize: 2, data: try row(of: 1))
        file.image(whole, minimumCodeSize: 2, data: invalid.finished())
        file.image(whole, minimumCodeSize: 2, data: try row(of: 2))
        file.trailer()
        return file.bytes
    }

    @Test("a later frame with no usable data leaves the canvas, is reported, and later frames still decode")
    func undecodableMiddleFrame() throws {
        let bytes = try fileWithUndecodableMiddleFrame()
        let image = try AnimatedImage(bytes: bytes)
        #expect(image.frameCount == 3)
        let first = Array(repeating: pixel(1), count: 4).joined()
        #expect(try image.frame(at: 1).pixels == Array(first))
        #expect(try image.frame(at: 2).pixels == Array(Array(repeating: pixel(2), count: 4).joined()))
        #expect(image.warnings.contains { $0.kind == .malformed && $0.offset != nil })

        var sequential: [[UInt8]] = []
        try AnimatedImage(bytes: bytes).forEachFrame { _, frame in sequential.append(frame.pixels) }
        #expect(sequential.count == 3)
        #expect(sequential[1] == Array(first))
    }

    @Test("a first frame with no usable data is an error: nothing was decoded before the damage")
    func undecodableFirstFrame() throws {
        var invalid = CodeWriter()
        invalid.write(7, width: 3)
        var file = GIFByteBuilder(width: 4, height: 1, palette: palette)
        file.image(PixelRect(x: 0, y: 0, width: 4, height: 1), minimumCodeSize: 2, data: invalid.finished())
        file.trailer()
        let image = try AnimatedImage(bytes: file.bytes)
        #expect(throws: ZoetropeError.self) { try image.frame(at: 0) }
        #expect(throws: ZoetropeError.self) { try image.forEachFrame { _, _ in } }
    }

    @Test("replay does not start at a frame that turns out not to cover the canvas")
    func demotedCleanStart() throws {
        // Frame 1 covers the canvas and declares no transparency, so it looks like a clean start,
        // but its second index (3) is beyond the 2-colour table and decodes as transparent: frame 0
        // must show through there.
        let colors = Array(palette.prefix(2))
        let whole = PixelRect(x: 0, y: 0, width: 2, height: 1)
        let bytes = try GIFEncoder.encode(GIFEncoder.IndexedImage(
            canvasSize: PixelSize(width: 2, height: 1), globalColorTable: colors,
            frames: [GIFEncoder.IndexedFrame(rect: whole, indices: [0, 0]),
                     GIFEncoder.IndexedFrame(rect: whole, indices: [1, 3])]))
        let expected = pixel(1) + pixel(0)
        // Read frame 1 first, on a fresh image, so replay has to choose where to start.
        #expect(try AnimatedImage(bytes: bytes).frame(at: 1).pixels == expected)
        var sequential: [[UInt8]] = []
        try AnimatedImage(bytes: bytes).forEachFrame { _, frame in sequential.append(frame.pixels) }
        #expect(sequential.last == expected)
    }
}
