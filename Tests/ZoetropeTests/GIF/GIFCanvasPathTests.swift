import Testing
@testable import Zoetrope

/// `forEachFrame` draws GIF frames straight into the canvas through the palette
/// (``GIFFrameDecoder/draw(_:frameIndex:file:canvas:info:onto:scratch:)``); `frame(at:)` decodes
/// each frame to its own pixels and composites those. Both must give, frame by frame, what an
/// independent model built here gives: interlaced, transparent, damaged (data cut short), clipped
/// and 16-bit-index frames, with every disposal.
@Suite("GIF frames drawn straight into the canvas")
struct GIFCanvasPathTests {
    private let palette = GIFFixtures.palette(16)
    private let canvas = PixelSize(width: 23, height: 19)

    /// One frame as written.
    private struct Frame {
        var rect: PixelRect
        /// Top row first (the writer interlaces).
        var indices: [UInt8]
        var disposal: Int
        var transparentIndex: UInt8?
        var isInterlaced: Bool
        var minimumCodeSize: Int
        /// The LZW bytes written: all of them, or a prefix (damage).
        var data: [UInt8] = []
    }

    private func randomFrames(seed: UInt64) throws -> [Frame] {
        var random = SplitMix64(seed: seed)
        return try (0..<8).map { number in
            let width = Int.random(in: 1...canvas.width, using: &random)
            let height = Int.random(in: 1...canvas.height, using: &random)
            // Now and then a frame reaching past the canvas (the clipped path).
            let slack = Int.random(in: 0..<6, using: &random) == 0 ? 8 : 0
            let rect = PixelRect(x: Int.random(in: 0...canvas.width - width + slack, using: &random),
                                 y: Int.random(in: 0...canvas.height - height + slack, using: &random),
                                 width: width, height: height)
            let indices = GIFFixtures.randomIndices(width * height, below: Int.random(in: 2...16, using: &random),
                                                    seed: seed &+ UInt64(number))
            var frame = Frame(rect: rect, indices: indices, disposal: Int.random(in: 0...3, using: &random),
                              transparentIndex: Bool.random(using: &random) ? UInt8(Int.random(in: 0..<3, using: &random)) : nil,
                              isInterlaced: Bool.random(using: &random),
                              minimumCodeSize: Int.random(in: 0..<5, using: &random) == 0 ? 9 : 4)
            let still = try GIFFixtures.still(width: width, height: height, indices: indices, palette: palette,
                                              interlaced: frame.isInterlaced,
                                              lzw: GIFEncoder.LZWOptions(minimumCodeSize: frame.minimumCodeSize))
            let data = GIFFixtures.imageData(of: still)
            // The first frame whole (a first frame with nothing usable throws); later ones often cut.
            let cut = number > 0 && Int.random(in: 0..<3, using: &random) == 0
            frame.data = cut ? Array(data.prefix(Int.random(in: 0...data.count, using: &random))) : data
            return frame
        }
    }

    private func file(_ frames: [Frame]) -> [UInt8] {
        var builder = GIFByteBuilder(width: canvas.width, height: canvas.height, palette: palette)
        for frame in frames {
            builder.graphicControl(disposal: frame.disposal, delay: 5, transparentIndex: frame.transparentIndex)
            builder.image(frame.rect, minimumCodeSize: frame.minimumCodeSize, data: frame.data,
                          interlaced: frame.isInterlaced)
        }
        builder.trailer()
        return builder.bytes
    }

    /// How many pixels `frame`'s data decodes to (the LZW decoder itself is tested elsewhere).
    private func pixelsDecoded(_ frame: Frame) -> Int {
        let room = LZWDecoder.literalRoom(minimumCodeSize: frame.minimumCodeSize)
        var indices = [UInt16](repeating: 0, count: room + frame.indices.count)
        return frame.data.withUnsafeBufferPointer { data in
            indices.withUnsafeMutableBufferPointer { output in
                LZWDecoder.decode(data, minimumCodeSize: frame.minimumCodeSize, into: output).pixelsWritten
            }
        }
    }

    /// The canvas after each frame, composited pixel by pixel: the decoded pixels (in stored row
    /// order) drawn unless transparent, the rest of the canvas left; then the disposal.
    private func expectedCanvases(_ frames: [Frame]) -> [[UInt8]] {
        var pixels = [UInt8](repeating: 0, count: canvas.area * 4)
        var shown: [[UInt8]] = []
        for frame in frames {
            let before = pixels
            let rect = frame.rect
            let order = frame.isInterlaced ? GIFInterlace.rowOrder(height: rect.height) : Array(0..<rect.height)
            for stored in 0..<pixelsDecoded(frame) {
                let x = stored % rect.width, y = order[stored / rect.width]
                let index = frame.indices[y * rect.width + x]
                guard index != frame.transparentIndex, rect.x + x < canvas.width, rect.y + y < canvas.height else { continue }
                let color = palette[Int(index)], at = ((rect.y + y) * canvas.width + rect.x + x) * 4
                pixels.replaceSubrange(at..<at + 4, with: [color.red, color.green, color.blue, 255])
            }
            shown.append(pixels)
            if frame.disposal == 3 { pixels = before }
            if frame.disposal == 2 {
                for y in rect.y..<min(rect.maxY, canvas.height) {
                    for x in rect.x..<min(rect.maxX, canvas.width) {
                        let at = (y * canvas.width + x) * 4
                        pixels.replaceSubrange(at..<at + 4, with: [0, 0, 0, 0])
                    }
                }
            }
        }
        return shown
    }

    @Test("forEachFrame and frame(at:) both match the model, damage and all", arguments: 0..<24)
    func matchesModel(seed: Int) throws {
        let frames = try randomFrames(seed: UInt64(seed) &* 104_729 &+ 17)
        let expected = expectedCanvases(frames)
        let bytes = file(frames)
        let sequential = try GIFFixtures.sequentialFrames(try AnimatedImage(bytes: bytes))
        #expect(sequential.count == frames.count)
        for (index, frame) in sequential.enumerated() {
            #expect(frame.pixels == expected[index], "seed \(seed), frame \(index) through forEachFrame")
        }
        // Last to first: every frame a replay of its own through the frames' own pixels.
        let random = try AnimatedImage(bytes: bytes)
        for index in frames.indices.reversed() {
            #expect(try random.frame(at: index).pixels == expected[index], "seed \(seed), frame \(index) through frame(at:)")
        }
    }

    @Test("the interlaced row map matches the pass order", arguments: [1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 100])
    func interlacedRows(height: Int) {
        let order = GIFInterlace.rowOrder(height: height)
        #expect((0..<height).map { GIFInterlace.imageRow(ofStored: $0, height: height) } == order)
    }
}
