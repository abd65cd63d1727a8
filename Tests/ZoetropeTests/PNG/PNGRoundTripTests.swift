import Testing
@testable import Zoetrope

@Suite("PNG round trips")
struct PNGRoundTripTests {
    /// Every colour type with every bit depth it allows, interlaced or not.
    static let formats: [(PNGHeader.ColorType, Int, Bool)] = PNGHeader.ColorType.allCases.flatMap { type in
        type.allowedBitDepths.flatMap { depth in [(type, depth, false), (type, depth, true)] }
    }

    /// RGBA8 expected from raw samples, by the decoding rules (written independently of the decoder).
    static func expectedPixels(header: PNGHeader, samples: [UInt16], plte: [UInt8], trns: [UInt8]?) -> [UInt8] {
        let channels = header.colorType.channels
        let depth = header.bitDepth
        func eight(_ value: UInt16) -> UInt8 {
            depth == 16 ? UInt8(value >> 8) : UInt8(Int(value) * 255 / ((1 << depth) - 1))
        }
        func key(_ index: Int) -> UInt16? {
            guard let trns, trns.count >= 2 * (index + 1) else { return nil }
            return UInt16(trns[2 * index]) << 8 | UInt16(trns[2 * index + 1])
        }
        var out: [UInt8] = []
        for pixel in 0..<header.width * header.height {
            let s = Array(samples[pixel * channels..<(pixel + 1) * channels])
            switch header.colorType {
            case .grey:
                let g = eight(s[0])
                out += [g, g, g, s[0] == key(0) ? 0 : 255]
            case .rgb:
                let transparent = s[0] == key(0) && s[1] == key(1) && s[2] == key(2)
                out += [eight(s[0]), eight(s[1]), eight(s[2]), transparent ? 0 : 255]
            case .palette:
                let i = Int(s[0])
                let alpha = trns.flatMap { i < $0.count ? $0[i] : nil } ?? 255
                out += [plte[3 * i], plte[3 * i + 1], plte[3 * i + 2], alpha]
            case .greyAlpha:
                let g = eight(s[0])
                out += [g, g, g, eight(s[1])]
            case .rgba:
                out += s.map(eight)
            }
        }
        return out
    }

    @Test("raw samples in every colour type, bit depth and interlacing decode as the rules say")
    func everyFormat() throws {
        var rng = SplitMix64(seed: 42)
        for (type, depth, interlaced) in Self.formats {
            for size in [(1, 1), (3, 2), (9, 7), (17, 33)] {
                let header = PNGHeader(width: size.0, height: size.1, bitDepth: depth, colorType: type,
                                       isInterlaced: interlaced)
                let maxSample = UInt16((1 << depth) - 1)
                let paletteSize = Int.random(in: 1...(1 << min(depth, 8)), using: &rng)
                let count = size.0 * size.1 * type.channels
                var samples = (0..<count).map { _ in
                    type == .palette ? UInt16.random(in: 0..<UInt16(paletteSize), using: &rng)
                        : UInt16.random(in: 0...maxSample, using: &rng)
                }
                var plte: [UInt8] = []
                var trns: [UInt8]?
                switch type {
                case .palette:
                    plte = TestData.random(paletteSize * 3, seed: rng.next())
                    trns = TestData.random(Int.random(in: 0...paletteSize, using: &rng), seed: rng.next())
                case .grey:
                    // A colour key that occurs: the first pixel's value.
                    trns = [UInt8(samples[0] >> 8), UInt8(truncatingIfNeeded: samples[0])]
                case .rgb:
                    // Pixel 1 repeats pixel 0, whose colour is the key.
                    if count >= 6 { samples[3] = samples[0]; samples[4] = samples[1]; samples[5] = samples[2] }
                    trns = samples[0..<3].flatMap { [UInt8($0 >> 8), UInt8(truncatingIfNeeded: $0)] }
                default:
                    break
                }
                let bytes = PNGEncoder.encode(header: header, samples: samples, plte: type == .palette ? plte : nil,
                                              trns: trns, level: 6)
                let image = try AnimatedImage(bytes: bytes)
                #expect(image.format == .png)
                #expect(image.frames[0].isInterlaced == interlaced)
                let frame = try image.frame(at: 0)
                let expected = Self.expectedPixels(header: header, samples: samples, plte: plte, trns: trns)
                #expect(frame.pixels == expected, "type \(type) depth \(depth) interlaced \(interlaced) size \(size)")
                #expect(image.warnings.isEmpty)
            }
        }
    }

