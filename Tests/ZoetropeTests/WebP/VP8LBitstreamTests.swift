import Testing
@testable import Zoetrope

/// Decodes a whole test payload.
func decodeVP8L(_ data: [UInt8], maxPixels: Int = 1 << 20) throws(ZoetropeError) -> VP8LDecodedFrame {
    try VP8LDecoder.decode(data, payload: 0 ..< data.count, maxPixels: maxPixels)
}

/// The decoded pixels as ARGB words, for comparing with test data.
func argbPixels(_ image: RGBAImage) -> [UInt32] {
    stride(from: 0, to: image.pixels.count, by: 4).map { index in
        let p = image.pixels
        return UInt32(p[index + 3]) << 24 | UInt32(p[index]) << 16 | UInt32(p[index + 1]) << 8 | UInt32(p[index + 2])
    }
}

@Suite("VP8L header and bit reader")
struct VP8LHeaderTests {
    @Test("the header gives size and alpha hint")
    func header() throws {
        var writer = VP8LTestWriter()
        writer.header(width: 16384, height: 3, alphaHint: false)
        let bytes: [UInt8] = [9, 9] + writer.data + [0, 0]
        let header = try VP8LDecoder.readHeader(bytes, payload: 2 ..< bytes.count)
        #expect(header.size == PixelSize(width: 16384, height: 3))
        #expect(header.alphaHint == false)
    }

    @Test("decoded alpha is kept when the header's hint says the image is opaque")
    func alphaHintIsInformative() throws {
        var writer = VP8LTestWriter()
        writer.header(width: 2, height: 1, alphaHint: false)
        VP8LTestStream.body(&writer, tokens: [.literal(0x8012_3456), .literal(0x0000_0001)])
        let frame = try decodeVP8L(writer.data)
        #expect(frame.image.pixels == [0x12, 0x34, 0x56, 0x80, 0, 0, 1, 0])
    }

