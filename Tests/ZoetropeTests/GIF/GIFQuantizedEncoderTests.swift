import Testing
@testable import Zoetrope

/// Peak signal-to-noise ratio of the RGB channels of two equally sized opaque images, in dB.
func psnr(_ a: RGBAImage, _ b: RGBAImage) -> Double {
    var squared = 0.0, count = 0
    for index in stride(from: 0, to: a.pixels.count, by: 4) {
        for channel in 0..<3 {
            let delta = Double(Int(a.pixels[index + channel]) - Int(b.pixels[index + channel]))
            squared += delta * delta
            count += 1
        }
    }
    guard squared > 0 else { return .infinity }
    let mse = squared / Double(count)
    // 10·log10(255² / mse), with log10 from the exponent and a series (no Foundation here).
    return 10 * log10(255 * 255 / mse)
}

/// log10 for positive finite values, by halving into 1…2 and the atanh series of ln.
private func log10(_ value: Double) -> Double {
    var x = value, exponent = 0.0
    while x >= 2 { x /= 2; exponent += 1 }
    while x < 1 { x *= 2; exponent -= 1 }
    let y = (x - 1) / (x + 1)
    var term = y, sum = 0.0
    for power in stride(from: 1, through: 41, by: 2) {
        sum += term / Double(power)
        term *= y * y
    }
    return (2 * sum + exponent * 0.693_147_180_559_945_3) / 2.302_585_092_994_045_7
}

@Suite("GIF encoder: quantisation and differencing")
struct GIFQuantizedEncoderTests {
    /// A pan across the synthetic photograph: every pixel changes every frame.
    private func pan(frames: Int, width: Int = 96, height: Int = 64) -> [RGBAImage] {
        (0..<frames).map { SyntheticPhotograph.image(width: width, height: height, originX: 3 * $0, originY: $0) }
    }

    private func decode(_ bytes: [UInt8]) throws -> [RGBAImage] {
        try GIFFixtures.sequentialFrames(AnimatedImage(bytes: bytes))
    }

    @Test("a true-colour pan is quantised with a PSNR above 30 dB in every mode", arguments: [
        GIFEncoder.Options(), GIFEncoder.Options(dither: .none), GIFEncoder.Options(dither: .errorDiffusion),
        GIFEncoder.Options(palette: .global), GIFEncoder.Options(palette: .perFrame), GIFEncoder.Options(maximumColors: 64),
    ])
    func quantisedPan(_ options: GIFEncoder.Options) throws {
        let frames = pan(frames: 4)
        let decoded = try decode(GIFEncoder.encode(frames: frames, durations: [.milliseconds(50)], playCount: .infinite, options: options))
        #expect(decoded.count == frames.count)
        let bound = options.maximumColors == 64 ? 27.0 : 30.0
        for (index, (source, result)) in zip(frames, decoded).enumerated() {
            #expect(result.isOpaque)
            let quality = psnr(source, result)
            #expect(quality > bound, "frame \(index): \(quality) dB")
            var colors = Set<UInt32>()
            for pixel in 0..<result.width * result.height { colors.insert(GIFFrameMaker.rgb(result, pixel)) }
            #expect(colors.count <= options.maximumColors * (options.palette == .global ? 1 : 2))
        }
    }

    @Test("a still photograph is quantised with a PSNR above 36 dB")
    func betterThanCube() throws {
        let photo = SyntheticPhotograph.image(width: 128, height: 96)
        let decoded = try decode(GIFEncoder.encode(frames: [photo], durations: [.milliseconds(50)], playCount: .finite(1)))
        #expect(psnr(photo, decoded[0]) > 36)
    }

    @Test("an opaque animation with few colours is differenced: small rectangles, same frames")
    func differencing() throws {
        var frames: [RGBAImage] = []
        for number in 0..<6 {
            var frame = RGBAImage(width: 64, height: 48)
            for y in 0..<48 { for x in 0..<64 { frame[x, y] = (UInt8(x / 8 * 30), UInt8(y / 8 * 40), 90, 255) } }
            for y in 10..<20 { for x in 5 * number..<5 * number + 8 { frame[x, y] = (255, 0, UInt8(number * 40), 255) } }
            frames.append(frame)
        }
        let bytes = try GIFEncoder.encode(frames: frames, durations: [.milliseconds(40)], playCount: .infinite)
        let image = try AnimatedImage(bytes: bytes)
        #expect(try GIFFixtures.sequentialFrames(image) == frames)
        #expect(image.frames.dropFirst().allSatisfy { $0.rect.width <= 13 && $0.rect.height == 10 }, "\(image.frames.map(\.rect))")
        let whole = try GIFEncoder.encode(frames: frames, durations: [.milliseconds(40)], playCount: .infinite, options: .init(palette: .perFrame))
        #expect(try decode(whole) == frames)
    }

