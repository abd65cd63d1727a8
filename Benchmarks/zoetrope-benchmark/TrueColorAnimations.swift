import Foundation
import Zoetrope

/// `generate-truecolor DIR`: true-colour animations for the encoders' size and quality figures
/// (issue 15), written losslessly as APNG so every tool starts from the same frames:
/// - `pan-480x270-40f.png`: a camera pan across a photograph-like scene (fractal noise shaped
///   into sky, hills and texture, with fine grain), two pixels a frame;
/// - `gradients-320x240-40f.png`: smooth full-frame colour gradients whose hues drift, the case
///   fixed palettes band on;
/// - `sprite-320x240-40f.png`: a shaded ball moving over a still photograph-like background, the
///   case frame differencing wins on.
enum TrueColorAnimations {
    static func run(_ arguments: [String]) -> Int32 {
        guard let folder = arguments.first else {
            print("usage: generate-truecolor DIR")
            return 64
        }
        let delays = Array(repeating: Duration.milliseconds(50), count: 40)
        do {
            let scene = Scene(width: 480 + 2 * 40, height: 270, seed: 7)
            try write(folder, "pan-480x270-40f.png", (0..<40).map { scene.crop(x: 2 * $0, y: 0, width: 480, height: 270) }, delays)
            try write(folder, "gradients-320x240-40f.png", (0..<40).map { gradient(width: 320, height: 240, t: $0) }, delays)
            let background = Scene(width: 320, height: 240, seed: 3).crop(x: 0, y: 0, width: 320, height: 240)
            try write(folder, "sprite-320x240-40f.png", (0..<40).map { sprite(on: background, t: $0) }, delays)
            return 0
        } catch {
            print("generate-truecolor: \(error)")
            return 1
        }
    }

    private static func write(_ folder: String, _ name: String, _ frames: [RGBAImage], _ delays: [Duration]) throws {
        let bytes = try APNGEncoder.encode(frames: frames, durations: delays, playCount: .infinite, level: 1)
        try FileBytes.write(bytes, to: folder + "/" + name)
        print(folder + "/" + name)
    }

    /// Hues that drift over a diagonal and a radial gradient.
    private static func gradient(width: Int, height: Int, t: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        let phase = Double(t) / 40 * 2 * Double.pi
        image.withUnsafeMutablePixels { pixels in
            for y in 0..<height {
                for x in 0..<width {
                    let u = Double(x) / Double(width), v = Double(y) / Double(height)
                    let r = hypot(u - 0.5, v - 0.5)
                    let i = (y * width + x) * 4
                    pixels[i] = channel(0.5 + 0.5 * sin(phase + 3 * u + r))
                    pixels[i + 1] = channel(0.5 + 0.5 * sin(phase * 0.7 + 2.5 * v + 1))
                    pixels[i + 2] = channel(0.5 + 0.5 * cos(phase * 1.3 + 4 * r))
                    pixels[i + 3] = 255
                }
            }
        }
        return image
    }

    /// A shaded ball circling over `background`.
    private static func sprite(on background: RGBAImage, t: Int) -> RGBAImage {
        var image = background
        let phase = Double(t) / 40 * 2 * Double.pi
        let cx = Double(image.width) * (0.5 + 0.3 * cos(phase)), cy = Double(image.height) * (0.5 + 0.3 * sin(phase))
        let radius = 36.0
        let (width, height) = (image.width, image.height)
        image.withUnsafeMutablePixels { pixels in
            for y in 0..<height {
                for x in 0..<width {
                    let dx = (Double(x) - cx) / radius, dy = (Double(y) - cy) / radius
                    let d2 = dx * dx + dy * dy
                    guard d2 < 1 else { continue }
                    let light = max(0, 0.35 - 0.6 * dx - 0.6 * dy + 0.65 * (1 - d2).squareRoot())
                    let i = (y * width + x) * 4
                    pixels[i] = channel(0.9 * light + 0.1); pixels[i + 1] = channel(0.35 * light); pixels[i + 2] = channel(0.2 * light)
                }
            }
        }
        return image
    }

