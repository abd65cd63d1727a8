// The plain twins that debug builds take for the fancy upsampler and the YUV → RGBA conversion:
// counted loops on running pointers with table lookups, no SIMD code and no range iterator. They
// share a file because an unoptimised build inlines a `@_transparent` function only into callers in
// the same file (each file is compiled on its own): the pixel functions inline into the row loops,
// and the row loops, transparent too, run without debugger variables (no `memset` of each local on
// entry, no copy of each in memory). The tests compare every twin with the kernels optimised builds run.
extension YUVToRGBA {
    /// The twin of ``convertRow(luma:u:v:into:count:)`` that debug builds take: the same
    /// fixed-point terms, looked up in ``twinTables`` rather than multiplied, in one counted loop,
    /// so that an unoptimised build makes no call and no branch per pixel (the tests compare the two
    /// on random rows).
    static func convertRowScalar(luma: UnsafePointer<UInt8>, u: UnsafePointer<UInt8>, v: UnsafePointer<UInt8>,
                                 into output: UnsafeMutablePointer<UInt8>, count: Int) {
        unsafe twinTables.withUnsafeBufferPointer { tables in
            unsafe convertRowTwin(luma: luma, u: u, v: v, into: output, count: count, tables: tables.baseAddress!)
        }
    }

    /// The loop of ``convertRowScalar(luma:u:v:into:count:)``, with ``twinTables`` at `tables`.
    @_transparent
    private static func convertRowTwin(luma: UnsafePointer<UInt8>, u: UnsafePointer<UInt8>, v: UnsafePointer<UInt8>,
                                       into output: UnsafeMutablePointer<UInt8>, count: Int, tables: UnsafePointer<Int32>) {
        var x = 0
        var pixel = unsafe output
        while x < count {
            unsafe storePixelTwin(luma: luma[x], u: Int(u[x]), v: Int(v[x]), tables: tables, into: pixel)
            unsafe pixel += 4
            x &+= 1
        }
    }

    /// One pixel of the twins (this one and the fused upsampler's,
    /// ``ChromaUpsampler/convertRowPairScalar(luma:u:v:output:width:)``), from ``twinTables``.
    /// `@_transparent` because that is the inlining an unoptimised build does: a call per pixel
    /// would cost more than the pixel.
    @_transparent
    static func storePixelTwin(luma: UInt8, u cb: Int, v cr: Int, tables lumaTerm: UnsafePointer<Int32>,
                               into pixel: UnsafeMutablePointer<UInt8>) {
        let y = unsafe lumaTerm[Int(luma)], channel = unsafe lumaTerm + 1280 + 320
        unsafe pixel[0] = UInt8(truncatingIfNeeded: channel[Int((y &+ lumaTerm[256 &+ cr]) &>> 6)])
        unsafe pixel[1] = UInt8(truncatingIfNeeded: channel[Int((y &+ lumaTerm[512 &+ cb] &+ lumaTerm[768 &+ cr]) &>> 6)])
        unsafe pixel[2] = UInt8(truncatingIfNeeded: channel[Int((y &+ lumaTerm[1024 &+ cb]) &>> 6)])
        unsafe pixel[3] = 255
    }
}

