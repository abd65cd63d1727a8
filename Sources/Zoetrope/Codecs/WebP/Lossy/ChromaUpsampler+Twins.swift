// The plain twins that debug builds take for the fancy upsampler and the YUV → RGBA conversion:
// counted loops on running pointers with table lookups, no SIMD code and no range iterator. They
// share a file because an unoptimised build inlines a `@_transparent` function only into callers in
// the same file (each file is compiled on its own): the pixel functions inline into the row loops,
// and the row loops, transparent too, run without debugger variables (no `memset` of each local on
// entry, no copy of each in memory). The tests compare every twin with the kernels optimised builds run.
extension YUVToRGBA {
    /// The twins' tables, as pointers to where each starts: the luma term by Y (``twinTables``),
    /// green's summed chroma terms by `U << 8 | V`, the channel of a sum shifted right by 6 (from
    /// −320), red by `V << 8 | Y` and blue by `U << 8 | Y` (``twinTerms`` and ``twinRedBlue``).
    typealias TwinTables = (luma: UnsafePointer<Int32>, green: UnsafePointer<Int32>, channel: UnsafePointer<Int32>,
                            red: UnsafePointer<UInt8>, blue: UnsafePointer<UInt8>)

    /// The twin of ``convertRow(luma:u:v:into:count:)`` that debug builds take: the same
    /// fixed-point terms, looked up in tables rather than multiplied, in one counted loop,
    /// so that an unoptimised build makes no call and no branch per pixel (the tests compare the two
    /// on random rows).
    static func convertRowScalar(luma: UnsafePointer<UInt8>, u: UnsafePointer<UInt8>, v: UnsafePointer<UInt8>,
                                 into output: UnsafeMutablePointer<UInt8>, count: Int) {
        unsafe withTwinTables { tables in
            unsafe convertRowTwin(luma: luma, u: u, v: v, into: output, count: count, tables: tables)
        }
    }

    /// Runs `body` with the twins' tables.
    static func withTwinTables(_ body: (TwinTables) -> Void) {
        unsafe twinTerms.withUnsafeBufferPointer { terms in
            unsafe twinRedBlue.withUnsafeBufferPointer { redBlue in
                let (terms, redBlue) = (terms.baseAddress!, redBlue.baseAddress!)
                unsafe body((terms, terms + 2304, terms + 1600, redBlue, redBlue + 65536))
            }
        }
    }

    /// ``twinTables``, then green's U and V terms summed for every U and V, at 2,304 + `U << 8 | V`.
    static let twinTerms: [Int32] = {
        var terms = twinTables + [Int32](repeating: 0, count: 65536)
        unsafe terms.withUnsafeMutableBufferPointer { buffer in
            let table = buffer.baseAddress!
            var index = 0
            while index < 65536 {
                unsafe table[2304 &+ index] = table[512 &+ index &>> 8] &+ table[768 &+ index & 255]
                index &+= 1
            }
        }
        return terms
    }()

    /// Red of every V and Y at `V << 8 | Y`, then blue of every U and Y at 65,536 + `U << 8 | Y`:
    /// each in one lookup (sampled chroma changes slowly along a row, so a row touches few of
    /// these 256-byte stretches).
    static let twinRedBlue: [UInt8] = {
        var bytes = [UInt8](repeating: 0, count: 131_072)
        unsafe twinTables.withUnsafeBufferPointer { terms in
            unsafe bytes.withUnsafeMutableBufferPointer { buffer in
                let term = terms.baseAddress!, table = buffer.baseAddress!
                var index = 0
                while index < 65536 {
                    let luma = unsafe term[index & 255], chroma = index &>> 8
                    unsafe table[index] = UInt8(truncatingIfNeeded: term[1600 &+ Int((luma &+ term[256 &+ chroma]) &>> 6)])
                    unsafe table[65536 &+ index] = UInt8(truncatingIfNeeded: term[1600 &+ Int((luma &+ term[1024 &+ chroma]) &>> 6)])
                    index &+= 1
                }
            }
        }
        return bytes
    }()

    /// The loop of ``convertRowScalar(luma:u:v:into:count:)``.
    @_transparent
    private static func convertRowTwin(luma: UnsafePointer<UInt8>, u: UnsafePointer<UInt8>, v: UnsafePointer<UInt8>,
                                       into output: UnsafeMutablePointer<UInt8>, count: Int, tables: TwinTables) {
        var x = 0
        var pixel = unsafe output
        while x < count {
            unsafe storePixelTwin(luma: luma[x], u: Int(u[x]), v: Int(v[x]), alpha: 255, tables: tables, into: pixel)
            unsafe pixel += 4
            x &+= 1
        }
    }