    @Test("pixels whose input does not change keep their colour in quantised animations")
    func temporalStability() throws {
        // The left half stays, the right half pans: the left half must decode identically every frame.
        let frames = (0..<4).map { number -> RGBAImage in
            var frame = SyntheticPhotograph.image(width: 80, height: 40)
            let moving = SyntheticPhotograph.image(width: 40, height: 40, originX: 200 + 5 * number, seed: 9)
            for y in 0..<40 { for x in 40..<80 { frame[x, y] = moving[x - 40, y] } }
            return frame
        }
        for dither in [GIFEncoder.Options.Dither.errorDiffusion, .ordered, .none] {
            let bytes = try GIFEncoder.encode(frames: frames, durations: [.milliseconds(40)], playCount: .infinite, options: .init(dither: dither))
            let image = try AnimatedImage(bytes: bytes)
            let decoded = try GIFFixtures.sequentialFrames(image)
            for frame in decoded.dropFirst() {
                for y in 0..<40 { for x in 0..<40 { #expect(frame[x, y] == decoded[0][x, y]) } }
            }
            #expect(image.frames.dropFirst().allSatisfy { $0.rect.x >= 40 }, "\(dither): \(image.frames.map(\.rect))")
        }
    }

    @Test("a frame of exactly 256 colours in an animation of more is still exact")
    func fullTable() throws {
        var first = RGBAImage(width: 16, height: 16), second = first
        for y in 0..<16 {
            for x in 0..<16 {
                first[x, y] = (UInt8(x * 16), UInt8(y * 16), 1, 255)
                second[x, y] = (UInt8(y * 16), 2, UInt8(x * 16), 255)
            }
        }
        let frames = [first, second, first]
        #expect(try decode(GIFEncoder.encode(frames: frames, durations: [.milliseconds(40)], playCount: .infinite)) == frames)
    }

    @Test("lossy LZW makes smaller files that still decode close to the source, more so as it rises")
    func lossy() throws {
        let frames = pan(frames: 3, width: 128, height: 96)
        var sizes: [Int] = []
        for level in [0, 30, 90] {
            let bytes = try GIFEncoder.encode(frames: frames, durations: [.milliseconds(50)], playCount: .infinite,
                                              options: .init(lossy: level))
            let decoded = try decode(bytes)
            for (source, result) in zip(frames, decoded) {
                let quality = psnr(source, result)
                #expect(quality > (level == 90 ? 26 : 30), "lossy \(level): \(quality) dB")
            }
            sizes.append(bytes.count)
        }
        #expect(sizes[1] < sizes[0] && sizes[2] < sizes[1], "\(sizes)")
        // A lossless rewrite of few colours far apart changes nothing.
        var flat = RGBAImage(width: 20, height: 20)
        for y in 0..<20 { for x in 0..<20 { flat[x, y] = ((x + y) % 2 == 0 ? (255, 0, 0, 255) : (0, 0, 255, 255)) } }
        #expect(try decode(GIFEncoder.encode(frames: [flat], durations: [.zero], playCount: .infinite, options: .init(lossy: 200))) == [flat])
    }

    @Test("hostile shapes and colour counts encode without crashing", arguments: [1, 2, 256])
    func hostile(_ colors: Int) throws {
        let options = GIFEncoder.Options(maximumColors: colors)
        var one = RGBAImage(width: 1, height: 1)
        one[0, 0] = (1, 2, 3, 255)
        #expect(try decode(GIFEncoder.encode(frames: [one, one], durations: [.zero], playCount: .infinite, options: options)).count == 2)
        var all = RGBAImage(width: 512, height: 512)
        for y in 0..<512 { for x in 0..<512 { all[x, y] = (UInt8(x & 0xFF), UInt8(y & 0xFF), UInt8((x >> 8) << 4 | (y >> 8) << 6 | (x ^ y) & 15), x == y ? 0 : 255) } }
        let decoded = try decode(GIFEncoder.encode(frames: [all, one.resized(like: all)], durations: [.zero], playCount: .infinite, options: options))
        #expect(decoded.count == 2 && decoded[0][3, 3].a == 0 && decoded[0][4, 3].a == 255)
        #expect(throws: ZoetropeError.self) { try GIFEncoder.encode(frames: [], durations: [], playCount: .infinite, options: options) }
        var unclamped = options
        unclamped.maximumColors = 100_000
        unclamped.lossy = .max
        #expect(try decode(GIFEncoder.encode(frames: [all], durations: [.zero], playCount: .infinite, options: unclamped)).count == 1)
        unclamped.maximumColors = -5
        unclamped.lossy = .min
        #expect(try decode(GIFEncoder.encode(frames: [all], durations: [.zero], playCount: .infinite, options: unclamped)).count == 1)
        // An empty canvas is refused, as by every encoder (EncodingRules), not crashed on.
        let empty = RGBAImage(width: 0, height: 0)
        #expect(throws: ZoetropeError.self) { try GIFEncoder.encode(frames: [empty], durations: [.zero], playCount: .infinite, options: options) }
    }
}

private extension RGBAImage {
    /// A canvas the size of `other` filled with this image's first pixel.
    func resized(like other: RGBAImage) -> RGBAImage {
        var image = RGBAImage(width: other.width, height: other.height)
        for y in 0..<other.height { for x in 0..<other.width { image[x, y] = self[0, 0] } }
        return image
    }
}
