import Testing
@testable import Zoetrope

@Suite("VP8L damage and limits")
struct VP8LDamageTests {
    /// An 8 × 6 image with subtract green, literals at exactly 32 bits per pixel at the end.
    static let width = 8, height = 6
    static let coded = TestPixels.random(width * height, seed: 50)
    static let stream = VP8LTestStream.literals(width: width, height: height, coded,
                                                transforms: [VP8LTestStream.subtractGreen])

    @Test("data ending in row 3 keeps rows 0–2, transformed, and reports the offset")
    func truncatedPixelData() throws {
        // The last 20 pixels take the last 80 bytes (plus padding bits); cutting 81 more leaves
        // row 3 incomplete.
        let cut = Array(Self.stream.prefix(Self.stream.count - 81))
        let prefixed = [UInt8](repeating: 0xee, count: 100) + cut
        let frame = try VP8LDecoder.decode(prefixed, payload: 100 ..< prefixed.count, maxPixels: 1000)
        let damage = try #require(frame.damage)
        #expect(damage.kind == .truncated)
        #expect(damage.offset == prefixed.count)
        let pixels = argbPixels(frame.image)
        let expected = SpecTransforms.addGreen(Self.coded)
        #expect(Array(pixels.prefix(3 * Self.width)) == Array(expected.prefix(3 * Self.width)))
        #expect(pixels.dropFirst(3 * Self.width).allSatisfy { $0 == 0 })
    }

    @Test("a stream cut inside its prefix codes or transform data throws", arguments: [3, 6, 9, 12, 40, 200])
    func truncatedHeaders(length: Int) {
        let palette = VP8LTestStream.literals(width: 5, height: 5, TestPixels.random(5 * 5, seed: 51),
                                              transforms: [VP8LTestStream.colorIndexing(palette: TestPixels.random(20, seed: 52))])
        let cut = Array(palette.prefix(length))
        do {
            let frame = try decodeVP8L(cut)
            Issue.record("a stream cut to \(length) bytes decoded: damage \(String(describing: frame.damage))")
        } catch {
            #expect(error.kind == .truncated || error.kind == .malformed)
            #expect((0...length).contains(error.offset ?? -1))
        }
    }

    @Test("a backward reference before the first pixel or past the last is damage, not a crash")
    func invalidBackwardReferences() throws {
        let values = TestPixels.random(9, seed: 53)
        let literals = values.map { TestToken.literal($0) }
        let tooFar = VP8LTestStream.image(width: 4, height: 4, group: .full(),
                                          tokens: literals + [.copy(length: 2, distanceCode: 120 + 10)])
        let farFrame = try decodeVP8L(tooFar)
        #expect(farFrame.damage?.kind == .malformed)
        #expect(Array(argbPixels(farFrame.image).prefix(8)) == Array(values.prefix(8)))
        let tooLong = VP8LTestStream.image(width: 4, height: 4, group: .full(),
                                           tokens: literals + [.copy(length: 8, distanceCode: 121)])
        #expect(try decodeVP8L(tooLong).damage?.kind == .malformed)
    }

    @Test("the pixel limit is checked before anything is allocated")
    func pixelLimit() {
        var writer = VP8LTestWriter()
        writer.header(width: 16384, height: 16384)
        writer.bits(0, 32)
        #expect(throws: ZoetropeError(.limitExceeded, format: .webp, offset: 0,
                                      "VP8L image 16384×16384 exceeds the limit of 1048576 pixels")) {
            try decodeVP8L(writer.data, maxPixels: 1 << 20)
        }
    }

    @Test("an entropy image naming group 65535 with no codes after it fails quickly")
    func hugeGroupNumber() {
        var writer = VP8LTestWriter()
        writer.header(width: 64, height: 64)
        writer.flag(false)
        writer.flag(false)
        writer.flag(true)
        writer.bits(7, 3) // 512-pixel tiles: a 1 × 1 entropy image
        writer.subImage([0xffff << 8])
        #expect(throws: ZoetropeError.self) { try decodeVP8L(writer.data) }
    }

    @Test("prefix tables beyond the budget are refused before they are all built")
    func tableBudget() {
        // Green codes of 2048 symbols, each 8-bit prefix ending in lengths 9, 10, …, 15, 15: a
        // complete code whose table has 256 subtables of 128 entries (33 024 entries) for under
        // 800 bytes of code lengths. 256 groups ask for 8.45 million entries, over the floor of
        // 2^23 that applies to a 64 × 64 image.
        var codeLengthLengths = [Int](repeating: 0, count: 19)
        for symbol in 8...15 { codeLengthLengths[symbol] = 3 }
        let pattern = [9, 10, 11, 12, 13, 14, 15, 15]
        let lengths = (0..<256).flatMap { _ in pattern } + [Int](repeating: 0, count: 280)
        let green = TestPrefixCode(form: .raw(codeLengthLengths: codeLengthLengths, maxSymbol: (bitsField: 5, value: 2048),
                                              items: lengths.prefix(2048).map { ($0, 0, 0) }), lengths: lengths)
        let group = TestCodeGroup(green: green, red: .simple([0], alphabetSize: 256), blue: .simple([0], alphabetSize: 256),
                                  alpha: .simple([0], alphabetSize: 256), distance: .simple([0], alphabetSize: 40))
        var writer = VP8LTestWriter()
        writer.header(width: 64, height: 64)
        writer.flag(false) // no transform
        writer.flag(true)
        writer.bits(11, 4) // colour cache of 2048: green alphabet 2328
        writer.flag(true)
        writer.bits(0, 3) // 4-pixel tiles: 16 × 16 of them
        writer.subImage((0..<256).map { UInt32($0) << 8 })
        for _ in 0..<256 { group.write(to: &writer) }
        do {
            _ = try decodeVP8L(writer.data)
            Issue.record("8.45 million table entries were accepted")
        } catch {
            #expect(error.kind == .limitExceeded)
        }
    }

    @Test("random damage to valid streams never crashes or hangs")
    func fuzz() {
        let seeds: [[UInt8]] = [
            Self.stream,
            VP8LTestStream.image(width: 13, height: 9, cacheBits: 4, group: .full(cacheBits: 4),
                                 tokens: VP8LEntropyTests.randomTokens(count: 117, width: 13, cacheBits: 4, seed: 3)),
            VP8LTestStream.literals(width: 9, height: 7, TestPixels.random(63, seed: 4), transforms: [
                VP8LTestStream.predictor(bits: 2, modes: [1, 5, 11, 13, 12, 2]),
                VP8LTestStream.crossColor(bits: 2, tiles: TestPixels.random(6, seed: 5)),
            ]),
        ]
        var generator = SplitMix64(seed: 0xF022)
        for round in 0..<600 {
            var bytes = seeds[round % seeds.count]
            switch generator.next() % 3 {
            case 0:
                for _ in 0 ..< 1 + Int(generator.next() % 4) {
                    let index = 5 + Int(generator.next() % UInt64(bytes.count - 5))
                    bytes[index] ^= UInt8(1 << (generator.next() % 8))
                }
            case 1:
                bytes = Array(bytes.prefix(5 + Int(generator.next() % UInt64(bytes.count - 5))))
            default:
                for index in 5 ..< bytes.count { bytes[index] = UInt8(truncatingIfNeeded: generator.next()) }
            }
            if let frame = try? decodeVP8L(bytes, maxPixels: 1 << 16) {
                #expect(frame.image.pixels.count == frame.image.width * frame.image.height * 4)
            }
        }
    }
}