    /// One pixel of the twins (this one and the fused upsampler's,
    /// ``ChromaUpsampler/convertRowPairScalar(luma:u:v:output:alpha:width:pairs:)``): red and blue
    /// looked up by chroma and luma together, green from the luma term and the summed chroma terms.
    /// `@_transparent` because that is the inlining an unoptimised build does: a call per pixel
    /// would cost more than the pixel.
    @_transparent
    static func storePixelTwin(luma: UInt8, u cb: Int, v cr: Int, alpha: UInt8, tables: TwinTables,
                               into pixel: UnsafeMutablePointer<UInt8>) {
        let y = Int(luma)
        unsafe pixel[0] = tables.red[cr &<< 8 | y]
        unsafe pixel[1] = UInt8(truncatingIfNeeded: tables.channel[Int((tables.luma[y] &+ tables.green[cb &<< 8 | cr]) &>> 6)])
        unsafe pixel[2] = tables.blue[cb &<< 8 | y]
        unsafe pixel[3] = alpha
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
    /// full-resolution chroma is never stored and reloaded. `luma`, `output` and `alpha` are the two
    /// rows (`width` pixels each; `alpha` is written into the pixels), `u` and `v` the chroma rows
    /// above and below. Only the outputs of `pairs` are written: output pair 0 is pixel 0, pair
    /// k is pixels 2k − 1 and 2k, and pair `width / 2` is the last pixel when `width` is even
    /// (``pixels(ofPairs:width:)``). The tests compare it with the two kernels.
    static func convertRowPairScalar(luma: (top: UnsafePointer<UInt8>, bottom: UnsafePointer<UInt8>),
                                     u: (above: UnsafePointer<UInt8>, below: UnsafePointer<UInt8>),
                                     v: (above: UnsafePointer<UInt8>, below: UnsafePointer<UInt8>),
                                     output: (top: UnsafeMutablePointer<UInt8>, bottom: UnsafeMutablePointer<UInt8>),
                                     alpha: (top: UnsafePointer<UInt8>, bottom: UnsafePointer<UInt8>),
                                     width: Int, pairs: Range<Int>) {
        unsafe YUVToRGBA.withTwinTables { tables in
            unsafe convertRowPairTwin(luma: luma, u: u, v: v, output: output, alpha: alpha, width: width,
                                      pairs: pairs, tables: tables)
        }
    }

    /// The output pixels that ``convertRowPairScalar(luma:u:v:output:alpha:width:pairs:)`` writes
    /// for `pairs`, and the pairs that cover `pixels`.
    static func pixels(ofPairs pairs: Range<Int>, width: Int) -> Range<Int> {
        max(2 * pairs.lowerBound - 1, 0) ..< min(2 * pairs.upperBound - 1, width)
    }

    /// The output pairs of ``convertRowPairScalar(luma:u:v:output:alpha:width:pairs:)`` that hold `pixels`.
    static func pairs(covering pixels: Range<Int>) -> Range<Int> {
        (pixels.lowerBound &+ 1) &>> 1 ..< (pixels.upperBound &>> 1) &+ 1
    }

    /// The loop of ``convertRowPairScalar(luma:u:v:output:alpha:width:pairs:)``, with the twins' tables.
    @_transparent
    private static func convertRowPairTwin(luma: (top: UnsafePointer<UInt8>, bottom: UnsafePointer<UInt8>),
                                           u: (above: UnsafePointer<UInt8>, below: UnsafePointer<UInt8>),
                                           v: (above: UnsafePointer<UInt8>, below: UnsafePointer<UInt8>),
                                           output: (top: UnsafeMutablePointer<UInt8>, bottom: UnsafeMutablePointer<UInt8>),
                                           alpha: (top: UnsafePointer<UInt8>, bottom: UnsafePointer<UInt8>),
                                           width: Int, pairs: Range<Int>, tables: YUVToRGBA.TwinTables) {
        let (aboveU, belowU, aboveV, belowV) = unsafe (u.above, u.below, v.above, v.below)
        let lastPair = (width &- 1) &>> 1, end = pairs.upperBound
        var pair = pairs.lowerBound
        if pair == 0 && end > 0 { // output 0 takes the first chroma sample alone
            let (uAbove, uBelow) = unsafe (Int(aboveU[0]), Int(belowU[0])), (vAbove, vBelow) = unsafe (Int(aboveV[0]), Int(belowV[0]))
            unsafe YUVToRGBA.storePixelTwin(luma: luma.top[0], u: edgeTwin(uAbove, uBelow), v: edgeTwin(vAbove, vBelow),
                                            alpha: alpha.top[0], tables: tables, into: output.top)
            unsafe YUVToRGBA.storePixelTwin(luma: luma.bottom[0], u: edgeTwin(uBelow, uAbove), v: edgeTwin(vBelow, vAbove),
                                            alpha: alpha.bottom[0], tables: tables, into: output.bottom)
            pair = 1
        }
        guard pair < end else { return }
        var uAboveLeft = unsafe Int(aboveU[pair &- 1]), uBelowLeft = unsafe Int(belowU[pair &- 1])
        var vAboveLeft = unsafe Int(aboveV[pair &- 1]), vBelowLeft = unsafe Int(belowV[pair &- 1])
        let first = 2 &* pair &- 1
        var lumaTop = unsafe luma.top + first, lumaBottom = unsafe luma.bottom + first
        var alphaTop = unsafe alpha.top + first, alphaBottom = unsafe alpha.bottom + first
        var top = unsafe output.top + 4 &* first, bottom = unsafe output.bottom + 4 &* first
        let middleEnd = end <= lastPair ? end : lastPair &+ 1
        while pair < middleEnd {
            let uAbove = unsafe Int(aboveU[pair]), uBelow = unsafe Int(belowU[pair])
            let vAbove = unsafe Int(aboveV[pair]), vBelow = unsafe Int(belowV[pair])
            let u = pairTwin(aboveLeft: uAboveLeft, aboveHere: uAbove, belowLeft: uBelowLeft, belowHere: uBelow)
            let v = pairTwin(aboveLeft: vAboveLeft, aboveHere: vAbove, belowLeft: vBelowLeft, belowHere: vBelow)
            unsafe YUVToRGBA.storePixelTwin(luma: lumaTop[0], u: u.topLeft, v: v.topLeft, alpha: alphaTop[0], tables: tables, into: top)
            unsafe YUVToRGBA.storePixelTwin(luma: lumaTop[1], u: u.topRight, v: v.topRight, alpha: alphaTop[1], tables: tables,
                                            into: top + 4)
            unsafe YUVToRGBA.storePixelTwin(luma: lumaBottom[0], u: u.bottomLeft, v: v.bottomLeft, alpha: alphaBottom[0],
                                            tables: tables, into: bottom)
            unsafe YUVToRGBA.storePixelTwin(luma: lumaBottom[1], u: u.bottomRight, v: v.bottomRight, alpha: alphaBottom[1],
                                            tables: tables, into: bottom + 4)
            (uAboveLeft, uBelowLeft, vAboveLeft, vBelowLeft) = (uAbove, uBelow, vAbove, vBelow)
            unsafe (lumaTop, lumaBottom, alphaTop, alphaBottom) = unsafe (lumaTop + 2, lumaBottom + 2, alphaTop + 2, alphaBottom + 2)
            unsafe (top, bottom) = unsafe (top + 8, bottom + 8)
            pair &+= 1
        }
        if pair < end { // pair `width / 2` of an even width: the last output takes the last chroma sample alone
            unsafe YUVToRGBA.storePixelTwin(luma: lumaTop[0], u: edgeTwin(uAboveLeft, uBelowLeft), v: edgeTwin(vAboveLeft, vBelowLeft),
                                            alpha: alphaTop[0], tables: tables, into: top)
            unsafe YUVToRGBA.storePixelTwin(luma: lumaBottom[0], u: edgeTwin(uBelowLeft, uAboveLeft),
                                            v: edgeTwin(vBelowLeft, vAboveLeft), alpha: alphaBottom[0], tables: tables, into: bottom)
        }
    }

    /// An end output of the twins: the nearer chroma sample weighed 3:1 against the farther.
    @_transparent
    static func edgeTwin(_ near: Int, _ far: Int) -> Int { (near &<< 1 &+ near &+ far &+ 2) &>> 2 }

    /// The two outputs of each of the twins' row pair between a chroma sample and its left
    /// neighbour, above and below (libwebp's rounding: the mean of two diagonal averages).
    /// `@_transparent` because an unoptimised build inlines nothing else.
    @_transparent
    static func pairTwin(aboveLeft: Int, aboveHere: Int, belowLeft: Int, belowHere: Int)
        -> (topLeft: Int, topRight: Int, bottomLeft: Int, bottomRight: Int) {
        let sum = aboveLeft &+ aboveHere &+ belowLeft &+ belowHere &+ 8
        // (Shifts rather than products: unoptimised, a constant factor is stored and reloaded.)
        let antiDiagonal = (sum &+ (aboveHere &+ belowLeft) &<< 1) &>> 3, diagonal = (sum &+ (aboveLeft &+ belowHere) &<< 1) &>> 3
        return ((antiDiagonal &+ aboveLeft) &>> 1, (diagonal &+ aboveHere) &>> 1,
                (diagonal &+ belowLeft) &>> 1, (antiDiagonal &+ belowHere) &>> 1)
    }
}
