/// How colours that are not in a palette are spread over the colours that are.
package enum DitherMethod: Sendable, Hashable, CaseIterable {
    /// Each pixel takes the nearest palette colour: flat areas, visible bands on gradients.
    case none
    /// Floyd–Steinberg error diffusion in serpentine order: the finest gradients, but the noise
    /// pattern changes from frame to frame wherever the image moves.
    case errorDiffusion
    /// An 8×8 Bayer threshold pattern fixed to the canvas: smooth gradients with a pattern that
    /// stays put between frames (no flicker, and unchanged areas stay unchanged).
    case ordered
}

/// The 8×8 Bayer matrix as thresholds in (−0.5, 0.5).
enum BayerMatrix {
    static let thresholds: [Float] = {
        var matrix = [Int](repeating: 0, count: 64)
        for y in 0..<8 {
            for x in 0..<8 {
                // Interleave the bits of x ^ y and y, the coordinates' lowest bits becoming the
                // value's highest, so neighbours get thresholds far apart.
                var value = 0
                for bit in 0..<3 {
                    value = value << 2 | ((x ^ y) >> bit & 1) << 1 | (y >> bit & 1)
                }
                matrix[y * 8 + x] = value
            }
        }
        return matrix.map { (Float($0) + 0.5) / 64 - 0.5 }
    }()
}
