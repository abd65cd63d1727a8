import Testing
@testable import Zoetrope

/// The format's 120 short distance codes as (x, y) offsets (RFC 9649 §4.2.2, table in the order
/// of the spec): the source pixel is x to the left and y rows up.
let specPlaneOffsets: [(x: Int, y: Int)] = [
    (0, 1), (1, 0), (1, 1), (-1, 1), (0, 2), (2, 0), (1, 2), (-1, 2), (2, 1), (-2, 1),
    (2, 2), (-2, 2), (0, 3), (3, 0), (1, 3), (-1, 3), (3, 1), (-3, 1), (2, 3), (-2, 3),
    (3, 2), (-3, 2), (0, 4), (4, 0), (1, 4), (-1, 4), (4, 1), (-4, 1), (3, 3), (-3, 3),
    (2, 4), (-2, 4), (4, 2), (-4, 2), (0, 5), (3, 4), (-3, 4), (4, 3), (-4, 3), (5, 0),
    (1, 5), (-1, 5), (5, 1), (-5, 1), (2, 5), (-2, 5), (5, 2), (-5, 2), (4, 4), (-4, 4),
    (3, 5), (-3, 5), (5, 3), (-5, 3), (0, 6), (6, 0), (1, 6), (-1, 6), (6, 1), (-6, 1),
    (2, 6), (-2, 6), (6, 2), (-6, 2), (4, 5), (-4, 5), (5, 4), (-5, 4), (3, 6), (-3, 6),
    (6, 3), (-6, 3), (0, 7), (7, 0), (1, 7), (-1, 7), (5, 5), (-5, 5), (7, 1), (-7, 1),
    (4, 6), (-4, 6), (6, 4), (-6, 4), (2, 7), (-2, 7), (7, 2), (-7, 2), (3, 7), (-3, 7),
    (7, 3), (-7, 3), (5, 6), (-5, 6), (6, 5), (-6, 5), (8, 0), (4, 7), (-4, 7), (7, 4),
    (-7, 4), (8, 1), (8, 2), (6, 6), (-6, 6), (8, 3), (5, 7), (-5, 7), (7, 5), (-7, 5),
    (8, 4), (6, 7), (-6, 7), (7, 6), (-7, 6), (8, 5), (7, 7), (-7, 7), (8, 6), (8, 7),
]

/// Plays tokens the way the spec describes, to know what a stream must decode to.
struct TokenModel {
    let width: Int
    let cacheBits: Int
    var pixels: [UInt32] = []
    var cache: [UInt32]

    init(width: Int, cacheBits: Int) {
        self.width = width
        self.cacheBits = cacheBits
        cache = [UInt32](repeating: 0, count: cacheBits > 0 ? 1 << cacheBits : 0)
    }

    /// The spec's distance for a distance code.
    func distance(code: Int) -> Int {
        guard code <= 120 else { return code - 120 }
        let offset = specPlaneOffsets[code - 1]
        return max(1, offset.x + offset.y * width)
    }

    mutating func emit(_ argb: UInt32) {
        pixels.append(argb)
        if cacheBits > 0 { cache[Int((argb &* 0x1e35_a7bd) >> UInt32(32 - cacheBits))] = argb }
    }

    mutating func play(_ token: TestToken) {
        switch token {
        case .literal(let argb): emit(argb)
        case .cache(let index): emit(cache[index])
        case .copy(let length, let code):
            let start = pixels.count - distance(code: code)
            for index in 0..<length { emit(pixels[start + index]) }
        }
    }
}

@Suite("VP8L entropy coding")
struct VP8LEntropyTests {
    /// Random tokens: literals from a small palette (so the cache hits), cache references, and
    /// backward references with plain distances.
    static func randomTokens(count: Int, width: Int, cacheBits: Int, seed: UInt64) -> [TestToken] {
        var generator = SplitMix64(seed: seed)
        var written = 0
        var tokens: [TestToken] = []
        let palette = TestPixels.random(12, seed: seed ^ 0xabc)
        while written < count {
            let choice = Int(generator.next() % 10)
            if choice < 4 || written == 0 {
                tokens.append(.literal(palette[Int(generator.next() % 12)]))
                written += 1
            } else if choice < 7, cacheBits > 0 {
                tokens.append(.cache(Int(generator.next() % UInt64(1 << cacheBits))))
                written += 1
            } else {
                let length = min(count - written, 1 + Int(generator.next() % 40))
                let distance = 1 + Int(generator.next() % UInt64(written))
                tokens.append(.copy(length: length, distanceCode: distance + 120))
                written += length
            }
        }
        return tokens
    }

    @Test("colour cache of every size, with literals and backward references", arguments: 1...11)
    func colorCache(bits: Int) throws {
        let width = 13, height = 9
        let tokens = Self.randomTokens(count: width * height, width: width, cacheBits: bits, seed: UInt64(bits))
        var model = TokenModel(width: width, cacheBits: bits)
        for token in tokens { model.play(token) }
        #expect(tokens.contains { if case .cache = $0 { return true } else { return false } })
        let data = VP8LTestStream.image(width: width, height: height, cacheBits: bits, group: .full(cacheBits: bits),
                                        tokens: tokens)
        let frame = try decodeVP8L(data)
        #expect(frame.damage == nil)
        #expect(argbPixels(frame.image) == model.pixels)
    }

