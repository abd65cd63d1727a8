import Testing
@testable import Zoetrope

/// The lane kernels of ``VP8Transform`` against their scalar twins, on random coefficients that
/// include the extremes (where the 16-bit arithmetic wraps) and random pixels.
@Suite("VP8 inverse transforms in lanes")
struct VP8TransformLaneTests {
    /// A coefficient: an extreme, zero, a small value or any 16-bit value.
    private static func coefficient(_ g: inout SplitMix64) -> Int16 {
        switch Int.random(in: 0..<6, using: &g) {
        case 0: [Int16.max, Int16.min, Int16.max - 3, Int16.min + 1].randomElement(using: &g)!
        case 1: 0
        case 2: Int16.random(in: -64...64, using: &g)
        case 3: Int16.random(in: -2048...2048, using: &g)
        default: Int16.random(in: Int16.min...Int16.max, using: &g)
        }
    }

    /// Two blocks' coefficients (32) and an 8-wide, 4-row pixel area with a 32-byte stride.
    private static func sample(_ g: inout SplitMix64, only positions: [Int]? = nil) -> ([Int16], [UInt8]) {
        var coefficients = [Int16](repeating: 0, count: 32)
        for block in 0..<2 {
            for i in positions ?? Array(0..<16) { coefficients[block * 16 + i] = coefficient(&g) }
        }
        let pixels = (0..<4 * VP8Transform.stride).map { _ in UInt8.random(in: 0...255, using: &g) }
        return (coefficients, pixels)
    }

    private static func apply(_ pixels: [UInt8], _ body: (UnsafeMutablePointer<UInt8>) -> Void) -> [UInt8] {
        var copy = pixels
        copy.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
        return copy
    }

    @Test("the 16-bit transform in lanes, one block and two side by side, gives the scalar twin's pixels")
    func fullTransform() {
        var g = SplitMix64(seed: 36)
        for _ in 0..<3000 {
            let (coefficients, pixels) = Self.sample(&g)
            coefficients.withUnsafeBufferPointer { c in
                let input = c.baseAddress!
                let scalarOne = Self.apply(pixels) { VP8Transform.addInverseDCT16Scalar(input, to: $0) }
                #expect(Self.apply(pixels) { VP8Transform.addInverseDCT16Lanes(input, to: $0, pair: false) } == scalarOne)
                #expect(Self.apply(pixels) { VP8Transform.addInverseDCT16(input, to: $0) } == scalarOne)
                let scalarTwo = Self.apply(pixels) {
                    VP8Transform.addInverseDCT16Scalar(input, to: $0)
                    VP8Transform.addInverseDCT16Scalar(input + 16, to: $0 + 4)
                }
                #expect(Self.apply(pixels) { VP8Transform.addInverseDCT16Lanes(input, to: $0, pair: true) } == scalarTwo)
                #expect(Self.apply(pixels) { VP8Transform.addInverseDCT16Pair(input, to: $0) } == scalarTwo)
            }
        }
    }

    @Test("the 16-bit and 32-bit transforms agree where no sum leaves 16 bits")
    func sixteenAgainstThirtyTwo() {
        var g = SplitMix64(seed: 7)
        for _ in 0..<2000 {
            var (coefficients, pixels) = Self.sample(&g)
            coefficients = coefficients.map { $0 / 16 } // |c| ≤ 2048: every intermediate stays within ±32767
            coefficients.withUnsafeBufferPointer { c in
                let wide = Self.apply(pixels) { VP8Transform.addInverseDCT(c.baseAddress!, to: $0) }
                #expect(Self.apply(pixels) { VP8Transform.addInverseDCT16Scalar(c.baseAddress!, to: $0) } == wide)
            }
        }
    }

    @Test("the three-coefficient transform gives the full 32-bit transform's pixels")
    func threeCoefficients() {
        var g = SplitMix64(seed: 3)
        for _ in 0..<3000 {
            let (coefficients, pixels) = Self.sample(&g, only: [0, 1, 4])
            coefficients.withUnsafeBufferPointer { c in
                let full = Self.apply(pixels) { VP8Transform.addInverseDCT(c.baseAddress!, to: $0) }
                #expect(Self.apply(pixels) { VP8Transform.addInverseAC3Lanes(c.baseAddress!, to: $0) } == full)
                #expect(Self.apply(pixels) { VP8Transform.addInverseAC3(c.baseAddress!, to: $0) } == full)
            }
        }
    }

    @Test("DC-only blocks in lanes, alone and in pairs, give the scalar sums")
    func dcOnly() {
        var g = SplitMix64(seed: 11)
        for _ in 0..<3000 {
            let (coefficients, pixels) = Self.sample(&g, only: [0])
            let first = coefficients[0], second = coefficients[16]
            let scalar = Self.apply(pixels) {
                VP8Transform.addInverseDCScalar(first, to: $0)
                VP8Transform.addInverseDCScalar(second, to: $0 + 4)
            }
            #expect(Self.apply(pixels) { VP8Transform.addInverseDCPairLanes(first, second, to: $0) } == scalar)
            #expect(Self.apply(pixels) { VP8Transform.addInverseDCPair(first, second, to: $0) } == scalar)
            #expect(Self.apply(pixels) {
                VP8Transform.addInverseDC(first, to: $0)
                VP8Transform.addInverseDC(second, to: $0 + 4)
            } == scalar)
        }
    }
}
