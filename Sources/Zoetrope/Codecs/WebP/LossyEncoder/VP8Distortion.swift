/// Distortion measures of the lossy encoder's mode decisions, on stride-32 block buffers: the
/// sum of squared differences, and a "texture" distortion that compares the weighted
/// Walsh–Hadamard spectra of two blocks, so that a reconstruction that keeps the amount of
/// detail (if not its exact place) is preferred to one that smooths it away.
enum VP8Distortion {
    private static let stride = VP8Transform.stride

    /// Σ (a − b)² over a `width`×`height` block (`width` 4, 8 or 16).
    @inline(__always)
    static func sse(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, width: Int, height: Int) -> Int {
        switch width {
        case 16: return unsafe sse16(a, b, rows: height)
        case 8: return unsafe sse8(a, b, rows: height)
        default: return unsafe sse4(a, b, rows: height)
        }
    }

    @inline(__always)
    private static func sse16(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, rows: Int) -> Int {
        var sum = SIMD16<Int32>.zero
        for row in 0..<rows {
            let x = unsafe SIMD16<Int32>(zeroExtending: UnsafeRawPointer(a + row &* stride).loadUnaligned(as: SIMD16<UInt8>.self))
            let y = unsafe SIMD16<Int32>(zeroExtending: UnsafeRawPointer(b + row &* stride).loadUnaligned(as: SIMD16<UInt8>.self))
            let d = x &- y
            sum &+= d &* d
        }
        return Int(sum.wrappedSum())
    }

    @inline(__always)
    private static func sse8(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, rows: Int) -> Int {
        var sum = SIMD8<Int32>.zero
        for row in 0..<rows {
            let x = unsafe SIMD8<Int32>(zeroExtending: UnsafeRawPointer(a + row &* stride).loadUnaligned(as: SIMD8<UInt8>.self))
            let y = unsafe SIMD8<Int32>(zeroExtending: UnsafeRawPointer(b + row &* stride).loadUnaligned(as: SIMD8<UInt8>.self))
            let d = x &- y
            sum &+= d &* d
        }
        return Int(sum.wrappedSum())
    }

    /// Two rows at a time in 16-bit lanes, squares summed in pairs into 32 bits (x86: `pmaddwd`).
    /// `rows` is 4 (the only 4-wide block size).
    @inline(__always)
    private static func sse4(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, rows: Int) -> Int {
        @inline(__always) func pair(_ block: UnsafePointer<UInt8>, _ row: Int) -> SIMD8<Int16> {
            let upper = unsafe UnsafeRawPointer(block + row &* stride).loadUnaligned(as: SIMD4<UInt8>.self)
            let lower = unsafe UnsafeRawPointer(block + (row &+ 1) &* stride).loadUnaligned(as: SIMD4<UInt8>.self)
            return SIMD8<Int16>(zeroExtending: SIMD8<UInt8>(lowHalf: upper, highHalf: lower))
        }
        @inline(__always) func squares(_ d: SIMD8<Int16>) -> SIMD4<Int32> {
            let even = SIMD4<Int32>(truncatingIfNeeded: d.evenHalf), odd = SIMD4<Int32>(truncatingIfNeeded: d.oddHalf)
            return even &* even &+ odd &* odd
        }
        var sum = SIMD4<Int32>.zero
        for row in Swift.stride(from: 0, to: rows, by: 2) { unsafe sum &+= squares(pair(a, row) &- pair(b, row)) }
        return Int(sum.wrappedSum())
    }

    /// Σ weight·|coefficient| of the 4×4 Hadamard transform of the block at `block`, the
    /// weights (by coefficient, row-major: 38, 32, 20, 9 / 32, 28, 17, 7 / 20, 17, 10, 4 /
    /// 9, 7, 4, 2) counting low frequencies most. A source block's spectrum is computed once
    /// and compared with each candidate's.
    @inline(__always)
    static func weightedSpectrum(_ block: UnsafePointer<UInt8>) -> Int32 {
        typealias Quad = SIMD4<Int32>
        @inline(__always) func row(_ r: Int) -> Quad {
            unsafe Quad(truncatingIfNeeded: UnsafeRawPointer(block + r &* stride).loadUnaligned(as: SIMD4<UInt8>.self))
        }
        // Vertical pass with one lane per column, then the horizontal pass on the transpose.
        let r0 = row(0), r1 = row(1), r2 = row(2), r3 = row(3)
        let a0 = r0 &+ r2, a1 = r1 &+ r3, a2 = r1 &- r3, a3 = r0 &- r2
        let v0 = a0 &+ a1, v1 = a3 &+ a2, v2 = a3 &- a2, v3 = a0 &- a1
        let c0 = Quad(v0[0], v1[0], v2[0], v3[0]), c1 = Quad(v0[1], v1[1], v2[1], v3[1])
        let c2 = Quad(v0[2], v1[2], v2[2], v3[2]), c3 = Quad(v0[3], v1[3], v2[3], v3[3])
        let b0 = c0 &+ c2, b1 = c1 &+ c3, b2 = c1 &- c3, b3 = c0 &- c2
        let h0 = b0 &+ b1, h1 = b3 &+ b2, h2 = b3 &- b2, h3 = b0 &- b1
        @inline(__always) func magnitude(_ v: Quad) -> Quad { v.replacing(with: 0 &- v, where: v .< 0) }
        // h_k holds horizontal frequency k of each vertical frequency (lane): weight 4·lane + k.
        let sum = magnitude(h0) &* Quad(38, 32, 20, 9) &+ magnitude(h1) &* Quad(32, 28, 17, 7)
            &+ magnitude(h2) &* Quad(20, 17, 10, 4) &+ magnitude(h3) &* Quad(9, 7, 4, 2)
        return sum.wrappedSum()
    }

    /// The texture distortion of a 4×4 block `b` against a source block whose
    /// ``weightedSpectrum(_:)`` is `sourceSpectrum`: |spectrum(b) − sourceSpectrum| / 32.
    @inline(__always)
    static func texture4x4(sourceSpectrum: Int32, _ b: UnsafePointer<UInt8>) -> Int {
        unsafe Int(abs(weightedSpectrum(b) &- sourceSpectrum) >> 5)
    }

    /// The spectra of the sixteen 4×4 blocks of a 16×16 block (raster order).
    static func spectra16x16(_ a: UnsafePointer<UInt8>) -> SIMD16<Int32> {
        var spectra = SIMD16<Int32>.zero
        for n in 0..<16 { spectra[n] = unsafe weightedSpectrum(a + VP8EncoderWorkspace.lumaBlockOffset(n)) }
        return spectra
    }

    /// The texture distortion of a 16×16 block: the sum over its sixteen 4×4 blocks, against
    /// the source's ``spectra16x16(_:)``.
    static func texture16x16(sourceSpectra: SIMD16<Int32>, _ b: UnsafePointer<UInt8>) -> Int {
        var sum = 0
        for n in 0..<16 {
            unsafe sum &+= texture4x4(sourceSpectrum: sourceSpectra[n], b + VP8EncoderWorkspace.lumaBlockOffset(n))
        }
        return sum
    }
}
