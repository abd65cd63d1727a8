import Testing
@testable import Zoetrope

@Suite("Lossy WebP encoder")
struct WebPLossyEncoderTests {
    /// A synthetic photograph with a sharp-edged shape on it (edges, flat areas and texture).
    static func photo(width: Int, height: Int, seed: UInt64 = 3) -> RGBAImage {
        var image = SyntheticPhotograph.image(width: width, height: height, seed: seed)
        for y in 0..<height {
            for x in 0..<width where (x - width / 3) * (x - width / 3) + (y - height / 2) * (y - height / 2) < width * height / 16 {
                image[x, y] = (230, 40, 30, 255)
            }
        }
        return image
    }

    /// `image` with an alpha ramp from transparent (left) to opaque, and a fully transparent band.
    static func translucent(_ image: RGBAImage) -> RGBAImage {
        var out = image
        for y in 0..<image.height {
            for x in 0..<image.width {
                var pixel = image[x, y]
                pixel.a = y > image.height / 3 && y < image.height / 2 ? 0 : UInt8(min(255, x * 255 / max(1, image.width - 1)))
                out[x, y] = pixel
            }
        }
        return out
    }

    static func decode(_ bytes: [UInt8]) throws -> RGBAImage { try WebPEncoderTests.decodeStill(bytes) }

    @Test("stills of several sizes decode with our decoder and with dwebp to the same pixels, close to the source",
          LibWebPTools.requirement, arguments: [0, 2, 4, 6])
    func stills(method: Int) throws {
        for (width, height) in [(1, 1), (16, 16), (17, 33), (97, 61), (160, 120)] {
            let source = Self.photo(width: width, height: height)
            let bytes = WebPLossyWriter.still(source, settings: VP8EncoderSettings(quality: 75, method: method), alphaQuality: 100)
            let ours = try Self.decode(bytes)
            let reference = try #require(try LibWebPTools.decode(bytes), "dwebp rejected \(width)×\(height) m\(method)")
            #expect(reference.pixels == ours.pixels, "\(width)×\(height) method \(method)")
            // The red disc's edges cost the most in small pictures (chroma is subsampled).
            let floor = width * height >= 2000 ? 28.0 : 24.0
            if width * height >= 256 { #expect(rgbPSNR(ours, source) > floor, "\(width)×\(height) method \(method): \(rgbPSNR(ours, source)) dB") }
        }
    }

    @Test("method 0 codes its tokens as it goes after the first 50 macroblocks' statistics, skipping empty ones, and dwebp reads it",
          LibWebPTools.requirement)
    func directTokenCoding() throws {
        // 16×4 macroblocks: most of the first three rows flat grey (empty macroblocks, so that the
        // skip flag pays), the rest busy.
        let photo = Self.photo(width: 256, height: 64)
        var pixels = photo.pixels
        for y in 0..<48 { for x in 64..<256 { for c in 0..<3 { pixels[(y * 256 + x) * 4 + c] = 128 } } }
        let source = RGBAImage(width: 256, height: 64, pixels: pixels)
        let encoder = VP8FrameEncoder(planes: RGBAToYUV.convert(source), settings: VP8EncoderSettings(quality: 75, method: 0))
        let body = WebPFileWriter.chunk(RIFFChunk.vp8, encoder.encode())
        #expect(encoder.tokenCoders?.count == 1)
        #expect(encoder.skipsEmpty && encoder.writtenHeader?.skipProbability != nil)
        let bytes = WebPFileWriter.riffHeader(bodySize: body.count) + body
        let ours = try Self.decode(bytes)
        let reference = try #require(try LibWebPTools.decode(bytes), "dwebp rejected the frame")
        #expect(reference.pixels == ours.pixels)
        #expect(rgbPSNR(ours, source) > 28)
    }

    @Test("quality orders size and fidelity: higher quality, larger file, smaller error")
    func qualityOrdersSize() throws {
        let source = Self.photo(width: 128, height: 96)
        var previous: (size: Int, psnr: Double)?
        for quality in [10.0, 50, 75, 95] {
            let bytes = WebPLossyWriter.still(source, settings: VP8EncoderSettings(quality: quality, method: 4), alphaQuality: 100)
            let psnr = rgbPSNR(try Self.decode(bytes), source)
            if let previous {
                #expect(bytes.count > previous.size, "q\(quality)")
                #expect(psnr > previous.psnr, "q\(quality)")
            }
            previous = (bytes.count, psnr)
        }
    }
}
