import Testing
import Zoetrope

@Suite("GIF LZW streams")
struct GIFLZWTests {
    private func decodeStill(_ bytes: [UInt8]) throws -> (image: AnimatedImage, frame: RGBAImage) {
        let image = try AnimatedImage(bytes: bytes)
        return (image, try image.frame(at: 0))
    }

    @Test("every minimum code size from 1 to 8 round-trips", arguments: 1...8)
    func minimumCodeSizes(_ codeSize: Int) throws {
        let colors = 1 << codeSize
        let palette = GIFFixtures.palette(colors)
        let indices = GIFFixtures.randomIndices(37 * 23, below: colors, seed: UInt64(codeSize))
        let bytes = try GIFFixtures.still(width: 37, height: 23, indices: indices, palette: palette,
                                          lzw: GIFEncoder.LZWOptions(minimumCodeSize: codeSize))
        #expect(bytes[bytes.count - 1] == 0x3B)
        let (image, frame) = try decodeStill(bytes)
        #expect(frame.pixels == GIFFixtures.expectedPixels(indices, palette: palette), "code size \(codeSize)")
        #expect(image.warnings.isEmpty)
    }

    @Test("a minimum code size larger than the palette needs (8 for 4 colours) decodes")
    func oversizedCodeSize() throws {
        let palette = GIFFixtures.palette(4)
        let indices = GIFFixtures.randomIndices(64 * 48, below: 4, seed: 8)
        let bytes = try GIFFixtures.still(width: 64, height: 48, indices: indices, palette: palette,
                                          lzw: GIFEncoder.LZWOptions(minimumCodeSize: 8))
        #expect(try decodeStill(bytes).frame.pixels == GIFFixtures.expectedPixels(indices, palette: palette))
    }

    @Test("minimum code sizes 9 to 11 decode, 11 starting at the 12-bit limit and filling the table",
          arguments: 9...11)
    func wideMinimumCodeSizes(_ codeSize: Int) throws {
        // With code size 11 the first code is already 12 bits wide and must stay so when the
        // table fills (2048 entries are left): the width never grows past 12.
        let palette = GIFFixtures.palette(4)
        let indices = GIFFixtures.randomIndices(120 * 90, below: 4, seed: UInt64(codeSize))
        for policy in [GIFEncoder.ClearCodePolicy.whenTableFull, .never] {
            let bytes = try GIFFixtures.still(width: 120, height: 90, indices: indices, palette: palette,
                                              lzw: GIFEncoder.LZWOptions(minimumCodeSize: codeSize, clearCodes: policy))
            let (image, frame) = try decodeStill(bytes)
            #expect(frame.pixels == GIFFixtures.expectedPixels(indices, palette: palette), "code size \(codeSize), \(policy)")
            #expect(image.warnings.isEmpty)
        }
    }

    @Test("a deferred clear keeps decoding with the full 4096-entry table and 12-bit codes")
    func deferredClear() throws {
        // Random 8-bit data: nearly every code adds an entry, so 96×96 pixels fill the table long
        // before the end, and with no clear the rest is coded against the full table.
        let palette = GIFFixtures.palette(256)
        let indices = GIFFixtures.randomIndices(96 * 96, below: 256, seed: 42)
        let deferred = try GIFFixtures.still(width: 96, height: 96, indices: indices, palette: palette,
                                             lzw: GIFEncoder.LZWOptions(clearCodes: .never))
        let standard = try GIFFixtures.still(width: 96, height: 96, indices: indices, palette: palette)
        #expect(deferred != standard, "the deferred-clear stream should differ from the standard one")
        #expect(try decodeStill(deferred).frame.pixels == GIFFixtures.expectedPixels(indices, palette: palette))
        #expect(try decodeStill(standard).frame.pixels == GIFFixtures.expectedPixels(indices, palette: palette))
    }

    @Test("multi-pixel strings fill the 4096-entry table and decode exactly")
    func fullTableLongStrings() throws {
        // Random data over 4 colours: strings of several pixels, and enough codes to fill the table
        // (with clearing: several times; without: once, then 12-bit codes against the full table).
        let width = 300, height = 200
        let indices = GIFFixtures.randomIndices(width * height, below: 4, seed: 4096)
        let palette = GIFFixtures.palette(4)
        for policy in [GIFEncoder.ClearCodePolicy.whenTableFull, .never] {
            let bytes = try GIFFixtures.still(width: width, height: height, indices: indices, palette: palette,
                                              lzw: GIFEncoder.LZWOptions(clearCodes: policy))
            #expect(try decodeStill(bytes).frame.pixels == GIFFixtures.expectedPixels(indices, palette: palette), "\(policy)")
        }
    }

