import Foundation
import Zoetrope

/// `generate DIR`: the benchmark files only Zoetrope's own encoder can make here — APNG, which
/// Debian's libpng can neither write nor read (so these are measured for Zoetrope alone). GIF and
/// PNG files come from the C reference's `generate`, written by giflib and libpng.
enum GenerateMode {
    static func run(_ arguments: [String]) -> Int32 {
        guard let folder = arguments.first else {
            print("usage: generate DIR")
            return 64
        }
        do {
            // A sticker: a sprite moving over a still background (the encoder keeps only what changes).
            try write(folder, "apng-sticker-256x256-30f.png", frames(width: 256, height: 256, count: 30, fullMotion: false))
            // A chat-sized animation whose every pixel changes each frame, with soft alpha.
            try write(folder, "apng-chat-400x300-24f.png", frames(width: 400, height: 300, count: 24, fullMotion: true))
            return 0
        } catch {
            print("generate: \(error)")
            return 1
        }
    }

    private static func write(_ folder: String, _ name: String, _ frames: [RGBAImage]) throws {
        let bytes = try APNGEncoder.encode(frames: frames, durations: Array(repeating: .milliseconds(40), count: frames.count),
                                           playCount: .infinite)
        try FileBytes.write(bytes, to: folder + "/" + name)
        print(folder + "/" + name)
    }

    /// Deterministic frames: a gradient background and a moving disc; with `fullMotion` the
    /// background shifts too and its alpha varies, so whole frames change.
    private static func frames(width: Int, height: Int, count: Int, fullMotion: Bool) -> [RGBAImage] {
        (0..<count).map { t in
            var image = RGBAImage(width: width, height: height)
            let phase = 2 * Double.pi * Double(t) / Double(count)
            let cx = Double(width) * (0.5 + 0.35 * cos(phase)), cy = Double(height) * (0.5 + 0.35 * sin(2 * phase))
            let radius = Double(min(width, height)) / 8
            let shift = fullMotion ? t * 5 : 0
            image.withUnsafeMutablePixels { pixels in
                for y in 0..<height {
                    for x in 0..<width {
                        let i = (y * width + x) * 4
                        let dx = Double(x) - cx, dy = Double(y) - cy
                        if dx * dx + dy * dy < radius * radius {
                            pixels[i] = 240; pixels[i + 1] = UInt8(60 + t * 4 % 180); pixels[i + 2] = 40; pixels[i + 3] = 255
                        } else {
                            pixels[i] = UInt8((x + shift) * 255 / width % 256)
                            pixels[i + 1] = UInt8(y * 255 / height)
                            pixels[i + 2] = UInt8((x + y + shift) % 256)
                            pixels[i + 3] = fullMotion ? UInt8(128 + (x + y + shift) % 128) : 255
                        }
                    }
                }
            }
            return image
        }
    }
}
