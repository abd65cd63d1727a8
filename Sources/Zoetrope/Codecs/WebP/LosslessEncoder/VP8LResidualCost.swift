/// A quick cost for residual bytes when choosing predictor modes and cross-colour multipliers:
/// about the bits a byte of that magnitude takes once small residuals dominate, log₂(1 + |r|)
/// with r taken as a signed byte, in 1/16 bits.
enum VP8LResidualCost {
    static let table: [Int32] = (0..<256).map { byte in
        let magnitude = min(byte, 256 - byte)
        return Int32((binaryLogarithm(Double(1 + magnitude)) * 16).rounded())
    }

    /// The cost of the four bytes of an ARGB residual.
    @inline(__always)
    static func pixel(_ argb: UInt32, _ table: UnsafeBufferPointer<Int32>) -> Int32 {
        unsafe table[Int(argb >> 24)] &+ table[Int((argb >> 16) & 0xff)] &+ table[Int((argb >> 8) & 0xff)] &+ table[Int(argb & 0xff)]
    }
}