    @Test("clear codes every N codes, and short sub-blocks, decode", arguments: [1, 2, 255, 4000])
    func frequentClears(_ interval: Int) throws {
        let palette = GIFFixtures.palette(32)
        let indices = GIFFixtures.randomIndices(50 * 40, below: 32, seed: UInt64(interval))
        let bytes = try GIFFixtures.still(width: 50, height: 40, indices: indices, palette: palette,
                                          lzw: GIFEncoder.LZWOptions(clearCodes: .every(codes: interval), subBlockSize: 7))
        #expect(try decodeStill(bytes).frame.pixels == GIFFixtures.expectedPixels(indices, palette: palette))
    }

    @Test("a full table hands back to the growing one at each clear, in the unchecked loop and near the end")
    func fullTableThenClear() throws {
        // Random 8-bit data, a clear every 4500 codes: the table fills after about 3840 codes, the
        // next 660 are coded against the full table, then the clear starts a growing table again;
        // 400×300 pixels take several such rounds, in the unchecked loop (the bulk of the frame)
        // and in the checked one (its last 4112 pixels).
        let palette = GIFFixtures.palette(256)
        let indices = GIFFixtures.randomIndices(400 * 300, below: 256, seed: 4500)
        let bytes = try GIFFixtures.still(width: 400, height: 300, indices: indices, palette: palette,
                                          lzw: GIFEncoder.LZWOptions(clearCodes: .every(codes: 4500)))
        let (image, frame) = try decodeStill(bytes)
        let expected = GIFFixtures.expectedPixels(indices, palette: palette)
        // (The first differing byte, not the arrays: 480,000 bytes each.)
        let firstDifference = frame.pixels.indices.first { $0 >= expected.count || frame.pixels[$0] != expected[$0] }
        #expect(frame.pixels.count == expected.count && firstDifference == nil, "first difference at byte \(firstDifference ?? -1)")
        #expect(image.warnings.isEmpty)
    }

    @Test("an invalid code stops the frame: earlier pixels kept, the rest transparent, damage reported")
    func invalidCode() throws {
        // Minimum code size 2: clear = 4, end = 5, first free code 6. After one literal the next
        // free code is 6, so code 7 is invalid.
        var codes = CodeWriter()
        codes.write(4, width: 3)
        codes.write(1, width: 3)
        codes.write(7, width: 3)
        codes.write(1, width: 3)
        var file = GIFByteBuilder(width: 4, height: 2, palette: GIFFixtures.palette(4))
        file.image(PixelRect(x: 0, y: 0, width: 4, height: 2), minimumCodeSize: 2, data: codes.finished())
        file.trailer()

        let image = try AnimatedImage(bytes: file.bytes)
        let frame = try image.frame(at: 0)
        let color = GIFFixtures.palette(4)[1]
        #expect(frame[0, 0] == (color.red, color.green, color.blue, 255))
        #expect(frame[1, 0].a == 0)
        #expect(frame[3, 1].a == 0)
        let damage = try #require(image.warnings.first)
        #expect(damage.kind == .malformed && damage.format == .gif && damage.offset != nil, "\(damage)")
    }

    @Test("a frame whose first code is already invalid has nothing to show and throws")
    func nothingDecodable() throws {
        var codes = CodeWriter()
        codes.write(7, width: 3)
        var file = GIFByteBuilder(width: 4, height: 2, palette: GIFFixtures.palette(4))
        file.image(PixelRect(x: 0, y: 0, width: 4, height: 2), minimumCodeSize: 2, data: codes.finished())
        file.trailer()
        let image = try AnimatedImage(bytes: file.bytes)
        #expect(throws: ZoetropeError.self) { try image.frame(at: 0) }
    }

    @Test("minimum code sizes 0 and 12 are refused", arguments: [0, 12, 143])
    func invalidMinimumCodeSize(_ codeSize: Int) throws {
        var file = GIFByteBuilder(width: 4, height: 4, palette: GIFFixtures.palette(4))
        file.image(PixelRect(x: 0, y: 0, width: 4, height: 4), minimumCodeSize: codeSize, data: [0, 0, 0])
        file.trailer()
        #expect(throws: ZoetropeError.self) { try AnimatedImage(bytes: file.bytes) }
    }

    @Test("data after the last pixel and a missing end code are both fine")
    func extraData() throws {
        // Two 1-pixel images: one followed by garbage codes, one that simply stops without an end code.
        var withGarbage = CodeWriter()
        for code in [4, 2, 1, 1, 1, 1, 5] { withGarbage.write(code, width: 3) }
        var withoutEnd = CodeWriter()
        for code in [4, 2] { withoutEnd.write(code, width: 3) }
        for data in [withGarbage.finished(), withoutEnd.finished()] {
            var file = GIFByteBuilder(width: 1, height: 1, palette: GIFFixtures.palette(4))
            file.image(PixelRect(x: 0, y: 0, width: 1, height: 1), minimumCodeSize: 2, data: data)
            file.trailer()
            let image = try AnimatedImage(bytes: file.bytes)
            let color = GIFFixtures.palette(4)[2]
            #expect(try image.frame(at: 0)[0, 0] == (color.red, color.green, color.blue, 255))
            #expect(image.warnings.isEmpty)
        }
    }