    @Test("bad signature, non-zero version and short payloads are rejected with their offset")
    func badHeaders() {
        var writer = VP8LTestWriter()
        writer.header(width: 4, height: 4, version: 1)
        #expect(throws: ZoetropeError(.malformed, format: .webp, offset: 4, "VP8L version is not 0")) {
            try VP8LDecoder.readHeader(writer.data, payload: 0 ..< 5)
        }
        var bytes = VP8LTestStream.literals(width: 1, height: 1, [0xff00_0000])
        bytes[0] = 0x2e
        #expect(throws: ZoetropeError.self) { try decodeVP8L(bytes) }
        do {
            _ = try VP8LDecoder.readHeader([0x2f, 0, 0, 0], payload: 0 ..< 4)
            Issue.record("a 4-byte header was accepted")
        } catch {
            #expect(error.kind == .truncated)
            #expect(error.offset == 0)
        }
    }

    @Test("the bit reader reads LSB first across refills and flags reading past the end")
    func bitReader() {
        var writer = VP8LTestWriter()
        let fields: [(Int, Int)] = (0..<40).map { index in (index * 7919 % (1 << (index % 17 + 1)), index % 17 + 1) }
        for (value, count) in fields { writer.bits(value, count) }
        let data = writer.data
        let end = VP8LStreamEnd(byteCount: data.count)
        data.withUnsafeBufferPointer { buffer in
            var reader = LSBBitReader(buffer)
            for (value, count) in fields { #expect(Int(reader.read(count)) == value) }
            #expect(!end.isPassed(by: reader))
            _ = reader.read(32)
            _ = reader.read(32)
            #expect(end.isPassed(by: reader))
            #expect(reader.byteOffset == data.count)
        }
    }

    @Test("a stream shorter than 8 bytes may read zero bits up to bit 64, as libwebp allows")
    func shortStreamSlack() {
        let data: [UInt8] = [0xff, 0x01]
        let end = VP8LStreamEnd(byteCount: 2)
        data.withUnsafeBufferPointer { buffer in
            var reader = LSBBitReader(buffer)
            #expect(reader.read(16) == 0x01ff)
            #expect(reader.read(32) == 0)
            #expect(reader.read(16) == 0)
            #expect(!end.isPassed(by: reader))
            _ = reader.read(1)
            #expect(end.isPassed(by: reader))
        }
    }

    @Test("the end rule is libwebp's: more than max(8 × size, 64) bits consumed", arguments: [0, 1, 3, 7, 8, 9, 20])
    func endRuleMatchesConsumedBits(size: Int) {
        let data = [UInt8](repeating: 0x5a, count: size)
        let end = VP8LStreamEnd(byteCount: size)
        let limit = max(8 * size, 64)
        data.withUnsafeBufferPointer { buffer in
            var reader = LSBBitReader(buffer)
            for step in [1, 7, 15, 3, 32, 2, 9, 30, 1, 1, 13] {
                _ = reader.read(step)
                #expect(end.isPassed(by: reader) == (reader.bitsConsumed > limit), "\(reader.bitsConsumed) bits of \(size) bytes")
            }
        }
    }

    @Test("a reader over a payload inside a larger buffer stops at the payload's end")
    func payloadInsideBuffer() throws {
        // The payload (a 1 × 1 image) sits between other bytes; reading stops at its end and
        // errors give offsets in the whole buffer.
        let image = VP8LTestStream.literals(width: 1, height: 1, [0xff10_2030])
        let bytes = [UInt8](repeating: 0xff, count: 7) + image + [UInt8](repeating: 0xff, count: 9)
        let frame = try VP8LDecoder.decode(bytes, payload: 7 ..< 7 + image.count, maxPixels: 1)
        #expect(frame.damage == nil)
        #expect(argbPixels(frame.image) == [0xff10_2030])
        let cut = VP8LTestStream.literals(width: 64, height: 1, TestPixels.random(64, seed: 9))
        let padded = [UInt8](repeating: 0xff, count: 7) + cut.prefix(cut.count - 40) + [UInt8](repeating: 0xff, count: 9)
        let damaged = try VP8LDecoder.decode(padded, payload: 7 ..< padded.count - 9, maxPixels: 64)
        #expect(damaged.damage?.kind == .truncated)
        #expect(damaged.damage?.offset == padded.count - 9)
    }
}

@Suite("VP8L prefix codes")
struct VP8LPrefixCodeTests {
    @Test("a single-symbol code decodes without reading a bit")
    func zeroLengthCode() throws {
        var lengths = [UInt8](repeating: 0, count: 280)
        lengths[200] = 3
        let code = try #require(VP8LPrefixCode.table(lengths: lengths, primaryBits: 8))
        #expect(VP8LPrefixCode.singleSymbol(of: code) == 200)
        #expect(code.entries.count == 1)
        let data: [UInt8] = [0xa5, 0x5a, 0, 0, 0, 0, 0, 0, 0]
        data.withUnsafeBufferPointer { buffer in
            var reader = LSBBitReader(buffer)
            reader.refill()
            let symbol = code.entries.withUnsafeBufferPointer { VP8LPrefixCode.decode($0.baseAddress!, primaryBits: code.primaryBits, &reader) }
            #expect(symbol == 200)
            #expect(reader.bitsConsumed == 0)
            #expect(reader.read(8) == 0xa5)
        }
    }

