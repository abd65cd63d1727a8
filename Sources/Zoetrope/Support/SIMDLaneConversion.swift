/// Lane-width conversions between the SIMD vectors the codecs' kernels use, written as plain
/// lane loops.
///
/// The standard library's `init(truncatingIfNeeded:)` between SIMD types is generic over the
/// source type; in optimised builds its specialisations stay out-of-line calls, several times the
/// cost of the one or two unpack instructions the conversion needs (callgrind on a lossy WebP:
/// ~3 instructions a pixel in the YUV→RGBA conversion alone), and every call spills the caller's
/// vector registers (all caller-saved): in the VP8 encoder's DCT and quantiser they cost more
/// than the lane arithmetic itself. `clamped(lowerBound:upperBound:)` is likewise a call
/// (`pointwiseMin`/`pointwiseMax`); the `clamping` initialisers are not. These loops are inlined and
/// vectorised into those instructions (x86-64 baseline: `punpcklbw`, `punpcklwd`/`psrad`,
/// `packuswb`). Like all SIMD code they are slow in unoptimised builds, so the kernels that use
/// them keep scalar twins for `#if DEBUG`.
extension SIMD16 where Scalar == UInt16 {
    /// Each byte in a 16-bit lane.
    @inline(__always) init(zeroExtending bytes: SIMD16<UInt8>) {
        self.init()
        for lane in 0 ..< 16 { self[lane] = UInt16(bytes[lane]) }
    }
}

extension SIMD16 where Scalar == Int16 {
    /// Each byte in a signed 16-bit lane (0…255).
    @inline(__always) init(zeroExtending bytes: SIMD16<UInt8>) {
        self.init()
        for lane in 0 ..< 16 { self[lane] = Int16(bytes[lane]) }
    }
}

extension SIMD8 where Scalar == UInt16 {
    /// Each byte in a 16-bit lane.
    @inline(__always) init(zeroExtending bytes: SIMD8<UInt8>) {
        self.init()
        for lane in 0 ..< 8 { self[lane] = UInt16(bytes[lane]) }
    }
}

extension SIMD16 where Scalar == UInt32 {
    /// Each 16-bit lane in a 32-bit lane.
    @inline(__always) init(zeroExtending words: SIMD16<UInt16>) {
        self.init()
        for lane in 0 ..< 16 { self[lane] = UInt32(words[lane]) }
    }
}

extension SIMD16 where Scalar == UInt8 {
    /// The low byte of each lane.
    @inline(__always) init(truncating words: SIMD16<Int16>) {
        self.init()
        for lane in 0 ..< 16 { self[lane] = UInt8(truncatingIfNeeded: words[lane]) }
    }
}

extension SIMD16 where Scalar == Int32 {
    /// Each byte in a 32-bit lane.
    @inline(__always) init(zeroExtending bytes: SIMD16<UInt8>) {
        self.init()
        for lane in 0 ..< 16 { self[lane] = Int32(bytes[lane]) }
    }
}

extension SIMD16 where Scalar == UInt8 {
    /// Each lane clamped to 0…255.
    @inline(__always) init(clamping words: SIMD16<Int16>) {
        self.init()
        for lane in 0 ..< 16 { self[lane] = UInt8(truncatingIfNeeded: Swift.min(Swift.max(words[lane], 0), 255)) }
    }
}

extension SIMD8 where Scalar == Int16 {
    /// Each byte in a signed 16-bit lane (0…255).
    @inline(__always) init(zeroExtending bytes: SIMD8<UInt8>) {
        self.init()
        for lane in 0 ..< 8 { self[lane] = Int16(bytes[lane]) }
    }

    /// The low 16 bits of each lane.
    @inline(__always) init(truncating words: SIMD8<Int32>) {
        self.init()
        for lane in 0 ..< 8 { self[lane] = Int16(truncatingIfNeeded: words[lane]) }
    }
}

extension SIMD8 where Scalar == Int32 {
    /// Each byte in a 32-bit lane.
    @inline(__always) init(zeroExtending bytes: SIMD8<UInt8>) {
        self.init()
        for lane in 0 ..< 8 { self[lane] = Int32(bytes[lane]) }
    }
}

extension SIMD8 where Scalar == UInt32 {
    /// Each 16-bit lane in a 32-bit lane.
    @inline(__always) init(zeroExtending words: SIMD8<UInt16>) {
        self.init()
        for lane in 0 ..< 8 { self[lane] = UInt32(words[lane]) }
    }
}

extension SIMD8 where Scalar == UInt8 {
    /// Each lane clamped to 0…255.
    @inline(__always) init(clamping words: SIMD8<Int16>) {
        self.init()
        for lane in 0 ..< 8 { self[lane] = UInt8(truncatingIfNeeded: Swift.min(Swift.max(words[lane], 0), 255)) }
    }
}

extension SIMD16 where Scalar == Int16 {
    /// Each signed byte in a 16-bit lane.
    @inline(__always) init(signExtending bytes: SIMD16<Int8>) {
        self.init()
        for lane in 0 ..< 16 { self[lane] = Int16(bytes[lane]) }
    }
}

extension SIMD16 where Scalar == Int8 {
    /// Each lane clamped to −128…127. Applied to a sum or difference of sign-extended bytes, the
    /// optimiser makes it one saturating instruction (`paddsb`/`psubsb`).
    @inline(__always) init(clamping words: SIMD16<Int16>) {
        self.init()
        for lane in 0 ..< 16 { self[lane] = Int8(truncatingIfNeeded: Swift.min(Swift.max(words[lane], -128), 127)) }
    }
}
