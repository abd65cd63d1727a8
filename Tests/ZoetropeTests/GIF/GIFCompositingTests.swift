import Testing
import Zoetrope

@Suite("GIF frames on the canvas")
struct GIFCompositingTests {
    private let palette = GIFFixtures.palette(8)

    private func rgba(_ index: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        (palette[index].red, palette[index].green, palette[index].blue, 255)
    }

    private func encode(canvas: PixelSize, _ frames: [GIFEncoder.IndexedFrame]) throws -> AnimatedImage {
        try AnimatedImage(bytes: GIFEncoder.encode(GIFEncoder.IndexedImage(canvasSize: canvas, globalColorTable: palette,
                                                                           frames: frames)))
    }

    /// The stored row order of an interlaced image of `height` rows, from the specification's four
    /// passes, written out independently of the codec.
    private func storedRowOrder(height: Int) -> [Int] {
        Array(stride(from: 0, to: height, by: 8)) + Array(stride(from: 4, to: height, by: 8))
            + Array(stride(from: 2, to: height, by: 4)) + Array(stride(from: 1, to: height, by: 2))
    }

    @Test("interlaced images of every height from 1 to 17 decode rows in pass order", arguments: 1...17)
    func interlacedHeights(_ height: Int) throws {
        let width = 5
        let indices = GIFFixtures.randomIndices(width * height, below: 8, seed: UInt64(height))
        // Compress the rows in pass order ourselves, then mark the image interlaced.
        let stored = storedRowOrder(height: height).flatMap { indices[$0 * width..<($0 + 1) * width] }
        let data = GIFFixtures.imageData(of: try GIFFixtures.still(width: width, height: height, indices: stored, palette: palette))
        var file = GIFByteBuilder(width: width, height: height, palette: palette)
        file.image(PixelRect(x: 0, y: 0, width: width, height: height), minimumCodeSize: 3, data: data, interlaced: true)
        file.trailer()
        let image = try AnimatedImage(bytes: file.bytes)
        #expect(image.frames[0].isInterlaced)
        let expected = GIFFixtures.expectedPixels(indices, palette: palette)
        #expect(try image.frame(at: 0).pixels == expected, "height \(height)")
        // The encoder's interlacing writes the same image.
        let encoded = try GIFFixtures.still(width: width, height: height, indices: indices, palette: palette, interlaced: true)
        #expect(try AnimatedImage(bytes: encoded).frame(at: 0).pixels == expected)
    }

    @Test("a truncated interlaced frame keeps the passes it has")
    func truncatedInterlaced() throws {
        let width = 64, height = 16
        let indices = GIFFixtures.randomIndices(width * height, below: 256, seed: 99)
        let bigPalette = GIFFixtures.palette(256)
        let bytes = try GIFFixtures.still(width: width, height: height, indices: indices, palette: bigPalette, interlaced: true)
        // Keep about 40 % of the data: the first pass (rows 0 and 8) is complete, row 1 is not.
        let cut = Array(bytes[..<(800 + 40 * width * height / 100)])
        let frame = try AnimatedImage(bytes: cut).frame(at: 0)
        let expected = GIFFixtures.expectedPixels(indices, palette: bigPalette)
        let row = width * 4
        for kept in [0, 8] {
            #expect(Array(frame.pixels[kept * row..<(kept + 1) * row]) == Array(expected[kept * row..<(kept + 1) * row]), "row \(kept)")
        }
        #expect(frame.pixels[row * 1 + 3] == 0 && frame.pixels[row * 15 + 3] == 0, "odd rows come last and are missing")
    }

    @Test("frames partly outside the canvas are clipped; frames wholly outside change nothing")
    func framesOutsideCanvas() throws {
        let image = try encode(canvas: PixelSize(width: 8, height: 8), [
            GIFFixtures.solid(PixelRect(x: 4, y: 5, width: 8, height: 8), index: 2, disposal: 1),
            GIFFixtures.solid(PixelRect(x: 8, y: 0, width: 3, height: 3), index: 3, disposal: 1),
            GIFFixtures.solid(PixelRect(x: 200, y: 300, width: 10, height: 10), index: 4, disposal: 2),
        ])
        let first = try image.frame(at: 0)
        #expect(first[4, 5] == rgba(2) && first[7, 7] == rgba(2))
        #expect(first[3, 5].a == 0 && first[7, 4].a == 0)
        #expect(try image.frame(at: 1) == first)
        #expect(try image.frame(at: 2) == first)
        #expect(image.frames[0].rect == PixelRect(x: 4, y: 5, width: 8, height: 8), "rectangles are reported as stored")
    }

    @Test("disposal 3 on the first frame restores the transparent canvas")
    func restorePreviousOnFirstFrame() throws {
        let image = try encode(canvas: PixelSize(width: 6, height: 4), [
            GIFFixtures.solid(PixelRect(x: 0, y: 0, width: 6, height: 4), index: 1, disposal: 3),
            GIFFixtures.solid(PixelRect(x: 1, y: 1, width: 2, height: 2), index: 5, disposal: 3),
            GIFFixtures.solid(PixelRect(x: 4, y: 0, width: 2, height: 2), index: 6, disposal: 1),
        ])
        let first = try image.frame(at: 0)
        #expect(first.pixels.indices.filter { $0 % 4 == 3 }.allSatisfy { first.pixels[$0] == 255 })
        let second = try image.frame(at: 1)
        #expect(second[1, 1] == rgba(5) && second[2, 2] == rgba(5))
        #expect(second[0, 0].a == 0 && second[5, 3].a == 0, "frame 0 was disposed back to transparent")
        let third = try image.frame(at: 2)
        #expect(third[4, 0] == rgba(6) && third[1, 1].a == 0, "frame 1 was disposed back to transparent too")
    }

