import Testing
import Zoetrope

@Suite("GIF file structure")
struct GIFStructureTests {
    private let palette = GIFFixtures.palette(4)
    private let canvas = PixelRect(x: 0, y: 0, width: 4, height: 4)

    /// A file with `frameCount` full-canvas frames after `prelude` (extensions before the first frame).
    private func animation(frameCount: Int = 2, prelude: (inout GIFByteBuilder) -> Void = { _ in }) throws -> [UInt8] {
        var file = GIFByteBuilder(width: 4, height: 4, palette: palette)
        prelude(&file)
        let data = try frameData(index: 1)
        for _ in 0..<frameCount {
            file.graphicControl(delay: 4)
            file.image(canvas, minimumCodeSize: 2, data: data)
        }
        file.trailer()
        return file.bytes
    }

    /// LZW data of a 4×4 frame filled with `index`.
    private func frameData(index: UInt8) throws -> [UInt8] {
        GIFFixtures.imageData(of: try GIFFixtures.still(width: 4, height: 4, indices: [UInt8](repeating: index, count: 16),
                                                        palette: palette))
    }

    @Test("loop extensions: absent plays once, 0 loops forever, N plays N + 1 times (NETSCAPE2.0 and ANIMEXTS1.0)")
    func loopCounts() throws {
        let absent = try AnimatedImage(bytes: animation())
        #expect(absent.storedLoopCount == nil && absent.playCount == .finite(1))
        let forever = try AnimatedImage(bytes: animation { $0.loop(0) })
        #expect(forever.storedLoopCount == 0 && forever.playCount == .infinite)
        let three = try AnimatedImage(bytes: animation { $0.loop(3) })
        #expect(three.storedLoopCount == 3 && three.playCount == .finite(4))
        let animexts = try AnimatedImage(bytes: animation { $0.loop(2, identifier: "ANIMEXTS1.0") })
        #expect(animexts.storedLoopCount == 2 && animexts.playCount == .finite(3))
        let largest = try AnimatedImage(bytes: animation { $0.loop(65535) })
        #expect(largest.playCount == .finite(65536))
        let other = try AnimatedImage(bytes: animation { $0.loop(5, identifier: "XMP DataXMP") })
        #expect(other.storedLoopCount == nil, "only the loop extensions carry a loop count")
    }

