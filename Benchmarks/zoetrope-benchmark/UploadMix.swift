import Foundation
import Zoetrope

/// `generate-uploads DIR`: what a chat service's users upload, for the server's load test and the
/// thumbnail comparison with libvips (scripts/load-server, docs/benchmarks.md):
/// - `pan-480x270-48f.gif`: a camera pan over a photograph-like scene, quantised and dithered, 40 ms;
/// - `clip-640x360-60f.gif`: a larger, longer pan, 30 ms frames (thumbnails drop some);
/// - `sticker-240x240-24f.gif`: a few-colour sticker on a transparent background, 60 ms;
/// - `gradients-320x240-40f.png`: an APNG of drifting gradients, 20 ms frames;
/// - `sprite-320x240-40f.webp`: a lossless WebP of a ball over a still scene, 50 ms;
/// and the hostile ones, refused from their headers: `bomb-canvas.gif` (a 65535×65535 canvas in
/// 40 bytes) and `bomb-frames.gif` (20 000 frames).
enum UploadMix {
    static func run(_ arguments: [String]) -> Int32 {
        guard let folder = arguments.first else {
            print("usage: generate-uploads DIR")
            return 64
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let scene = Scene(width: 640 + 3 * 60, height: 360, seed: 11)
            try write(folder, "pan-480x270-48f.gif", try GIFEncoder.encode(
                frames: (0..<48).map { scene.crop(x: 3 * $0, y: 40, width: 480, height: 270) },
                durations: [.milliseconds(40)], playCount: .infinite))
            try write(folder, "clip-640x360-60f.gif", try GIFEncoder.encode(
                frames: (0..<60).map { scene.crop(x: 3 * $0, y: 0, width: 640, height: 360) },
                durations: [.milliseconds(30)], playCount: .infinite))
            try write(folder, "sticker-240x240-24f.gif", try GIFEncoder.encode(
                frames: (0..<24).map(sticker), durations: [.milliseconds(60)], playCount: .infinite))
            try write(folder, "gradients-320x240-40f.png", try APNGEncoder.encode(
                frames: (0..<40).map(gradient), durations: Array(repeating: .milliseconds(20), count: 40),
                playCount: .infinite, level: 6))
            let background = Scene(width: 320, height: 240, seed: 3).crop(x: 0, y: 0, width: 320, height: 240)
            try write(folder, "sprite-320x240-40f.webp", try WebPEncoder.encode(
                frames: (0..<40).map { ball(on: background, t: $0) }, durations: Array(repeating: .milliseconds(50), count: 40),
                playCount: .infinite, level: 4))
            try write(folder, "bomb-canvas.gif", gifHeader(65_535, 65_535) + tinyFrame(65_535, 65_535) + [0x3B])
            try write(folder, "bomb-frames.gif", gifHeader(1, 1) + Array((0..<20_000).map { _ in tinyFrame(1, 1) }.joined()) + [0x3B])
            return 0
        } catch {
            print("generate-uploads: \(error)")
            return 1
        }
    }

    private static func write(_ folder: String, _ name: String, _ bytes: [UInt8]) throws {
        try FileBytes.write(bytes, to: folder + "/" + name)
        print(folder + "/" + name)
    }

    /// A six-colour star that turns and pulses on a transparent background.
    private static func sticker(_ t: Int) -> RGBAImage {
        var image = RGBAImage(width: 240, height: 240)
        let phase = Double(t) / 24 * 2 * Double.pi
        for y in 0..<240 {
            for x in 0..<240 {
                let dx = Double(x) - 120, dy = Double(y) - 120
                let angle = atan2(dy, dx) + phase, radius = (dx * dx + dy * dy).squareRoot()
                let edge = 70 + 25 * cos(5 * angle) + 8 * sin(phase * 2)
                guard radius < edge else { continue }
                let band = Int(radius / edge * 3)
                let colours: [(UInt8, UInt8, UInt8)] = [(255, 214, 0), (255, 140, 0), (220, 40, 60)]
                let c = radius > edge - 4 ? (30, 30, 30) : colours[min(2, band)]
                image[x, y] = (c.0, c.1, c.2, 255)
            }
        }
        return image
    }

    private static func gradient(_ t: Int) -> RGBAImage {
        var image = RGBAImage(width: 320, height: 240)
        let phase = Double(t) / 40 * 2 * Double.pi
        for y in 0..<240 {
            for x in 0..<320 {
                let u = Double(x) / 320, v = Double(y) / 240
                image[x, y] = (TrueColorAnimations.channel(0.5 + 0.5 * sin(phase + 3 * u)),
                               TrueColorAnimations.channel(0.5 + 0.5 * sin(phase * 0.7 + 2.5 * v + 1)),
                               TrueColorAnimations.channel(0.5 + 0.5 * cos(phase * 1.3 + 4 * (u - v))), 255)
            }
        }
        return image
    }

    private static func ball(on background: RGBAImage, t: Int) -> RGBAImage {
        var image = background
        let phase = Double(t) / 40 * 2 * Double.pi
        let cx = 160 + 96 * cos(phase), cy = 120 + 72 * sin(phase)
        for y in 0..<240 {
            for x in 0..<320 {
                let dx = (Double(x) - cx) / 36, dy = (Double(y) - cy) / 36
                guard dx * dx + dy * dy < 1 else { continue }
                let light = max(0, 0.35 - 0.6 * dx - 0.6 * dy + 0.65 * (1 - dx * dx - dy * dy).squareRoot())
                image[x, y] = (TrueColorAnimations.channel(0.9 * light + 0.1), TrueColorAnimations.channel(0.35 * light),
                               TrueColorAnimations.channel(0.2 * light), 255)
            }
        }
        return image
    }

    private static func gifHeader(_ width: Int, _ height: Int) -> [UInt8] {
        Array("GIF89a".utf8) + le16(width) + le16(height) + [0x80, 0, 0, 0, 0, 0, 255, 255, 255]
    }

    /// An image descriptor with LZW data for one pixel of index 0.
    private static func tinyFrame(_ width: Int, _ height: Int) -> [UInt8] {
        [0x2C, 0, 0, 0, 0] + le16(width) + le16(height) + [0, 2, 2, 0x44, 0x01, 0]
    }

    private static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
}
