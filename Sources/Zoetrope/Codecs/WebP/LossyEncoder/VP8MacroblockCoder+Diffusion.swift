/// Error diffusion of the chroma DCs below quality 99: each 4×4 chroma block's DC is quantised
/// with part of the rounding error of its neighbours above and to the left added (7/16 from
/// above, 8/16 from the left), so that flat chroma areas at coarse quantisers dither between
/// levels instead of banding. The errors are kept halved to fit in 8 bits.
extension VP8MacroblockCoder {
    /// Quantises the DC of a block to its dequantised value and returns half the rounding error.
    private static func quantizeDC(_ value: inout Int16, _ matrix: VP8QuantizerMatrix) -> Int {
        let magnitude = Int(value.magnitude), negative = value < 0
        if unsafe magnitude > Int(matrix.zeroThreshold[0]) {
            let level = unsafe matrix.quantize(UInt32(magnitude), position: 0, bias: matrix.bias[0])
            let quantized = unsafe level * Int(matrix.step[0])
            value = Int16(truncatingIfNeeded: negative ? -quantized : quantized)
            return (negative ? quantized - magnitude : magnitude - quantized) >> 1
        }
        value = 0
        return (negative ? -magnitude : magnitude) >> 1
    }

    /// Adds the neighbours' errors to the DCs of the U and V blocks in `coefficients` (8 blocks),
    /// quantises them, and writes the errors this macroblock leaves (three per plane) to `errors`.
    func diffuseChromaErrors(_ coefficients: UnsafeMutablePointer<Int16>, errors: UnsafeMutablePointer<Int8>) {
        guard let top = topDiffusion else { return }
        let matrix = segment.chroma
        for plane in 0..<2 {
            let above0 = Int(top[x * 4 + plane * 2]), above1 = Int(top[x * 4 + plane * 2 + 1])
            let left0 = Int(leftDiffusion[plane * 2]), left1 = Int(leftDiffusion[plane * 2 + 1])
            let block = unsafe coefficients + plane * 64
            unsafe block[0] = Int16(truncatingIfNeeded: Int(block[0]) + ((7 * above0 + 8 * left0) >> 3))
            let error0 = unsafe Self.quantizeDC(&block[0], matrix)
            unsafe block[16] = Int16(truncatingIfNeeded: Int(block[16]) + ((7 * above1 + 8 * error0) >> 3))
            let error1 = unsafe Self.quantizeDC(&block[16], matrix)
            unsafe block[32] = Int16(truncatingIfNeeded: Int(block[32]) + ((7 * error0 + 8 * left1) >> 3))
            let error2 = unsafe Self.quantizeDC(&block[32], matrix)
            unsafe block[48] = Int16(truncatingIfNeeded: Int(block[48]) + ((7 * error1 + 8 * error2) >> 3))
            let error3 = unsafe Self.quantizeDC(&block[48], matrix)
            unsafe errors[plane * 3] = Int8(truncatingIfNeeded: error1)
            unsafe errors[plane * 3 + 1] = Int8(truncatingIfNeeded: error2)
            unsafe errors[plane * 3 + 2] = Int8(truncatingIfNeeded: error3)
        }
    }

    /// Keeps the errors of the chosen chroma coding for the neighbours: to the right the top
    /// right block's error and ¾ of the bottom right's, below the bottom left's and the rest.
    func storeDiffusionErrors(_ errors: UnsafePointer<Int8>) {
        guard topDiffusion != nil else { return }
        unsafe Self.storeDiffusionErrors(errors, x: x, top: &topDiffusion!, left: &leftDiffusion)
    }

    /// The same with the arrays passed `inout` (one exclusive access each, not one per element).
    private static func storeDiffusionErrors(_ errors: UnsafePointer<Int8>, x: Int, top: inout [Int8], left: inout [Int8]) {
        for plane in 0..<2 {
            let error1 = unsafe Int(errors[plane * 3]), error2 = unsafe Int(errors[plane * 3 + 1]), error3 = unsafe Int(errors[plane * 3 + 2])
            let leftOver = (3 * error3) >> 2
            left[plane * 2] = Int8(truncatingIfNeeded: error1)
            left[plane * 2 + 1] = Int8(truncatingIfNeeded: leftOver)
            top[x * 4 + plane * 2] = Int8(truncatingIfNeeded: error2)
            top[x * 4 + plane * 2 + 1] = Int8(truncatingIfNeeded: error3 - leftOver)
        }
    }
}