    @Test("disposal 3 after a frame clipped by the canvas restores exactly the clipped area")
    func restorePreviousAfterClippedFrame() throws {
        let frames = [
            GIFFixtures.solid(PixelRect(x: 0, y: 0, width: 6, height: 4), index: 1, disposal: 1),
            // 4×4 at (4, 2): only its top-left 2×2 lies on the canvas.
            GIFFixtures.solid(PixelRect(x: 4, y: 2, width: 4, height: 4), index: 5, disposal: 3),
            GIFFixtures.solid(PixelRect(x: 0, y: 0, width: 1, height: 1), index: 6, disposal: 1),
        ]
        // Written out by hand: frame 1 shows colour 5 on the clipped 2×2 over colour 1; after its
        // disposal 3, frame 2 sees colour 1 everywhere again, plus its own pixel at (0, 0).
        var second = [(UInt8, UInt8, UInt8, UInt8)](repeating: rgba(1), count: 24)
        for (x, y) in [(4, 2), (5, 2), (4, 3), (5, 3)] { second[y * 6 + x] = rgba(5) }
        var third = [(UInt8, UInt8, UInt8, UInt8)](repeating: rgba(1), count: 24)
        third[0] = rgba(6)
        let inOrder = try encode(canvas: PixelSize(width: 6, height: 4), frames)
        var sequential: [RGBAImage] = []
        try inOrder.forEachFrame { _, frame in sequential.append(frame) }
        let randomAccess = try encode(canvas: PixelSize(width: 6, height: 4), frames)
        for (name, frame, expected) in [("frame 1", sequential[1], second), ("frame 2", sequential[2], third),
                                        ("frame 2 by random access", try randomAccess.frame(at: 2), third)] {
            for index in 0..<24 {
                #expect(frame[index % 6, index / 6] == expected[index], "\(name): pixel \(index % 6),\(index / 6)")
            }
        }
    }

    @Test("disposal 2 clears to transparent, ignoring the background colour; transparent pixels keep the canvas")
    func disposeToBackground() throws {
        var pattern = [UInt8](repeating: 7, count: 16)
        pattern[5] = 0 // transparent index 0 at (1, 1)
        let image = try encode(canvas: PixelSize(width: 4, height: 4), [
            GIFFixtures.solid(PixelRect(x: 0, y: 0, width: 4, height: 4), index: 1, disposal: 1),
            GIFEncoder.IndexedFrame(rect: PixelRect(x: 0, y: 0, width: 4, height: 4), indices: pattern, disposal: 2,
                                    transparentIndex: 0, delayCentiseconds: 3),
            GIFFixtures.solid(PixelRect(x: 0, y: 0, width: 1, height: 1), index: 2),
        ])
        let second = try image.frame(at: 1)
        #expect(second[1, 1] == rgba(1) && second[0, 0] == rgba(7))
        let third = try image.frame(at: 2)
        #expect(third[0, 0] == rgba(2) && third[1, 1].a == 0 && third[3, 3].a == 0)
    }

    @Test("frame(at:) in any order equals sequential decoding, with disposals 0–3 and transparency")
    func randomAccess() throws {
        var frames: [GIFEncoder.IndexedFrame] = []
        var generator = SplitMix64(seed: 2024)
        for number in 0..<24 {
            let x = Int.random(in: -2...10, using: &generator), y = Int.random(in: 0...10, using: &generator)
            let rect = PixelRect(x: max(0, x), y: y, width: Int.random(in: 1...12, using: &generator),
                                 height: Int.random(in: 1...12, using: &generator))
            let indices = GIFFixtures.randomIndices(rect.area, below: 8, seed: UInt64(number))
            // Every sixth frame covers the canvas opaquely, giving replay clean starting points.
            let full = number % 6 == 5
            frames.append(GIFEncoder.IndexedFrame(
                rect: full ? PixelRect(x: 0, y: 0, width: 12, height: 12) : rect,
                indices: full ? [UInt8](repeating: UInt8(number % 8), count: 144) : indices,
                disposal: full ? 1 : number % 4, transparentIndex: full ? nil : UInt8(number % 3), delayCentiseconds: 2))
        }
        frames[0].disposal = 3
        let bytes = try GIFEncoder.encode(GIFEncoder.IndexedImage(canvasSize: PixelSize(width: 12, height: 12),
                                                                 globalColorTable: palette, frames: frames))
        let expected = try GIFFixtures.sequentialFrames(AnimatedImage(bytes: bytes))
        let image = try AnimatedImage(bytes: bytes)
        var order = Array((0..<24).reversed()) + Array(0..<24).shuffled(using: &generator)
        order += [23, 23, 0, 0, 11]
        for index in order {
            #expect(try image.frame(at: index) == expected[index], "frame \(index)")
        }
    }
}