extension ChromaUpsampler {
    /// The plain twin of ``upsampleRowPair(above:below:top:bottom:width:)``: every pair in one
    /// counted loop on running pointers, each chroma sample loaded once (the left pair carried
    /// over), no range iterator and no SIMD code; the tests compare the two. Debug builds decode
    /// with its fused form, ``convertRowPairScalar(luma:u:v:output:width:)``.
    static func upsampleRowPairScalar(above: UnsafePointer<UInt8>, below: UnsafePointer<UInt8>,
                                      top: UnsafeMutablePointer<UInt8>, bottom: UnsafeMutablePointer<UInt8>,
                                      width: Int) {
        var aboveLeft = unsafe Int(above[0]), belowLeft = unsafe Int(below[0])
        unsafe top[0] = UInt8(truncatingIfNeeded: edgeTwin(aboveLeft, belowLeft))
        unsafe bottom[0] = UInt8(truncatingIfNeeded: edgeTwin(belowLeft, aboveLeft))
        let lastPair = (width &- 1) &>> 1
        var x = 1, topPair = unsafe top + 1, bottomPair = unsafe bottom + 1
        while x <= lastPair {
            let aboveHere = unsafe Int(above[x]), belowHere = unsafe Int(below[x])
            let pair = pairTwin(aboveLeft: aboveLeft, aboveHere: aboveHere, belowLeft: belowLeft, belowHere: belowHere)
            unsafe topPair[0] = UInt8(truncatingIfNeeded: pair.topLeft)
            unsafe topPair[1] = UInt8(truncatingIfNeeded: pair.topRight)
            unsafe bottomPair[0] = UInt8(truncatingIfNeeded: pair.bottomLeft)
            unsafe bottomPair[1] = UInt8(truncatingIfNeeded: pair.bottomRight)
            aboveLeft = aboveHere
            belowLeft = belowHere
            unsafe topPair += 2
            unsafe bottomPair += 2
            x &+= 1
        }
        if width & 1 == 0 { // the last output takes the last chroma sample alone
            unsafe topPair[0] = UInt8(truncatingIfNeeded: edgeTwin(aboveLeft, belowLeft))
            unsafe bottomPair[0] = UInt8(truncatingIfNeeded: edgeTwin(belowLeft, aboveLeft))
        }
    }

    /// The twin that debug builds decode with: ``upsampleRowPair(above:below:top:bottom:width:)``
    /// for U and V fused with ``YUVToRGBA/convertRow(luma:u:v:into:count:)`` for both rows, so the
    /// full-resolution chroma is never stored and reloaded. `luma` and `output` are the two rows
    /// (`width` pixels each), `u` and `v` the chroma rows above and below; the tests compare it
    /// with the two kernels.
    static func convertRowPairScalar(luma: (top: UnsafePointer<UInt8>, bottom: UnsafePointer<UInt8>),
                                     u: (above: UnsafePointer<UInt8>, below: UnsafePointer<UInt8>),
                                     v: (above: UnsafePointer<UInt8>, below: UnsafePointer<UInt8>),
                                     output: (top: UnsafeMutablePointer<UInt8>, bottom: UnsafeMutablePointer<UInt8>),
                                     width: Int) {
        unsafe YUVToRGBA.twinTables.withUnsafeBufferPointer { tables in
            unsafe convertRowPairTwin(luma: luma, u: u, v: v, output: output, width: width, tables: tables.baseAddress!)
        }
    }