    @Test("GCE delays 0, 1 and 2 centiseconds show for 100, 100 and 20 ms; raw timing keeps them")
    func delays() throws {
        var file = GIFByteBuilder(width: 4, height: 4, palette: palette)
        let data = try frameData(index: 2)
        for delay in [0, 1, 2, 65535] {
            file.graphicControl(delay: delay)
            file.image(canvas, minimumCodeSize: 2, data: data)
        }
        file.image(canvas, minimumCodeSize: 2, data: data) // no GCE
        file.trailer()

        let browser = try AnimatedImage(bytes: file.bytes)
        #expect(browser.frames.map(\.storedDuration) == [.zero, .milliseconds(10), .milliseconds(20), .milliseconds(655_350), nil])
        #expect(browser.frames.map(\.duration) == [.milliseconds(100), .milliseconds(100), .milliseconds(20),
                                                .milliseconds(655_350), .milliseconds(100)])
        #expect(browser.totalDuration == .milliseconds(655_670))
        let raw = try AnimatedImage(bytes: file.bytes, options: DecodingOptions(timing: .raw))
        #expect(raw.frames.map(\.duration) == [.zero, .milliseconds(10), .milliseconds(20), .milliseconds(655_350), .zero])
    }

    @Test("disposal values map to the compositor's; reserved 4–7 act as unspecified but are kept raw")
    func disposals() throws {
        var file = GIFByteBuilder(width: 4, height: 4, palette: palette)
        let data = try frameData(index: 1)
        for disposal in 0...7 {
            file.graphicControl(disposal: disposal, delay: 1, transparentIndex: disposal == 1 ? 3 : nil)
            file.image(canvas, minimumCodeSize: 2, data: data)
        }
        file.trailer()
        let image = try AnimatedImage(bytes: file.bytes)
        #expect(image.frames.map(\.disposal) == [.unspecified, .none, .background, .previous,
                                                 .unspecified, .unspecified, .unspecified, .unspecified])
        #expect(image.frames.map(\.storedDisposal) == Array(0...7))
        #expect(image.frames.map(\.hasTransparency) == [false, true, false, false, false, false, false, false])
        #expect(image.frames.allSatisfy { $0.blend == .over })
    }

    @Test("the last GCE before an image applies, and is used up by it")
    func lastGraphicControlWins() throws {
        var file = GIFByteBuilder(width: 4, height: 4, palette: palette)
        let data = try frameData(index: 1)
        file.graphicControl(disposal: 1, delay: 7)
        file.graphicControl(disposal: 2, delay: 9, transparentIndex: 0)
        file.image(canvas, minimumCodeSize: 2, data: data)
        file.image(canvas, minimumCodeSize: 2, data: data)
        file.trailer()
        let image = try AnimatedImage(bytes: file.bytes)
        #expect(image.frames[0].storedDuration == .milliseconds(90))
        #expect(image.frames[0].disposal == .background && image.frames[0].hasTransparency)
        #expect(image.frames[1].storedDuration == nil && image.frames[1].disposal == .unspecified)
    }

    @Test("comment, plain-text, unknown and non-loop application extensions are skipped")
    func skippedExtensions() throws {
        let bytes = try animation { file in
            file.extensionBlock(label: 0xFE, subBlocks: [Array("made by hand".utf8), []].filter { !$0.isEmpty })
            file.extensionBlock(label: 0x01, subBlocks: [[12, 0, 0, 0, 0, 0, 0, 0, 8, 8, 1, 0], Array("hi".utf8)])
            file.extensionBlock(label: 0x77, subBlocks: [[1, 2, 3], [4]])
            file.extensionBlock(label: 0xFF, subBlocks: [Array("XMP DataXMP".utf8), [UInt8](repeating: 0x20, count: 200)])
            file.extensionBlock(label: 0xFE, subBlocks: [])
        }
        let image = try AnimatedImage(bytes: bytes)
        #expect(image.frameCount == 2)
        #expect(image.warnings.isEmpty)
    }

    @Test("GIF87a files decode")
    func gif87a() throws {
        var file = GIFByteBuilder(width: 4, height: 4, palette: palette, version: "GIF87a")
        file.image(canvas, minimumCodeSize: 2, data: try frameData(index: 3))
        file.trailer()
        let image = try AnimatedImage(bytes: file.bytes)
        #expect(try image.frame(at: 0)[2, 2] == (palette[3].red, palette[3].green, palette[3].blue, 255))
        #expect(image.frames[0].storedDuration == nil)
    }

    @Test("a GIF with no frames is an error")
    func noFrames() {
        var file = GIFByteBuilder(width: 16, height: 16, palette: palette)
        file.trailer()
        #expect(throws: ZoetropeError.self) { try AnimatedImage(bytes: file.bytes) }
        let onlyExtensions = GIFByteBuilder(width: 16, height: 16, palette: palette).bytes + [0x21, 0xFE, 1, 65, 0, 0x3B]
        #expect(throws: ZoetropeError.self) { try ImageInspector.inspect(onlyExtensions) }
    }

    @Test("damaged headers are errors", arguments: [
        Array("GIF88a".utf8) + [4, 0, 4, 0, 0, 0, 0],
        Array("GIF89a".utf8) + [4, 0],
        Array("GIF89a".utf8) + [4, 0, 4, 0, 0x80 | 2, 0, 0, 1, 2, 3],
        Array("GIF89a".utf8) + [0, 0, 4, 0, 0, 0, 0, 0x3B],
    ])
    func damagedHeaders(_ bytes: [UInt8]) {
        #expect(throws: ZoetropeError.self) { try AnimatedImage(bytes: bytes) }
    }

    @Test("damage after the first frame keeps the frames before it, with a warning and its offset")
    func damageKeepsEarlierFrames() throws {
        let complete = try animation(frameCount: 3)
        // An unknown block introducer after the second frame.
        let secondFrameEnd = complete.count - 1 - (complete.count - 1 - 25) / 3
        var unknownBlock = Array(complete[..<secondFrameEnd])
        unknownBlock += [0x99, 1, 2, 3]
        let image = try AnimatedImage(bytes: unknownBlock)
        #expect(image.frameCount == 2)
        let warning = try #require(image.warnings.first)
        #expect(warning.kind == .malformed && warning.format == .gif && warning.offset == secondFrameEnd)

        // No trailer: every frame is there, and the missing trailer is reported.
        let noTrailer = try AnimatedImage(bytes: Array(complete.dropLast()))
        #expect(noTrailer.frameCount == 3)
        #expect(noTrailer.warnings.map(\.kind) == [.truncated])

        // Cut inside the third frame's descriptor: two frames remain.
        let cut = try AnimatedImage(bytes: Array(complete[..<(secondFrameEnd + 10)]))
        #expect(cut.frameCount == 2)
        #expect(cut.warnings.first?.offset == secondFrameEnd + 9, "where the descriptor's first field starts")
    }

    @Test("truncated frame data keeps the rows decoded so far and reports the damage with an offset")
    func truncatedFrameData() throws {
        let palette = GIFFixtures.palette(256)
        let indices = GIFFixtures.randomIndices(32 * 32, below: 256, seed: 7)
        let complete = try GIFFixtures.still(width: 32, height: 32, indices: indices, palette: palette)
        let cut = Array(complete[..<(complete.count / 2)])
        let image = try AnimatedImage(bytes: cut)
        #expect(image.frameCount == 1)
        let frame = try image.frame(at: 0)
        let expected = GIFFixtures.expectedPixels(indices, palette: palette)
        let rowBytes = 32 * 4
        #expect(Array(frame.pixels[0..<rowBytes * 4]) == Array(expected[0..<rowBytes * 4]), "the first rows survive")
        #expect(frame.pixels[(32 * 32 - 1) * 4 + 3] == 0, "pixels the data never reached are transparent")
        let warnings = image.warnings
        #expect(!warnings.isEmpty)
        #expect(warnings.allSatisfy { $0.kind == .truncated && $0.format == .gif && $0.offset == cut.count }, "\(warnings)")
    }

    @Test("a frame without any colour table decodes transparent, with a warning")
    func noColorTable() throws {
        var file = GIFByteBuilder(width: 4, height: 4, palette: nil)
        file.image(canvas, minimumCodeSize: 2, data: try frameData(index: 1))
        file.trailer()
        let image = try AnimatedImage(bytes: file.bytes)
        #expect(try image.frame(at: 0).pixels.allSatisfy { $0 == 0 })
        #expect(!image.warnings.isEmpty)
    }

    @Test("ImageInspector answers from the frame table alone")
    func inspection() throws {
        let summary = try ImageInspector.inspect(animation(frameCount: 3) { $0.loop(0) })
        #expect(summary.format == .gif && summary.size == PixelSize(width: 4, height: 4))
        #expect(summary.frameCount == 3 && summary.isAnimated && summary.playCount == .infinite)
    }
}
