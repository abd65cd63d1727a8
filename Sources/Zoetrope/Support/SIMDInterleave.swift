/// The interleaves that transpose blocks of 16-bit samples held in `SIMD8<Int16>` rows: each one a
/// single unpack instruction on x86-64 (`punpckl/h` of words, double words and quad words) and on
/// arm64 (`zip1/2`), where element-wise shuffles of bytes or a generic transpose scalarise. Used by
/// the VP8 inverse DCT and the loop filter's vertical edges.
enum SIMDInterleave {
    typealias Row = SIMD8<Int16>
    typealias Words = SIMD4<UInt32>
    typealias Halves = SIMD2<UInt64>

    /// x0 y0 x1 y1 x2 y2 x3 y3, as pairs of samples.
    @inline(__always) static func low16(_ x: Row, _ y: Row) -> Words {
        unsafe unsafeBitCast(Row(x[0], y[0], x[1], y[1], x[2], y[2], x[3], y[3]), to: Words.self)
    }

    /// x4 y4 x5 y5 x6 y6 x7 y7, as pairs of samples.
    @inline(__always) static func high16(_ x: Row, _ y: Row) -> Words {
        unsafe unsafeBitCast(Row(x[4], y[4], x[5], y[5], x[6], y[6], x[7], y[7]), to: Words.self)
    }

    /// The low two pairs of each, interleaved, as groups of four samples.
    @inline(__always) static func low32(_ x: Words, _ y: Words) -> Halves {
        unsafe unsafeBitCast(Words(x[0], y[0], x[1], y[1]), to: Halves.self)
    }

    /// The high two pairs of each, interleaved, as groups of four samples.
    @inline(__always) static func high32(_ x: Words, _ y: Words) -> Halves {
        unsafe unsafeBitCast(Words(x[2], y[2], x[3], y[3]), to: Halves.self)
    }

    /// The low groups of four of each, as a row.
    @inline(__always) static func low64(_ x: Halves, _ y: Halves) -> Row { unsafe unsafeBitCast(Halves(x[0], y[0]), to: Row.self) }

    /// The high groups of four of each, as a row.
    @inline(__always) static func high64(_ x: Halves, _ y: Halves) -> Row { unsafe unsafeBitCast(Halves(x[1], y[1]), to: Row.self) }

    /// x0 y0 x1 y1 … x7 y7 of two 8-byte rows, as pairs of samples (`punpcklbw`).
    @inline(__always) static func bytes(_ x: SIMD8<UInt8>, _ y: SIMD8<UInt8>) -> Row {
        let pairs = SIMD16<UInt8>(x[0], y[0], x[1], y[1], x[2], y[2], x[3], y[3], x[4], y[4], x[5], y[5], x[6], y[6], x[7], y[7])
        return unsafe unsafeBitCast(pairs, to: Row.self)
    }

    /// x0 y0 … x7 y7 of two 16-byte vectors, as pairs (`punpcklbw`).
    @inline(__always) static func lowBytes(_ x: SIMD16<UInt8>, _ y: SIMD16<UInt8>) -> Row {
        let pairs = SIMD16<UInt8>(x[0], y[0], x[1], y[1], x[2], y[2], x[3], y[3], x[4], y[4], x[5], y[5], x[6], y[6], x[7], y[7])
        return unsafe unsafeBitCast(pairs, to: Row.self)
    }

    /// x8 y8 … x15 y15 of two 16-byte vectors, as pairs (`punpckhbw`).
    @inline(__always) static func highBytes(_ x: SIMD16<UInt8>, _ y: SIMD16<UInt8>) -> Row {
        let pairs = SIMD16<UInt8>(x[8], y[8], x[9], y[9], x[10], y[10], x[11], y[11],
                                  x[12], y[12], x[13], y[13], x[14], y[14], x[15], y[15])
        return unsafe unsafeBitCast(pairs, to: Row.self)
    }

    /// `v.lowHalf` and `v.highHalf` by reinterpreting its storage: the standard library's
    /// accessors are calls the optimiser leaves out of line in large functions (a call and a trip
    /// through memory for each half).
    @inline(__always) static func halves(_ v: SIMD16<Int16>) -> (low: Row, high: Row) {
        unsafe unsafeBitCast(v, to: (Row, Row).self)
    }

    /// ``halves(_:)`` of 16 bytes.
    @inline(__always) static func halves(_ v: SIMD16<UInt8>) -> (low: SIMD8<UInt8>, high: SIMD8<UInt8>) {
        unsafe unsafeBitCast(v, to: (SIMD8<UInt8>, SIMD8<UInt8>).self)
    }
}