    /// Random RGBA images of different kinds: opaque, grey, with alpha, few colours, many colours.
    static func randomImage(width: Int, height: Int, kind: Int, rng: inout SplitMix64) -> RGBAImage {
        let palette = (0..<Int.random(in: 1...300, using: &rng)).map { _ in
            (UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng),
             UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng))
        }
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                var (r, g, b, a) = palette[Int.random(in: 0..<palette.count, using: &rng)]
                switch kind {
                case 0: a = 255
                case 1: g = r; b = r; a = 255
                case 2: g = r; b = r
                case 3: (r, g, b, a) = palette[(x / 4 + y / 3) % min(palette.count, 5)]
                default: break
                }
                image[x, y] = (r, g, b, a)
            }
        }
        return image
    }

    @Test("RGBA images survive encode and decode exactly, at several levels, interlaced or not")
    func rgbaRoundTrip() throws {
        var rng = SplitMix64(seed: 7)
        for trial in 0..<40 {
            let width = Int.random(in: 1...60, using: &rng), height = Int.random(in: 1...40, using: &rng)
            let image = Self.randomImage(width: width, height: height, kind: trial % 5, rng: &rng)
            let level = [0, 1, 6, 9][trial % 4]
            let interlaced = trial % 3 == 0
            let bytes = PNGEncoder.encode(image, level: level, interlaced: interlaced)
            let decoded = try AnimatedImage(bytes: bytes).frame(at: 0)
            #expect(decoded == image, "trial \(trial): \(width)×\(height) kind \(trial % 5) level \(level)")
        }
    }

    @Test("the encoder picks a compact colour type")
    func colourTypeChoice() throws {
        var rng = SplitMix64(seed: 3)
        func colorType(_ image: RGBAImage) -> UInt8 { PNGEncoder.encode(image)[25] }
        #expect(colorType(Self.randomImage(width: 30, height: 30, kind: 1, rng: &rng)) == 0)  // grey
        #expect(colorType(Self.randomImage(width: 30, height: 30, kind: 3, rng: &rng)) == 3)  // palette
        var opaque = RGBAImage(width: 20, height: 20)
        var translucent = RGBAImage(width: 20, height: 20)
        for y in 0..<20 {
            for x in 0..<20 {
                opaque[x, y] = (UInt8(x * 12), UInt8(y * 12), UInt8(truncatingIfNeeded: x * y), 255)
                translucent[x, y] = (UInt8(x * 12), UInt8(y * 12), UInt8(truncatingIfNeeded: x * y), UInt8(x + y))
            }
        }
        #expect(colorType(opaque) == 2)
        #expect(colorType(translucent) == 6)
    }

    @Test("opaque-or-clear images with many colours take RGB with a tRNS colour key, exactly")
    func colourKey() throws {
        // 400 colours (too many for a palette), some pixels fully transparent as (0, 0, 0, 0).
        var image = RGBAImage(width: 20, height: 20)
        for y in 0..<20 {
            for x in 0..<20 { image[x, y] = (x + y) % 7 == 0 ? (0, 0, 0, 0) : (UInt8(x * 12 + 1), UInt8(y * 12), 9, 255) }
        }
        let bytes = PNGEncoder.encode(image)
        #expect(bytes[25] == 2)
        let trns = Array("tRNS".utf8)
        #expect(bytes.indices.dropLast(3).contains { Array(bytes[$0..<$0 + 4]) == trns })
        #expect(try AnimatedImage(bytes: bytes).frame(at: 0) == image) // the key is black, unused by opaque pixels
        // A key colour used by an opaque pixel cannot be the key: another one is found, and the
        // transparent pixels decode with that colour and alpha 0.
        image[1, 1] = (0, 0, 0, 255)
        image[2, 2] = (0, 0, 1, 0)
        image[3, 3] = (0, 0, 1, 0)
        for y in 0..<20 { for x in 0..<20 where image[x, y].3 == 0 { image[x, y] = (0, 0, 1, 0) } }
        let keyed = PNGEncoder.encode(image)
        #expect(keyed[25] == 2)
        #expect(try AnimatedImage(bytes: keyed).frame(at: 0) == image)
        // Transparent pixels of two colours cannot share a key: RGBA keeps both exactly.
        image[2, 2] = (5, 5, 5, 0)
        let mixed = PNGEncoder.encode(image)
        #expect(mixed[25] == 6)
        #expect(try AnimatedImage(bytes: mixed).frame(at: 0) == image)
        // Partial alpha needs an alpha channel.
        image[2, 2] = (0, 0, 1, 128)
        #expect(PNGEncoder.encode(image)[25] == 6)
        // Grey with every level and clear pixels: no grey is free for a key, so grey + alpha.
        var grey = RGBAImage(width: 256, height: 2)
        for x in 0..<256 { grey[x, 0] = (UInt8(x), UInt8(x), UInt8(x), 255); grey[x, 1] = x % 3 == 0 ? (0, 0, 0, 0) : grey[x, 0] }
        let greyBytes = PNGEncoder.encode(grey)
        #expect(greyBytes[25] == 4)
        #expect(try AnimatedImage(bytes: greyBytes).frame(at: 0) == grey)
    }

    @Test("compression levels trade size for speed; adaptive filters beat no filter on gradients")
    func levels() throws {
        var image = RGBAImage(width: 128, height: 128)
        for y in 0..<128 {
            for x in 0..<128 { image[x, y] = (UInt8(x * 2), UInt8(y * 2), UInt8((x + y) & 255), 255) }
        }
        let stored = PNGEncoder.encode(image, level: 0).count
        let best = PNGEncoder.encode(image, level: 9).count
        #expect(stored > 128 * 128 * 3)
        #expect(best < stored / 10)
        let header = PNGHeader(width: 128, height: 128, bitDepth: 8, colorType: .rgba, isInterlaced: false)
        let unfiltered = Zlib.compress(
            (0..<128).flatMap { y in [UInt8(0)] + image.pixels[y * 512..<(y + 1) * 512] }, level: 9).count
        let filtered = PNGWriter.compressedImageData(header: header, width: 128, height: 128, level: 9) { y, x0, dx, count, out in
            for i in 0..<count * 4 { out[i] = image.pixels[(y * 128 + x0) * 4 + i] }
        }.count
        #expect(filtered < unfiltered)
    }
}