    @Test("a code of two or more symbols reads its bits and is not single-symbol")
    func twoSymbolCode() throws {
        let code = try #require(VP8LPrefixCode.table(lengths: [0, 1, 2, 2], primaryBits: 8))
        #expect(VP8LPrefixCode.singleSymbol(of: code) == nil)
        #expect(code.primaryBits == 2)
        // Codes (LSB first): symbol 1 = 0, symbol 2 = 01, symbol 3 = 11.
        let data: [UInt8] = [0b0001_1010, 0, 0, 0, 0, 0, 0, 0]
        data.withUnsafeBufferPointer { buffer in
            var reader = LSBBitReader(buffer)
            reader.refill()
            let symbols = code.entries.withUnsafeBufferPointer { table in
                (0..<4).map { _ in VP8LPrefixCode.decode(table.baseAddress!, primaryBits: code.primaryBits, &reader) }
            }
            #expect(symbols == [1, 2, 3, 1])
            #expect(reader.bitsConsumed == 6)
        }
    }

    @Test("empty, incomplete and over-subscribed lengths are rejected")
    func invalidCodes() {
        #expect(VP8LPrefixCode.table(lengths: [0, 0, 0], primaryBits: 8) == nil)
        #expect(VP8LPrefixCode.table(lengths: [1, 2, 0], primaryBits: 8) == nil)
        #expect(VP8LPrefixCode.table(lengths: [1, 1, 1], primaryBits: 8) == nil)
        #expect(VP8LPrefixCode.table(lengths: [1, 2, 2], primaryBits: 8) != nil)
    }

    @Test("simple codes: one symbol in 1 bit, one in 8 bits, two symbols")
    func simpleCodes() throws {
        // Green uses a two-symbol simple code, red a 1-bit single symbol, blue an 8-bit single
        // symbol, alpha a two-symbol code.
        let group = TestCodeGroup(green: .simple([7, 250], alphabetSize: 280), red: .simple([1], alphabetSize: 256),
                                  blue: .simple([77], alphabetSize: 256), alpha: .simple([0, 255], alphabetSize: 256),
                                  distance: .simple([0], alphabetSize: 40))
        let pixels: [UInt32] = [0xff01_074d, 0x0001_fa4d, 0xff01_fa4d, 0x0001_074d, 0xff01_074d]
        let data = VP8LTestStream.image(width: 5, height: 1, group: group, tokens: pixels.map { .literal($0) })
        let frame = try decodeVP8L(data)
        #expect(frame.damage == nil)
        #expect(argbPixels(frame.image) == pixels)
    }

    @Test("a two-symbol simple code naming one symbol twice is a zero-bit code")
    func simpleCodeWithRepeatedSymbol() throws {
        var group = TestCodeGroup.flatLiterals()
        group.red = TestPrefixCode(form: .simple([3, 3]), lengths: [0, 0, 0, 1] + [Int](repeating: 0, count: 252))
        group.alpha = TestPrefixCode(form: .simple([0, 0]), lengths: [1] + [Int](repeating: 0, count: 255))
        let pixels: [UInt32] = [0x0003_1122, 0x0003_3344, 0x0003_5566]
        let frame = try decodeVP8L(VP8LTestStream.image(width: 3, height: 1, group: group, tokens: pixels.map { .literal($0) }))
        #expect(frame.damage == nil)
        #expect(argbPixels(frame.image) == pixels)
    }

    @Test("a simple code's symbol beyond the distance alphabet is dropped")
    func simpleSymbolOutsideAlphabet() throws {
        // Distance code: two symbols, 3 and 200; 200 is not a distance prefix, so the code is
        // the single symbol 3 and a backward reference reads no distance bits.
        var group = TestCodeGroup.full()
        group.distance = TestPrefixCode(form: .simple([3, 200]), lengths: [0, 0, 0, 1] + [Int](repeating: 0, count: 36))
        let data = VP8LTestStream.image(width: 6, height: 1, group: group, tokens: [
            .literal(0xff10_2030), .literal(0xff40_5060), .literal(0xff70_8090), .literal(0xffa0_b0c0),
            .copy(length: 2, distanceCode: 4),
        ])
        // Distance prefix 3 is distance code 4, a plane code: (−1, 1) in a 6-wide image gives
        // 6 − 1 = 5, more than the 4 pixels written, so this is damage, not a crash.
        let frame = try decodeVP8L(data)
        #expect(frame.damage?.kind == .malformed)
    }