    /// A frame `count` pixels wide and one high from hand-written (code, width) pairs.
    private func handCoded(_ codes: [(code: Int, width: Int)], minimumCodeSize: Int, colors: Int,
                           count: Int) throws -> (image: AnimatedImage, frame: RGBAImage) {
        var writer = CodeWriter()
        for (code, width) in codes { writer.write(code, width: width) }
        var file = GIFByteBuilder(width: count, height: 1, palette: GIFFixtures.palette(colors))
        file.image(PixelRect(x: 0, y: 0, width: count, height: 1), minimumCodeSize: minimumCodeSize,
                   data: writer.finished())
        file.trailer()
        return try decodeStill(file.bytes)
    }

    @Test("minimum code size 1: literals and self-referencing codes across clears and width changes")
    func codeSizeOneBoundaries() throws {
        // Clear = 2, end = 3. After a clear the first literal defines nothing and moves the next
        // free code to 4 = 1 << 2, so the very next code is 3 bits wide; code 4 then is the
        // self-referencing case (the previous string plus its own first pixel), as is 5 later.
        let codes: [(code: Int, width: Int)] = [(2, 2), (1, 2), (0, 3), (4, 3), (2, 3), (0, 2), (4, 3), (1, 3),
                                                (6, 3), (3, 3)]
        let indices: [UInt8] = [1, 0, 1, 0, 0, 0, 0, 1, 1]
        let (image, frame) = try handCoded(codes, minimumCodeSize: 1, colors: 2, count: indices.count)
        #expect(frame.pixels == GIFFixtures.expectedPixels(indices, palette: GIFFixtures.palette(2)))
        #expect(image.warnings.isEmpty)
    }

    @Test("in a frame wide enough for the unchecked loop: two clears, self-referencing codes, an end code after a clear")
    func endCodeAfterClearInFastLoop() throws {
        // Clear = 4, end = 5. After the clears, literal 1 then codes 6 and 7, each the code being
        // defined (1 1, then 1 1 1): six pixels; the width grows to 4 bits, and after a clear the
        // end code (3 bits) is the first code, whose table slot the clear's next code is.
        let codes: [(code: Int, width: Int)] = [(4, 3), (4, 3), (1, 3), (6, 3), (7, 3), (4, 4), (5, 3)]
        let (image, frame) = try handCoded(codes, minimumCodeSize: 2, colors: 4, count: 5000)
        let color = GIFFixtures.palette(4)[1]
        for x in 0..<6 { #expect(frame[x, 0] == (color.red, color.green, color.blue, 255)) }
        #expect(frame[6, 0].a == 0 && frame[4999, 0].a == 0)
        let damage = try #require(image.warnings.first)
        #expect(damage.kind == .truncated && "\(damage)".contains("after 6 of 5000 pixels"), "\(damage)")
    }

    @Test("a table code right after a clear code is refused (nothing is defined yet)")
    func tableCodeAfterClear() throws {
        // Clear = 4, end = 5: after clear, literal 1 and clear again, code 6 is not defined.
        let (image, frame) = try handCoded([(4, 3), (1, 3), (4, 3), (6, 3), (1, 3)], minimumCodeSize: 2, colors: 4,
                                           count: 4)
        let color = GIFFixtures.palette(4)[1]
        #expect(frame[0, 0] == (color.red, color.green, color.blue, 255))
        #expect(frame[1, 0].a == 0)
        let damage = try #require(image.warnings.first)
        #expect(damage.kind == .malformed && "\(damage)".contains("invalid LZW code 6 (next free code 6)"), "\(damage)")
    }

    @Test("indices beyond the colour table decode transparent")
    func indexBeyondTable() throws {
        // A 2-entry table with minimum code size 2: index 3 has no colour.
        var codes = CodeWriter()
        for code in [4, 0, 3, 1, 5] { codes.write(code, width: 3) }
        var file = GIFByteBuilder(width: 3, height: 1, palette: GIFFixtures.palette(2))
        file.image(PixelRect(x: 0, y: 0, width: 3, height: 1), minimumCodeSize: 2, data: codes.finished())
        file.trailer()
        let frame = try AnimatedImage(bytes: file.bytes).frame(at: 0)
        #expect(frame[0, 0].a == 255)
        #expect(frame[1, 0].a == 0)
        #expect(frame[2, 0].a == 255)
    }
}
