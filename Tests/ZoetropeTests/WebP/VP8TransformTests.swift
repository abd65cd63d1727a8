import Testing
@testable import Zoetrope

@Suite("VP8 inverse transforms")
struct VP8TransformTests {
    /// Applies the inverse DCT of `coefficients` to a 4×4 block of `base` pixels.
    private func inverseDCT(_ coefficients: [Int16], base: UInt8) -> [UInt8] {
        var block = [UInt8](repeating: base, count: 4 * VP8Transform.stride)
        coefficients.withUnsafeBufferPointer { input in
            block.withUnsafeMutableBufferPointer { VP8Transform.addInverseDCT(input.baseAddress!, to: $0.baseAddress!) }
        }
        return (0..<4).flatMap { row in (0..<4).map { block[row * VP8Transform.stride + $0] } }
    }

    @Test("a DC-only block adds (dc + 4) >> 3 everywhere, whichever transform is used")
    func dcOnly() {
        var coefficients = [Int16](repeating: 0, count: 16)
        coefficients[0] = 80
        #expect(inverseDCT(coefficients, base: 100) == Array(repeating: 110, count: 16))
        var block = [UInt8](repeating: 100, count: 4 * VP8Transform.stride)
        block.withUnsafeMutableBufferPointer { VP8Transform.addInverseDC(-83, to: $0.baseAddress!) }
        #expect(block[0] == 90 && block[3 * VP8Transform.stride + 3] == 90) // (−83 + 4) >> 3 = −10
    }

    @Test("a single first-row AC coefficient gives the expected cosine pattern")
    func firstAC() {
        var coefficients = [Int16](repeating: 0, count: 16)
        coefficients[1] = 100
        // Column pass leaves 100 in column 1; row pass: c = (100·35468) >> 16 = 54,
        // d = ((100·20091) >> 16) + 100 = 130; row = (4 + d, 4 + c, 4 − c, 4 − d) >> 3.
        let row: [UInt8] = [128 + 16, 128 + 7, 128 - 7, 128 - 16]
        #expect(inverseDCT(coefficients, base: 128) == row + row + row + row)
    }

    @Test("extreme coefficients clamp pixels without trapping", arguments: [Int16.max, Int16.min])
    func extremes(value: Int16) {
        var dcOnly = [Int16](repeating: 0, count: 16)
        dcOnly[0] = value
        #expect(inverseDCT(dcOnly, base: 128) == Array(repeating: value > 0 ? 255 : 0, count: 16))
        _ = inverseDCT([Int16](repeating: value, count: 16), base: 128)
        var alternating = [Int16](repeating: 0, count: 16)
        for i in 0..<16 { alternating[i] = i % 2 == 0 ? Int16.max : Int16.min }
        _ = inverseDCT(alternating, base: 0)
    }

    @Test("the inverse WHT of a lone DC spreads (dc + 3) >> 3 to every block")
    func whtDC() {
        var input = [Int16](repeating: 0, count: 16)
        input[0] = 37
        var output = [Int16](repeating: 0, count: 256)
        input.withUnsafeBufferPointer { i in output.withUnsafeMutableBufferPointer { VP8Transform.inverseWHT(i.baseAddress!, into: $0.baseAddress!) } }
        #expect((0..<16).allSatisfy { output[$0 * 16] == 5 })
        #expect((0..<256).allSatisfy { $0 % 16 == 0 || output[$0] == 0 })
    }

    @Test("the inverse WHT of maximal input wraps to 16 bits as libwebp stores it")
    func whtExtreme() {
        let input = [Int16](repeating: Int16.max, count: 16)
        var output = [Int16](repeating: 0, count: 256)
        input.withUnsafeBufferPointer { i in output.withUnsafeMutableBufferPointer { VP8Transform.inverseWHT(i.baseAddress!, into: $0.baseAddress!) } }
        // First pass: every column sums to 4·32767 in row 0 and 0 elsewhere. Second pass, row 0:
        // (4·32767·4 + 3) >> 3 = 65534, stored in 16 bits as −2; everything else rounds to 0.
        #expect(output[0] == -2)
        #expect((1..<16).allSatisfy { output[$0 * 16] == 0 })
    }
}
