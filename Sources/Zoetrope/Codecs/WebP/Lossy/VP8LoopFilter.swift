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
        let sign = d &>> 63
        return (d ^ sign) &- sign
    }

    /// The simple filter's whole test: the step across the edge is small enough to be an artefact.
    @inline(__always)
    private static func edgeIsSmooth(_ p: UnsafeMutablePointer<UInt8>, _ across: Int, _ threshold: Int) -> Bool {
        let p1 = unsafe Int(p[-2 &* across]), p0 = unsafe Int(p[-across]), q0 = unsafe Int(p[0]), q1 = unsafe Int(p[across])
        return 4 &* distance(p0, q0) &+ distance(p1, q1) <= threshold
    }

    /// Adjusts p0 and q0 (the simple filter).
    @inline(__always)
    private static func adjustTwo(_ p: UnsafeMutablePointer<UInt8>, _ across: Int) {
        let p1 = unsafe Int(p[-2 &* across]), p0 = unsafe Int(p[-across]), q0 = unsafe Int(p[0]), q1 = unsafe Int(p[across])
        let a = 3 &* (q0 &- p0) &+ clampSigned(p1 &- q1, -128, 127)
        let forQ = clampSigned((a &+ 4) &>> 3, -16, 15)
        let forP = clampSigned((a &+ 3) &>> 3, -16, 15)
        unsafe p[-across] = clampToByte(p0 &+ forP)
        unsafe p[0] = clampToByte(q0 &- forQ)
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
    ///
    /// Written as one flat loop of integer steps, every clamp and distance spelled out: debug
    /// builds decode with this filter, and there every helper, `min`/`max` and smart shift is a
    /// function call (the filter was a third of a debug build's instructions on lossy files).
    static func normalEdge(_ edge: UnsafeMutablePointer<UInt8>, across: Int, along: Int, count: Int,
                           limit: Int, interiorLimit: Int, varianceThreshold: Int, isMacroblockEdge: Bool) {
        let threshold = 2 &* limit &+ 1, interior = interiorLimit, variance = varianceThreshold
        let back1 = 0 &- across, back2 = 0 &- 2 &* across, back3 = 0 &- 3 &* across, back4 = 0 &- 4 &* across
        let ahead2 = 2 &* across, ahead3 = 3 &* across
        var p = unsafe edge, position = 0
        while position < count { // no `defer` or `continue`: unoptimised, a `defer` is a call per position
            let p3 = unsafe Int(p[back4]), p2 = unsafe Int(p[back3]), p1 = unsafe Int(p[back2]), p0 = unsafe Int(p[back1])
            let q0 = unsafe Int(p[0]), q1 = unsafe Int(p[across]), q2 = unsafe Int(p[ahead2]), q3 = unsafe Int(p[ahead3])
            let step = (p0 > q0 ? p0 &- q0 : q0 &- p0) &* 4 &+ (p1 > q1 ? p1 &- q1 : q1 &- p1)
            let nearP = p1 > p0 ? p1 &- p0 : p0 &- p1, nearQ = q1 > q0 ? q1 &- q0 : q0 &- q1
            if step <= threshold, nearP <= interior, nearQ <= interior,
               (p3 > p2 ? p3 &- p2 : p2 &- p3) <= interior, (p2 > p1 ? p2 &- p1 : p1 &- p2) <= interior,
               (q3 > q2 ? q3 &- q2 : q2 &- q3) <= interior, (q2 > q1 ? q2 &- q1 : q1 &- q2) <= interior {
                let highVariance = nearP > variance || nearQ > variance
                var a = 3 &* (q0 &- p0)
                if highVariance || isMacroblockEdge {
                    let outer = p1 &- q1
                    a &+= outer < -128 ? -128 : (outer > 127 ? 127 : outer)
                }
                if highVariance || !isMacroblockEdge {
                    // Two samples (and p1, q1 by half of q0's step where the variance is low).
                    var forQ = (a &+ 4) &>> 3, forP = (a &+ 3) &>> 3
                    forQ = forQ < -16 ? -16 : (forQ > 15 ? 15 : forQ)
                    forP = forP < -16 ? -16 : (forP > 15 ? 15 : forP)
                    let newP0 = p0 &+ forP, newQ0 = q0 &- forQ
                    unsafe p[back1] = UInt8(truncatingIfNeeded: newP0 < 0 ? 0 : (newP0 > 255 ? 255 : newP0))
                    unsafe p[0] = UInt8(truncatingIfNeeded: newQ0 < 0 ? 0 : (newQ0 > 255 ? 255 : newQ0))
                    if !highVariance {
                        let outer = (forQ &+ 1) &>> 1, newP1 = p1 &+ outer, newQ1 = q1 &- outer
                        unsafe p[back2] = UInt8(truncatingIfNeeded: newP1 < 0 ? 0 : (newP1 > 255 ? 255 : newP1))
                        unsafe p[across] = UInt8(truncatingIfNeeded: newQ1 < 0 ? 0 : (newQ1 > 255 ? 255 : newQ1))
                    }
                } else {
                    // Six samples, weights 27, 18, 9 / 128.
                    a = a < -128 ? -128 : (a > 127 ? 127 : a)
                    let near = (27 &* a &+ 63) &>> 7, middle = (18 &* a &+ 63) &>> 7, far = (9 &* a &+ 63) &>> 7
                    let values = (p2 &+ far, p1 &+ middle, p0 &+ near, q0 &- near, q1 &- middle, q2 &- far)
                    unsafe p[back3] = UInt8(truncatingIfNeeded: values.0 < 0 ? 0 : (values.0 > 255 ? 255 : values.0))
                    unsafe p[back2] = UInt8(truncatingIfNeeded: values.1 < 0 ? 0 : (values.1 > 255 ? 255 : values.1))
                    unsafe p[back1] = UInt8(truncatingIfNeeded: values.2 < 0 ? 0 : (values.2 > 255 ? 255 : values.2))
                    unsafe p[0] = UInt8(truncatingIfNeeded: values.3 < 0 ? 0 : (values.3 > 255 ? 255 : values.3))
                    unsafe p[across] = UInt8(truncatingIfNeeded: values.4 < 0 ? 0 : (values.4 > 255 ? 255 : values.4))
                    unsafe p[ahead2] = UInt8(truncatingIfNeeded: values.5 < 0 ? 0 : (values.5 > 255 ? 255 : values.5))
                }
            }
            unsafe p += along
            position &+= 1
        }
    }
}