    static func channel(_ value: Double) -> UInt8 { UInt8(max(0, min(255, (value * 255).rounded()))) }
}

/// A deterministic photograph-like scene: a sky gradient, hills whose outline and texture come
/// from fractal value noise, and per-pixel grain, as a photo's statistics roughly have.
struct Scene {
    let image: RGBAImage

    init(width: Int, height: Int, seed: UInt64) {
        var image = RGBAImage(width: width, height: height)
        let noise = ValueNoise(seed: seed)
        image.withUnsafeMutablePixels { pixels in
            for y in 0..<height {
                for x in 0..<width {
                    let (fx, fy) = (Double(x), Double(y))
                    let horizon = Double(height) * (0.45 + 0.2 * noise.fractal(fx / 160, 0.5, octaves: 4))
                    let texture = noise.fractal(fx / 40, fy / 40, octaves: 5)
                    let grain = noise.value(fx * 0.9, fy * 1.1) * 0.06 - 0.03
                    var rgb: (Double, Double, Double)
                    if fy < horizon {
                        let v = fy / horizon
                        rgb = (0.35 + 0.3 * v + 0.1 * texture, 0.55 + 0.25 * v + 0.05 * texture, 0.9 - 0.1 * v)
                    } else {
                        let depth = (fy - horizon) / max(1, Double(height) - horizon)
                        rgb = (0.25 + 0.35 * texture - 0.1 * depth, 0.4 + 0.3 * texture - 0.15 * depth, 0.15 + 0.15 * texture)
                    }
                    let i = (y * width + x) * 4
                    pixels[i] = TrueColorAnimations.channel(rgb.0 + grain)
                    pixels[i + 1] = TrueColorAnimations.channel(rgb.1 + grain)
                    pixels[i + 2] = TrueColorAnimations.channel(rgb.2 + grain)
                    pixels[i + 3] = 255
                }
            }
        }
        self.image = image
    }

    func crop(x: Int, y: Int, width: Int, height: Int) -> RGBAImage {
        var out = RGBAImage(width: width, height: height)
        out.withUnsafeMutablePixels { target in
            image.pixels.withUnsafeBufferPointer { source in
                for row in 0..<height {
                    let from = ((y + row) * image.width + x) * 4
                    for index in 0..<width * 4 { target[row * width * 4 + index] = source[from + index] }
                }
            }
        }
        return out
    }
}

/// Smooth value noise on an integer lattice with a hashed seed, summed over octaves.
struct ValueNoise {
    let seed: UInt64

    func lattice(_ x: Int, _ y: Int) -> Double {
        var h = seed &+ UInt64(bitPattern: Int64(x)) &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(bitPattern: Int64(y)) &* 0xC2B2_AE3D_27D4_EB4F
        h ^= h >> 31
        h = h &* 0xBF58_476D_1CE4_E5B9
        h ^= h >> 29
        return Double(h >> 11) / Double(1 << 53)
    }

    func value(_ x: Double, _ y: Double) -> Double {
        let (x0, y0) = (Int(x.rounded(.down)), Int(y.rounded(.down)))
        let (tx, ty) = (x - Double(x0), y - Double(y0))
        let (sx, sy) = (tx * tx * (3 - 2 * tx), ty * ty * (3 - 2 * ty))
        let top = lattice(x0, y0) + (lattice(x0 + 1, y0) - lattice(x0, y0)) * sx
        let bottom = lattice(x0, y0 + 1) + (lattice(x0 + 1, y0 + 1) - lattice(x0, y0 + 1)) * sx
        return top + (bottom - top) * sy
    }

    func fractal(_ x: Double, _ y: Double, octaves: Int) -> Double {
        var (sum, amplitude, frequency, total) = (0.0, 1.0, 1.0, 0.0)
        for _ in 0..<octaves {
            sum += amplitude * value(x * frequency, y * frequency)
            total += amplitude
            amplitude *= 0.5
            frequency *= 2
        }
        return sum / total
    }
}
