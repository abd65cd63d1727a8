/// The VP8 in-loop deblocking filters (RFC 6386 section 15) with libwebp's exact arithmetic, one
/// position at a time: the plain statement of the filters, against which the tests check the
/// lane-parallel ``VP8VectorLoopFilter`` that decoding uses.
///
/// Each function filters `count` positions along one edge. `across` is the step that crosses the
/// edge (1 for a vertical edge, the row stride for a horizontal one) and `along` the step to the
/// next position on the edge; `edge` points at the first sample past the edge (q0), so p0 is at
/// `edge - across`. Thresholds are given as libwebp gives them: `limit` is the edge limit, compared
/// as `4·|p0−q0| + |p1−q1| ≤ 2·limit + 1`.
enum VP8LoopFilter {
    // The clamps and loops are written out (no `min`/`max`, no range iterator): debug builds decode
    // with these filters, and unoptimised those are generic calls per sample.
    @inline(__always) private static func clampSigned(_ v: Int, _ low: Int, _ high: Int) -> Int {
        v < low ? low : (v > high ? high : v)
    }

    @inline(__always) private static func clampToByte(_ v: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: v < 0 ? 0 : (v > 255 ? 255 : v))
    }

    /// |a − b| for samples (no overflow check needed: both are bytes).
    @inline(__always) private static func distance(_ a: Int, _ b: Int) -> Int {
        let d = a &- b
        let sign = d >> 63
        return (d ^ sign) &- sign
    }

    /// The simple filter's whole test: the step across the edge is small enough to be an artefact.
    @inline(__always)
    private static func edgeIsSmooth(_ p: UnsafeMutablePointer<UInt8>, _ across: Int, _ threshold: Int) -> Bool {
        let p1 = unsafe Int(p[-2 &* across]), p0 = unsafe Int(p[-across]), q0 = unsafe Int(p[0]), q1 = unsafe Int(p[across])
        return 4 &* distance(p0, q0) &+ distance(p1, q1) <= threshold
    }

    /// The normal filter's test: a smooth edge and smooth signal on both sides (interior limit).
    @inline(__always)
    private static func edgeAndSidesAreSmooth(_ p: UnsafeMutablePointer<UInt8>, _ across: Int,
                                              _ threshold: Int, _ interior: Int) -> Bool {
        if unsafe !edgeIsSmooth(p, across, threshold) { return false }
        let p3 = unsafe Int(p[-4 &* across]), p2 = unsafe Int(p[-3 &* across]), p1 = unsafe Int(p[-2 &* across]), p0 = unsafe Int(p[-across])
        let q0 = unsafe Int(p[0]), q1 = unsafe Int(p[across]), q2 = unsafe Int(p[2 &* across]), q3 = unsafe Int(p[3 &* across])
        return distance(p3, p2) <= interior && distance(p2, p1) <= interior && distance(p1, p0) <= interior
            && distance(q3, q2) <= interior && distance(q2, q1) <= interior && distance(q1, q0) <= interior
    }

    /// High edge variance: then only the two samples next to the edge are changed.
    @inline(__always)
    private static func hasHighVariance(_ p: UnsafeMutablePointer<UInt8>, _ across: Int, _ threshold: Int) -> Bool {
        let p1 = unsafe Int(p[-2 &* across]), p0 = unsafe Int(p[-across]), q0 = unsafe Int(p[0]), q1 = unsafe Int(p[across])
        return distance(p1, p0) > threshold || distance(q1, q0) > threshold
    }

    /// Adjusts p0 and q0 (the simple filter, and the normal filter on high-variance edges).
    @inline(__always)
    private static func adjustTwo(_ p: UnsafeMutablePointer<UInt8>, _ across: Int) {
        let p1 = unsafe Int(p[-2 &* across]), p0 = unsafe Int(p[-across]), q0 = unsafe Int(p[0]), q1 = unsafe Int(p[across])
        let a = 3 &* (q0 &- p0) &+ clampSigned(p1 &- q1, -128, 127)
        let forQ = clampSigned((a &+ 4) >> 3, -16, 15)
        let forP = clampSigned((a &+ 3) >> 3, -16, 15)
        unsafe p[-across] = clampToByte(p0 &+ forP)
        unsafe p[0] = clampToByte(q0 &- forQ)
    }

    /// Adjusts p1…q1 (normal filter, inner edges, low variance).
    @inline(__always)
    private static func adjustFour(_ p: UnsafeMutablePointer<UInt8>, _ across: Int) {
        let p1 = unsafe Int(p[-2 &* across]), p0 = unsafe Int(p[-across]), q0 = unsafe Int(p[0]), q1 = unsafe Int(p[across])
        let a = 3 &* (q0 &- p0)
        let forQ = clampSigned((a &+ 4) >> 3, -16, 15)
        let forP = clampSigned((a &+ 3) >> 3, -16, 15)
        let outer = (forQ &+ 1) >> 1
        unsafe p[-2 &* across] = clampToByte(p1 &+ outer)
        unsafe p[-across] = clampToByte(p0 &+ forP)
        unsafe p[0] = clampToByte(q0 &- forQ)
        unsafe p[across] = clampToByte(q1 &- outer)
    }

    /// Adjusts p2…q2 with weights 27, 18, 9 /128 (normal filter, macroblock edges, low variance).
    @inline(__always)
    private static func adjustSix(_ p: UnsafeMutablePointer<UInt8>, _ across: Int) {
        let p2 = unsafe Int(p[-3 &* across]), p1 = unsafe Int(p[-2 &* across]), p0 = unsafe Int(p[-across])
        let q0 = unsafe Int(p[0]), q1 = unsafe Int(p[across]), q2 = unsafe Int(p[2 &* across])
        let a = clampSigned(3 &* (q0 &- p0) &+ clampSigned(p1 &- q1, -128, 127), -128, 127)
        let near = (27 &* a &+ 63) >> 7
        let middle = (18 &* a &+ 63) >> 7
        let far = (9 &* a &+ 63) >> 7
        unsafe p[-3 &* across] = clampToByte(p2 &+ far)
        unsafe p[-2 &* across] = clampToByte(p1 &+ middle)
        unsafe p[-across] = clampToByte(p0 &+ near)
        unsafe p[0] = clampToByte(q0 &- near)
        unsafe p[across] = clampToByte(q1 &- middle)
        unsafe p[2 &* across] = clampToByte(q2 &- far)
    }

    /// The simple filter along one edge (luma only).
    static func simpleEdge(_ edge: UnsafeMutablePointer<UInt8>, across: Int, along: Int, count: Int, limit: Int) {
        let threshold = 2 &* limit &+ 1
        var p = unsafe edge, position = 0
        while position < count {
            if unsafe edgeIsSmooth(p, across, threshold) { unsafe adjustTwo(p, across) }
            unsafe p += along
            position &+= 1
        }
    }

    /// The normal filter along one edge: `isMacroblockEdge` selects the stronger six-sample filter.
    static func normalEdge(_ edge: UnsafeMutablePointer<UInt8>, across: Int, along: Int, count: Int,
                           limit: Int, interiorLimit: Int, varianceThreshold: Int, isMacroblockEdge: Bool) {
        let threshold = 2 &* limit &+ 1
        var p = unsafe edge, position = 0
        while position < count {
            if unsafe edgeAndSidesAreSmooth(p, across, threshold, interiorLimit) {
                if unsafe hasHighVariance(p, across, varianceThreshold) {
                    unsafe adjustTwo(p, across)
                } else if isMacroblockEdge {
                    unsafe adjustSix(p, across)
                } else {
                    unsafe adjustFour(p, across)
                }
            }
            unsafe p += along
            position &+= 1
        }
    }
}