    @Test("normal codes with repeat codes 16, 17, 18 and max_symbol")
    func repeatCodesAndMaxSymbol() throws {
        // Code-length code: symbols 0, 1, 2, 16, 17, 18 with lengths 3,3,2,2,3,3 (complete).
        var codeLengthLengths = [Int](repeating: 0, count: 19)
        codeLengthLengths[0] = 3; codeLengthLengths[1] = 3; codeLengthLengths[2] = 2
        codeLengthLengths[16] = 2; codeLengthLengths[17] = 3; codeLengthLengths[18] = 3
        // Green lengths: symbols 0–3 get 2 (via "2", then 16 ×3 repeating it); then 18 writes 11+
        // zeros. max_symbol limits reading to the 3 code-length symbols given, leaving the rest 0.
        let items: [(symbol: Int, extra: Int, extraBits: Int)] = [(2, 0, 0), (16, 0, 2), (18, 100, 7)]
        var greenLengths = [Int](repeating: 0, count: 280)
        for symbol in 0..<4 { greenLengths[symbol] = 2 }
        let green = TestPrefixCode(form: .raw(codeLengthLengths: codeLengthLengths, maxSymbol: (bitsField: 0, value: 3),
                                              items: items), lengths: greenLengths)
        // Red: 17 writes 3+4 zeros, then lengths 1, 1 for symbols 7 and 8; the rest stays 0
        // because max_symbol stops after 3 symbols.
        var redLengths = [Int](repeating: 0, count: 256)
        redLengths[7] = 1; redLengths[8] = 1
        let red = TestPrefixCode(form: .raw(codeLengthLengths: codeLengthLengths, maxSymbol: (bitsField: 1, value: 3),
                                            items: [(17, 4, 3), (1, 0, 0), (1, 0, 0)]), lengths: redLengths)
        let group = TestCodeGroup(green: green, red: red, blue: .simple([9], alphabetSize: 256),
                                  alpha: .simple([255], alphabetSize: 256), distance: .simple([0], alphabetSize: 40))
        let pixels: [UInt32] = [0xff07_0009, 0xff08_0109, 0xff07_0209, 0xff08_0309]
        let frame = try decodeVP8L(VP8LTestStream.image(width: 2, height: 2, group: group, tokens: pixels.map { .literal($0) }))
        #expect(argbPixels(frame.image) == pixels)
    }

    @Test("a code-length repeat past the alphabet and a max_symbol above it are errors")
    func invalidCodeLengthStreams() {
        var codeLengthLengths = [Int](repeating: 0, count: 19)
        codeLengthLengths[8] = 1; codeLengthLengths[18] = 1
        // Red alphabet is 256: two runs of 138 zeros overflow it.
        var writer = VP8LTestWriter()
        writer.header(width: 1, height: 1)
        writer.bits(0, 3) // no transform, no cache, no meta codes
        writer.code(.simple([0], alphabetSize: 280))
        writer.normalCodeHeader(codeLengthLengths: codeLengthLengths, maxSymbol: nil)
        let lengthCodes = TestPrefixCode.canonical(lengths: codeLengthLengths)
        writer.symbol(18, lengthCodes); writer.bits(127, 7)
        writer.symbol(18, lengthCodes); writer.bits(127, 7)
        writer.bits(0, 32)
        #expect(throws: ZoetropeError.self) { try decodeVP8L(writer.data) }

        var large = VP8LTestWriter()
        large.header(width: 1, height: 1)
        large.bits(0, 3)
        large.code(.simple([0], alphabetSize: 280))
        large.normalCodeHeader(codeLengthLengths: codeLengthLengths, maxSymbol: (bitsField: 3, value: 257))
        large.bits(0, 32)
        #expect(throws: ZoetropeError.self) { try decodeVP8L(large.data) }
    }
}
