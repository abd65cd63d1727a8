/// The VP8 inverse transforms (RFC 6386 section 14): the 4×4 inverse DCT that adds a residual to a
/// predicted block, and the inverse Walsh–Hadamard transform that spreads the second-order luma DC.
///
/// Coefficients are 16-bit like libwebp's; the arithmetic is done in `Int`, so even hostile
/// coefficients (any `Int16`) cannot overflow, and results that libwebp would store into 16 bits are
/// truncated the same way.
enum VP8Transform {
    /// Row stride of the block buffers the transforms write into (libwebp's `BPS`).
    static let stride = 32

    @inline(__always) private static func multiplyBySqrt2Cos(_ a: Int) -> Int { ((a &* 20091) >> 16) &+ a }
    @inline(__always) private static func multiplyBySqrt2Sin(_ a: Int) -> Int { (a &* 35468) >> 16 }

    @inline(__always) private static func addClamped(_ pixel: UnsafeMutablePointer<UInt8>, _ residual: Int) {
        let sum = Int(pixel.pointee) &+ (residual >> 3)
        pixel.pointee = UInt8(truncatingIfNeeded: sum < 0 ? 0 : sum > 255 ? 255 : sum)
    }

    /// Adds the inverse DCT of the 16 coefficients at `input` (row-major) to the 4×4 block at `output`.
    static func addInverseDCT(_ input: UnsafePointer<Int16>, to output: UnsafeMutablePointer<UInt8>) {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 16) { columns in
            // Vertical pass: column i of the input becomes columns[4i ..< 4i+4].
            for i in 0..<4 {
                let a = Int(input[i]) &+ Int(input[8 + i])
                let b = Int(input[i]) &- Int(input[8 + i])
                let c = multiplyBySqrt2Sin(Int(input[4 + i])) &- multiplyBySqrt2Cos(Int(input[12 + i]))
                let d = multiplyBySqrt2Cos(Int(input[4 + i])) &+ multiplyBySqrt2Sin(Int(input[12 + i]))
                columns[4 * i] = a &+ d
                columns[4 * i + 1] = b &+ c
                columns[4 * i + 2] = b &- c
                columns[4 * i + 3] = a &- d
            }
            // Horizontal pass: output row i gathers entry i of every column; +4 rounds the final >> 3.
            for i in 0..<4 {
                let dc = columns[i] &+ 4
                let a = dc &+ columns[8 + i]
                let b = dc &- columns[8 + i]
                let c = multiplyBySqrt2Sin(columns[4 + i]) &- multiplyBySqrt2Cos(columns[12 + i])
                let d = multiplyBySqrt2Cos(columns[4 + i]) &+ multiplyBySqrt2Sin(columns[12 + i])
                let row = output + i &* stride
                addClamped(row, a &+ d)
                addClamped(row + 1, b &+ c)
                addClamped(row + 2, b &- c)
                addClamped(row + 3, a &- d)
            }
        }
    }

    /// The inverse DCT when only the DC coefficient is non-zero: one value added to all 16 pixels.
    static func addInverseDC(_ dc: Int16, to output: UnsafeMutablePointer<UInt8>) {
        let value = Int(dc) &+ 4
        for row in 0..<4 {
            let line = output + row &* stride
            for column in 0..<4 { addClamped(line + column, value) }
        }
    }

    /// Inverse WHT of the 16 second-order coefficients at `input`; result `i` becomes the DC
    /// (element 0) of luma block `i`, so outputs land 16 elements apart.
    static func inverseWHT(_ input: UnsafePointer<Int16>, into output: UnsafeMutablePointer<Int16>) {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 16) { temp in
            for i in 0..<4 {
                let a0 = Int(input[i]) &+ Int(input[12 + i])
                let a1 = Int(input[4 + i]) &+ Int(input[8 + i])
                let a2 = Int(input[4 + i]) &- Int(input[8 + i])
                let a3 = Int(input[i]) &- Int(input[12 + i])
                temp[i] = a0 &+ a1
                temp[8 + i] = a0 &- a1
                temp[4 + i] = a3 &+ a2
                temp[12 + i] = a3 &- a2
            }
            for i in 0..<4 {
                let dc = temp[4 * i] &+ 3 // rounds the final >> 3
                let a0 = dc &+ temp[4 * i + 3]
                let a1 = temp[4 * i + 1] &+ temp[4 * i + 2]
                let a2 = temp[4 * i + 1] &- temp[4 * i + 2]
                let a3 = dc &- temp[4 * i + 3]
                output[64 * i] = Int16(truncatingIfNeeded: (a0 &+ a1) >> 3)
                output[64 * i + 16] = Int16(truncatingIfNeeded: (a3 &+ a2) >> 3)
                output[64 * i + 32] = Int16(truncatingIfNeeded: (a0 &- a1) >> 3)
                output[64 * i + 48] = Int16(truncatingIfNeeded: (a3 &- a2) >> 3)
            }
        }
    }
}
