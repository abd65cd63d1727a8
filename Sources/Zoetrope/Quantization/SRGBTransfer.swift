/// The sRGB transfer function between 8-bit channel values and linear light (0…1).
package enum SRGBTransfer {
    /// Linear light of each 8-bit value.
    package static let table: [Float] = (0..<256).map { value in
        let c = Double(value) / 255
        return Float(c <= 0.04045 ? c / 12.92 : power24((c + 0.055) / 1.055))
    }

    /// Linear light of a channel value in 0…255, interpolating between 8-bit steps.
    @inline(__always)
    package static func linear(_ value: Float) -> Float {
        let clamped = min(255, max(0, value))
        let low = Int(clamped)
        guard low < 255 else { return 1 }
        let fraction = clamped - Float(low)
        return table[low] + (table[low + 1] - table[low]) * fraction
    }

    /// The 8-bit value whose linear light is nearest to `linear` (clamped to 0…1).
    package static func encode(_ linear: Float) -> UInt8 {
        guard linear > 0 else { return 0 }
        guard linear < 1 else { return 255 }
        var low = 0, high = 255 // table[low] <= linear < table[high]
        while high - low > 1 {
            let middle = (low + high) / 2
            if table[middle] <= linear { low = middle } else { high = middle }
        }
        return UInt8(linear - table[low] <= table[high] - linear ? low : high)
    }

    /// x^2.4 for 0 < x ≤ 1, as x² · (x²)^(1/5), the fifth root by Newton's method.
    private static func power24(_ x: Double) -> Double {
        let square = x * x
        var root = 1.0
        for _ in 0..<200 {
            let fourth = root * root * root * root
            let next = root - (fourth * root - square) / (5 * fourth)
            if abs(next - root) < 1e-15 { break }
            root = next
        }
        return square * root
    }
}
