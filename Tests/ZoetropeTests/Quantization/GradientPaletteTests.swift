import Foundation
import Testing
@testable import Zoetrope

/// Smooth gradients of a few hundred shades, which fall in a quarter as many 6-bit histogram
/// cells: the palette spends every entry on them (exact colours counted), and GIF output is at
/// least as close to the source as ffmpeg's `palettegen`/`paletteuse` on the same frames.
@Suite("Palettes for smooth gradients")
struct GradientPaletteTests {
    /// A two-colour diagonal gradient (from `start` to `end`), shifted by `phase` pixels: about
    /// 380 shades, in under 100 cells of the 6-bit histogram.
    static func gradient(width: Int = 320, height: Int = 240, phase: Int = 0) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        let start = (30.0, 200.0, 90.0), end = (220.0, 40.0, 160.0)
        let span = Double(width + height - 2)
        for y in 0..<height {
            for x in 0..<width {
                let t = Double((x + y + phase) % (width + height - 1)) / span
                image[x, y] = (UInt8((start.0 + (end.0 - start.0) * t).rounded()), UInt8((start.1 + (end.1 - start.1) * t).rounded()),
                               UInt8((start.2 + (end.2 - start.2) * t).rounded()), 255)
            }
        }
        return image
    }

    @Test("a gradient of more shades than entries but fewer cells gets a full palette")
    func everyEntryUsed() {
        let image = Self.gradient()
        var histogram = ColorHistogram()
        histogram.add(image)
        #expect(histogram.weightedColors().count < 256) // the cells alone could fill only part of the palette
        #expect(histogram.weightedColors(forPaletteOf: 256).count > 256)
        #expect(ColorQuantizer.palette(for: histogram, maximumColors: 256).colors.count == 256)
    }

    static func psnr(_ a: [RGBAImage], _ b: [RGBAImage]) -> Double {
        var squared = 0.0, count = 0
        for (x, y) in zip(a, b) {
            for offset in stride(from: 0, to: x.pixels.count, by: 4) {
                for channel in 0..<3 {
                    let delta = Double(x.pixels[offset + channel]) - Double(y.pixels[offset + channel])
                    squared += delta * delta
                    count += 1
                }
            }
        }
        return squared == 0 ? .infinity : 10 * log10(255 * 255 / (squared / Double(count)))
    }

    @Test("GIF of a moving gradient is at least as close to the source as ffmpeg's palettegen/paletteuse",
          ReferenceDecoders.requirement)
    func atLeastFFmpeg() throws {
        let ffmpeg = try #require(ReferenceDecoders.ffmpeg)
        let frames = (0..<8).map { Self.gradient(phase: $0 * 20) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-gradient-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let ours = folder.appendingPathComponent("ours.gif"), theirs = folder.appendingPathComponent("ffmpeg.gif")
        try Data(try GIFEncoder.encode(frames: frames, durations: [.milliseconds(100)], playCount: .infinite)).write(to: ours)
        let raw = folder.appendingPathComponent("frames.rgba")
        try Data(frames.flatMap(\.pixels)).write(to: raw)
        _ = try ReferenceDecoders.run(ffmpeg, ["-v", "error", "-nostdin", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "320x240", "-r", "10",
                                               "-i", raw.path, "-vf", "split[a][b];[a]palettegen[p];[b][p]paletteuse", theirs.path])
        let size = PixelSize(width: 320, height: 240)
        let oursDecoded = try ReferenceDecoders.ffmpegFrames(ours, size: size)
        let theirsDecoded = try ReferenceDecoders.ffmpegFrames(theirs, size: size)
        #expect(oursDecoded.count == 8 && theirsDecoded.count == 8)
        let (oursPSNR, theirsPSNR) = (Self.psnr(frames, oursDecoded), Self.psnr(frames, theirsDecoded))
        #expect(oursPSNR >= theirsPSNR - 0.1, "Zoetrope \(oursPSNR) dB, ffmpeg \(theirsPSNR) dB")
        #expect(oursPSNR > 55, "Zoetrope \(oursPSNR) dB")
    }
}
