/// A deterministic true-colour picture with the statistics of a photograph — smooth colour
/// gradients, soft blobs at several scales and a little sensor-like noise — drawn from a hash so
/// that any window of an endless plane can be drawn: a pan is the same plane at moving offsets.
/// Tests and benchmarks of quantisation use it (fixtures built in code).
package enum SyntheticPhotograph {
    /// The `width`×`height` window whose top-left corner is at (`originX`, `originY`) of the plane
    /// `seed` draws; `noise` is the amplitude of the per-pixel noise in 8-bit units.
    package static func image(width: Int, height: Int, originX: Int = 0, originY: Int = 0,
                              seed: UInt64 = 1, noise: Int = 6) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let px = x + originX, py = y + originY
                let color = smoothColor(px, py, seed: seed)
                let offset = (y * width + x) * 4
                for channel in 0..<3 {
                    let jitter = noise == 0 ? 0 : Int(hash(px, py, seed &+ UInt64(channel) &+ 101) % UInt64(2 * noise + 1)) - noise
                    pixels[offset + channel] = UInt8(min(255, max(0, Int(color[channel]) + jitter)))
                }
                pixels[offset + 3] = 255
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// The noise-free colour at a point: a diagonal sky-to-ground gradient tinted by three octaves
    /// of value noise, one per channel mix.
    private static func smoothColor(_ x: Int, _ y: Int, seed: UInt64) -> SIMD3<Float> {
        let fx = Float(x), fy = Float(y)
        let large = valueNoise(fx / 97, fy / 83, seed: seed)
        let medium = valueNoise(fx / 31, fy / 37, seed: seed &+ 7)
        let small = valueNoise(fx / 9, fy / 11, seed: seed &+ 13)
        let slope = Float((x + 2 * y) & 1023) / 1023
        let gradient = slope < 0.5 ? slope * 2 : 2 - slope * 2
        let red = 40 + 150 * large + 50 * small + 20 * gradient
        let green = 30 + 110 * gradient + 80 * medium + 20 * small
        let blue = 60 + 120 * (1 - large) * medium + 60 * gradient
        return SIMD3(red, green, blue)
    }

    /// Smoothly interpolated lattice values in 0…1.
    private static func valueNoise(_ x: Float, _ y: Float, seed: UInt64) -> Float {
        let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
        let tx = smoothstep(x - Float(x0)), ty = smoothstep(y - Float(y0))
        func lattice(_ i: Int, _ j: Int) -> Float { Float(hash(i, j, seed) & 0xFFFF) / 65535 }
        let top = lattice(x0, y0) + (lattice(x0 + 1, y0) - lattice(x0, y0)) * tx
        let bottom = lattice(x0, y0 + 1) + (lattice(x0 + 1, y0 + 1) - lattice(x0, y0 + 1)) * tx
        return top + (bottom - top) * ty
    }

    private static func smoothstep(_ t: Float) -> Float { t * t * (3 - 2 * t) }

    /// A well-mixed 64-bit hash of a lattice point (SplitMix64's finaliser).
    private static func hash(_ x: Int, _ y: Int, _ seed: UInt64) -> UInt64 {
        var z = UInt64(bitPattern: Int64(x)) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bitPattern: Int64(y)) &* 0xC2B2_AE3D_27D4_EB4F ^ seed
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