    @Test("colour cache sizes 0 and 12 are rejected", arguments: [0, 12])
    func invalidCacheBits(bits: Int) {
        var writer = VP8LTestWriter()
        writer.header(width: 1, height: 1)
        writer.flag(false)
        writer.flag(true)
        writer.bits(bits, 4)
        writer.bits(0, 32)
        #expect(throws: ZoetropeError.self) { try decodeVP8L(writer.data) }
    }

    @Test("each of the 120 short distance codes copies from the spec's (x, y) offset")
    func planeDistanceCodes() throws {
        let width = 20, height = 12
        let prefix = TestPixels.random(width * 9, seed: 120)
        for code in 1...120 {
            var tokens = prefix.map { TestToken.literal($0) }
            tokens.append(.copy(length: 10, distanceCode: code))
            tokens += TestPixels.random(width * height - width * 9 - 10, seed: UInt64(code)).map { .literal($0) }
            var model = TokenModel(width: width, cacheBits: 0)
            for token in tokens { model.play(token) }
            let frame = try decodeVP8L(VP8LTestStream.image(width: width, height: height, group: .full(), tokens: tokens))
            #expect(argbPixels(frame.image) == model.pixels, "distance code \(code)")
        }
    }

    @Test("long and overlapping copies, large distances, and narrow images where a short code means 1")
    func copies() throws {
        let cases: [(width: Int, tokens: [TestToken])] = [
            (64, [.literal(0x1234_5678), .copy(length: 4094, distanceCode: 121), .literal(1)]),
            (50, TestPixels.random(600, seed: 9).map { .literal($0) } + [.copy(length: 1000, distanceCode: 120 + 599)]
                + [.literal(7), .literal(8)] + [TestToken](repeating: .literal(3), count: 98)),
            (1, [.literal(5), .literal(6), .copy(length: 3, distanceCode: 4), .copy(length: 3, distanceCode: 2)]),
            (2, [.literal(5), .literal(6), .literal(7), .copy(length: 5, distanceCode: 10)]),
        ]
        for (width, tokens) in cases {
            var model = TokenModel(width: width, cacheBits: 0)
            for token in tokens { model.play(token) }
            let height = model.pixels.count / width
            try #require(model.pixels.count == width * height)
            let frame = try decodeVP8L(VP8LTestStream.image(width: width, height: height, group: .full(), tokens: tokens))
            #expect(frame.damage == nil)
            #expect(argbPixels(frame.image) == model.pixels, "width \(width)")
        }
    }

    @Test("meta prefix codes: each tile uses its group, unused groups are read and skipped")
    func metaPrefixCodes() throws {
        let width = 10, height = 7, bits = 2 // 3 × 2 tiles
        let tileGroups = [0, 1, 2, 1, 0, 257]
        let byte = TestPrefixCode.normal([Int](repeating: 8, count: 256))
        let filler = TestCodeGroup(green: .simple([0], alphabetSize: 280), red: .simple([0], alphabetSize: 256),
                                   blue: .simple([0], alphabetSize: 256), alpha: .simple([0], alphabetSize: 256),
                                   distance: .simple([0], alphabetSize: 40))
        var groups = [TestCodeGroup](repeating: filler, count: 258)
        groups[0] = .flatLiterals()
        // Group 1: every code has one symbol, so its pixels take no bits at all.
        groups[1] = TestCodeGroup(green: .simple([0x44], alphabetSize: 280), red: .simple([0x33], alphabetSize: 256),
                                  blue: .simple([0x55], alphabetSize: 256), alpha: .simple([0x80], alphabetSize: 256),
                                  distance: .simple([0], alphabetSize: 40))
        // Group 2: only green varies.
        groups[2] = TestCodeGroup(green: .simple([3, 200], alphabetSize: 280), red: .simple([1], alphabetSize: 256),
                                  blue: .simple([2], alphabetSize: 256), alpha: .simple([255], alphabetSize: 256),
                                  distance: .simple([0], alphabetSize: 40))
        groups[257] = TestCodeGroup(green: TestCodeGroup.flatLiterals().green, red: .simple([9], alphabetSize: 256), blue: byte, alpha: byte,
                                    distance: .simple([0], alphabetSize: 40))
        var writer = VP8LTestWriter()
        writer.header(width: width, height: height)
        writer.flag(false) // no transform
        writer.flag(false) // no cache
        writer.flag(true)
        writer.bits(bits - 2, 3)
        writer.subImage(tileGroups.map { UInt32($0) << 8 })
        for group in groups { group.write(to: &writer) }
        var expected: [UInt32] = []
        var generator = SplitMix64(seed: 77)
        for y in 0..<height {
            for x in 0..<width {
                let group = tileGroups[(y >> bits) * 3 + (x >> bits)]
                let random = UInt32(truncatingIfNeeded: generator.next())
                let argb: UInt32 = switch group {
                case 1: 0x8033_4455
                case 2: 0xff01_0002 | (random & 1 == 0 ? 3 : 200) << 8
                case 257: (random & 0xff00_ffff) | 0x0009_0000
                default: random
                }
                writer.token(.literal(argb), group: groups[group])
                expected.append(argb)
            }
        }
        let frame = try decodeVP8L(writer.data)
        #expect(frame.damage == nil)
        #expect(argbPixels(frame.image) == expected)
    }
}