    /// The loop of ``convertRowPairScalar(luma:u:v:output:width:)``, with ``YUVToRGBA/twinTables`` at `tables`.
    @_transparent
    private static func convertRowPairTwin(luma: (top: UnsafePointer<UInt8>, bottom: UnsafePointer<UInt8>),
                                           u: (above: UnsafePointer<UInt8>, below: UnsafePointer<UInt8>),
                                           v: (above: UnsafePointer<UInt8>, below: UnsafePointer<UInt8>),
                                           output: (top: UnsafeMutablePointer<UInt8>, bottom: UnsafeMutablePointer<UInt8>),
                                           width: Int, tables: UnsafePointer<Int32>) {
        let (aboveU, belowU, aboveV, belowV) = unsafe (u.above, u.below, v.above, v.below)
        var uAboveLeft = unsafe Int(aboveU[0]), uBelowLeft = unsafe Int(belowU[0])
        var vAboveLeft = unsafe Int(aboveV[0]), vBelowLeft = unsafe Int(belowV[0])
        var lumaTop = unsafe luma.top, lumaBottom = unsafe luma.bottom, top = unsafe output.top, bottom = unsafe output.bottom
        unsafe YUVToRGBA.storePixelTwin(luma: lumaTop[0], u: edgeTwin(uAboveLeft, uBelowLeft),
                                        v: edgeTwin(vAboveLeft, vBelowLeft), tables: tables, into: top)
        unsafe YUVToRGBA.storePixelTwin(luma: lumaBottom[0], u: edgeTwin(uBelowLeft, uAboveLeft),
                                        v: edgeTwin(vBelowLeft, vAboveLeft), tables: tables, into: bottom)
        let lastPair = (width &- 1) &>> 1
        var x = 1
        unsafe (lumaTop, lumaBottom, top, bottom) = unsafe (lumaTop + 1, lumaBottom + 1, top + 4, bottom + 4)
        while x <= lastPair {
            let uAbove = unsafe Int(aboveU[x]), uBelow = unsafe Int(belowU[x])
            let vAbove = unsafe Int(aboveV[x]), vBelow = unsafe Int(belowV[x])
            let u = pairTwin(aboveLeft: uAboveLeft, aboveHere: uAbove, belowLeft: uBelowLeft, belowHere: uBelow)
            let v = pairTwin(aboveLeft: vAboveLeft, aboveHere: vAbove, belowLeft: vBelowLeft, belowHere: vBelow)
            unsafe YUVToRGBA.storePixelTwin(luma: lumaTop[0], u: u.topLeft, v: v.topLeft, tables: tables, into: top)
            unsafe YUVToRGBA.storePixelTwin(luma: lumaTop[1], u: u.topRight, v: v.topRight, tables: tables, into: top + 4)
            unsafe YUVToRGBA.storePixelTwin(luma: lumaBottom[0], u: u.bottomLeft, v: v.bottomLeft, tables: tables, into: bottom)
            unsafe YUVToRGBA.storePixelTwin(luma: lumaBottom[1], u: u.bottomRight, v: v.bottomRight, tables: tables,
                                            into: bottom + 4)
            (uAboveLeft, uBelowLeft, vAboveLeft, vBelowLeft) = (uAbove, uBelow, vAbove, vBelow)
            unsafe (lumaTop, lumaBottom, top, bottom) = unsafe (lumaTop + 2, lumaBottom + 2, top + 8, bottom + 8)
            x &+= 1
        }
        if width & 1 == 0 { // the last output takes the last chroma sample alone
            unsafe YUVToRGBA.storePixelTwin(luma: lumaTop[0], u: edgeTwin(uAboveLeft, uBelowLeft),
                                            v: edgeTwin(vAboveLeft, vBelowLeft), tables: tables, into: top)
            unsafe YUVToRGBA.storePixelTwin(luma: lumaBottom[0], u: edgeTwin(uBelowLeft, uAboveLeft),
                                            v: edgeTwin(vBelowLeft, vAboveLeft), tables: tables, into: bottom)
        }
    }

    /// An end output of the twins: the nearer chroma sample weighed 3:1 against the farther.
    @_transparent
    static func edgeTwin(_ near: Int, _ far: Int) -> Int { (3 &* near &+ far &+ 2) &>> 2 }

    /// The two outputs of each of the twins' row pair between a chroma sample and its left
    /// neighbour, above and below (libwebp's rounding: the mean of two diagonal averages).
    /// `@_transparent` because an unoptimised build inlines nothing else.
    @_transparent
    static func pairTwin(aboveLeft: Int, aboveHere: Int, belowLeft: Int, belowHere: Int)
        -> (topLeft: Int, topRight: Int, bottomLeft: Int, bottomRight: Int) {
        let sum = aboveLeft &+ aboveHere &+ belowLeft &+ belowHere &+ 8
        let antiDiagonal = (sum &+ 2 &* (aboveHere &+ belowLeft)) &>> 3, diagonal = (sum &+ 2 &* (aboveLeft &+ belowHere)) &>> 3
        return ((antiDiagonal &+ aboveLeft) &>> 1, (diagonal &+ aboveHere) &>> 1,
                (diagonal &+ belowLeft) &>> 1, (antiDiagonal &+ belowHere) &>> 1)
    }
}
