import Foundation
import Zoetrope

/// `generate-quality DIR` and `psnr SOURCE RESULT`: the inputs and the measure of
/// `scripts/encode-quality`, which compares Zoetrope's GIF encoder with ffmpeg's
/// palettegen/paletteuse and gifsicle.
enum QualityMode {
    static let size = PixelSize(width: 480, height: 270)
    static let frameCount = 30

    /// The animations: a pan across a photograph-like plane, a slowly shifting smooth gradient, and
    /// an animation of few colours (a moving shape over flat bands).
    static let animations: [(name: String, frame: @Sendable (Int) -> RGBAImage)] = [
        ("pan", { SyntheticPhotograph.image(width: size.width, height: size.height, originX: 4 * $0, originY: $0) }),
        ("gradient", gradient),
        ("few", fewColors),
    ]

    /// Writes DIR/NAME.png (APNG, exact) and DIR/NAME/NNN.png (one PNG per frame, for ffmpeg).
    static func generate(_ arguments: [String]) -> Int32 {
        guard let folder = arguments.first else {
            print("usage: generate-quality DIR")
            return 64
        }
        do {
            for animation in animations {
                let frames = (0..<frameCount).map(animation.frame)
                let directory = folder + "/" + animation.name
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                for (index, frame) in frames.enumerated() {
                    let name = String(index + 1000).dropFirst()
                    try Data(PNGEncoder.encode(frame, level: 1)).write(to: URL(fileURLWithPath: "\(directory)/\(name).png"))
                }
                let apng = try APNGEncoder.encode(frames: frames, durations: Array(repeating: .milliseconds(40), count: frames.count), playCount: .infinite, level: 1)
                try Data(apng).write(to: URL(fileURLWithPath: "\(folder)/\(animation.name).png"))
                print("\(folder)/\(animation.name).png")
            }
            return 0
        } catch {
            print("generate-quality: \(error)")
            return 1
        }
    }

    /// Prints the PSNR (dB) of RESULT's frames against SOURCE's, over all frames' RGB.
    static func psnr(_ arguments: [String]) -> Int32 {
        guard arguments.count == 2 else {
            print("usage: psnr SOURCE RESULT")
            return 64
        }
        do {
            let source = try frames(arguments[0]), result = try frames(arguments[1])
            guard source.count == result.count, zip(source, result).allSatisfy({ $0.size == $1.size }) else {
                print("psnr: \(source.count) and \(result.count) frames, or sizes differ")
                return 1
            }
            var squared = 0.0, count = 0.0
            for (a, b) in zip(source, result) {
                for index in stride(from: 0, to: a.pixels.count, by: 4) {
                    for channel in 0..<3 {
                        let delta = Double(Int(a.pixels[index + channel]) - Int(b.pixels[index + channel]))
                        squared += delta * delta
                    }
                }
                count += Double(a.width * a.height * 3)
            }
            print(squared == 0 ? "inf" : String(format: "%.2f", 10 * log10(255 * 255 / (squared / count))))
            return 0
        } catch {
            print("psnr: \(error)")
            return 1
        }
    }

    private static func frames(_ path: String) throws -> [RGBAImage] {
        let image = try AnimatedImage(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        var frames: [RGBAImage] = []
        try image.forEachFrame { _, frame in frames.append(frame) }
        return frames
    }

    private static func gradient(_ index: Int) -> RGBAImage {
        var image = RGBAImage(width: size.width, height: size.height)
        let shift = Double(index) / Double(frameCount)
        for y in 0..<size.height {
            for x in 0..<size.width {
                let u = Double(x) / Double(size.width - 1), v = Double(y) / Double(size.height - 1)
                let red = 255 * (0.5 + 0.5 * sin(2 * .pi * (u + shift)))
                let green = 255 * v
                let blue = 255 * (0.5 + 0.5 * cos(2 * .pi * (u * 0.7 + v * 0.5 - shift)))
                image[x, y] = (UInt8(red.rounded()), UInt8(green.rounded()), UInt8(blue.rounded()), 255)
            }
        }
        return image
    }

    private static func fewColors(_ index: Int) -> RGBAImage {
        var image = RGBAImage(width: size.width, height: size.height)
        for y in 0..<size.height {
            for x in 0..<size.width {
                let band = (x / 40 + y / 30) % 12
                image[x, y] = (UInt8(band * 20), UInt8(200 - band * 12), UInt8(band * 7 + 40), 255)
                let dx = x - (40 + 12 * index), dy = y - 135
                if dx * dx + dy * dy < 900 { image[x, y] = (250, UInt8(100 + index * 4), 30, 255) }
            }
        }
        return image
    }
}
